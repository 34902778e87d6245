"""The torch export of every kind of compiled network reproduces the proved semantics (quarks' own
evaluators: the formula's truth values, the programs' references) on every word up to a length."""
import pytest

torch = pytest.importorskip("torch", reason="torch not installed (pip install torch==2.13.0 'quarks[torch]')")

from quarks.certify import weights  # noqa: E402
from quarks.transformers import to_torch  # noqa: E402
from quarks.transformers.export import check_module  # noqa: E402
from quarks.transformers.source import compile_source  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def one_thread():
    """Tiny tensors: one intra-op thread (on a busy machine, two threads spend seconds waiting for each other)."""
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


N = 5   # every word of length 1..N over two letters (programs over three letters: 4)

SOURCES = [   # (source, max length checked, network)
    ({"formula": "(Y a) & (b S a)", "alphabet": "ab", "variant": "causal"}, N, "compile"),              # LTL past, tau = 1
    ({"formula": "Y (a S (b S Y a))", "alphabet": "ab", "variant": "causal-temperature"}, N, "compile"),
    ({"formula": "(a U (b & Y a)) | X b", "alphabet": "ab", "variant": "temperature"}, N, "compile"),  # LTL future
    ({"formula": "(a U b) & X !a", "alphabet": "ab", "variant": "unbounded"}, N, "compile"),
    ({"formula": "ODD(#left[a])", "alphabet": "ab", "variant": "temperature"}, N, "bcompile"),          # counting
    ({"formula": "#left[a] > #left[b]", "alphabet": "ab", "variant": "causal-temperature"}, N, "bcompile"),
    ({"formula": "#left[a] = #right[b] + 1", "alphabet": "ab", "variant": "temperature"}, N, "mcompile"),
    ({"formula": "(a S b) & ODD(#left[b])", "alphabet": "ab", "variant": "unbounded"}, N, "bcompile_b"),
    ({"program": "flipflop", "max_len": 4}, 4, "programs.flipflop"),                                    # S-RASP
    ({"program": "induction", "max_len": 4}, 4, "programs.induction"),
    ({"program": "induction2", "max_len": 4}, 4, "programs.induction2"),
    ({"program": "dyck1", "n": 5}, 5, "programs.dyck1"),                                                # Dyck
    ({"program": "dyck2", "n": 3}, 3, "programs.dyck2"),
]


@pytest.mark.parametrize("source, max_len, network", SOURCES, ids=[str(s[0]) for s in SOURCES])
def test_export_reproduces_the_proved_semantics(source, max_len, network):
    compiled = compile_source(source)
    assert compiled.network == network
    module = to_torch.to_torch(compiled)
    res = check_module(module, compiled, max_len)
    assert res["agrees"], res["first_disagreement"]
    lengths = range(1, max_len + 1) if compiled.lengths is None else compiled.lengths
    assert res["cases"] == sum(len(compiled.model.alphabet) ** n for n in lengths)
    # the state_dict is the certificate's layout: same tensors, same sha256
    assert to_torch.sha256(module) == weights.sha256(weights.tensors(compiled.model.to_dict())) == module.config["sha256"]
    assert all(v.dtype == torch.float64 for v in module.state_dict().values())


def test_every_dyck_length():
    for n in range(1, 6):
        compiled = compile_source({"program": "dyck1", "n": n})
        assert check_module(to_torch.to_torch(compiled), compiled, n)["agrees"]


def test_a_temperature_too_high_disagrees():
    """The check can fail: the flip-flop at 1000 times its certified temperature is wrong on some word."""
    compiled = compile_source({"program": "flipflop", "max_len": 4})
    module = to_torch.to_torch(compiled)
    module.config["temperatures"] = {n: str(1000 * compiled.temperatures[int(n)]) for n in module.config["temperatures"]}
    res = check_module(module, compiled, 4)
    assert not res["agrees"] and res["first_disagreement"]["word"]


def test_output_before_rounding_is_within_a_quarter():
    compiled = compile_source({"program": "induction", "max_len": 4})
    module = to_torch.to_torch(compiled)
    words = ["abca", "aabb", "cbab"]
    y = module.output(module.encode(words))
    ref = torch.tensor([compiled.reference(w) for w in words], dtype=torch.float64)
    assert (y - ref).abs().max() < 0.25
    assert torch.equal(module(module.encode(words)), ref)


def test_save_and_load(tmp_path):
    compiled = compile_source({"formula": "!b S a", "alphabet": "ab", "variant": "temperature"})
    module = to_torch.to_torch(compiled)
    path = to_torch.save(module, tmp_path / "m.pt")
    again = to_torch.load(path)
    assert to_torch.sha256(again) == to_torch.sha256(module)
    toks = module.encode(["abba", "baab"])
    assert torch.equal(again(toks), module(toks))


def test_lengths_outside_the_export_are_refused():
    module = to_torch.export({"program": "dyck1", "n": 4})
    with pytest.raises(ValueError, match="certified for lengths 4"):
        module(module.encode(["()"]))
    with pytest.raises(ValueError, match="not in the alphabet"):
        module.encode(["(x)("])
