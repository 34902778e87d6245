"""The TransformerLens export: the networks that fit (one mask for every head, one length) reproduce the
proved semantics on every word of the length; the others say why they do not fit."""
import pytest

torch = pytest.importorskip("torch", reason="torch not installed (pip install torch==2.13.0 'quarks[torch]')")
pytest.importorskip("transformer_lens", reason="transformer_lens not installed (pip install 'quarks[transformer-lens]')")

from quarks.transformers.export import check_lens  # noqa: E402
from quarks.transformers.source import compile_source  # noqa: E402
from quarks.transformers.to_lens import DoesNotFit, fits, to_lens  # noqa: E402

pytestmark = pytest.mark.heavy   # importing transformer_lens alone takes about 8 s of CPU: CI runs these (-m heavy)

FIT = [   # (source, the lengths checked)
    ({"formula": "(Y a) & (b S a)", "alphabet": "ab", "variant": "causal"}, (1, 3, 5)),
    ({"formula": "Y (a S (b S Y a))", "alphabet": "ab", "variant": "causal-temperature"}, (2, 5)),
    ({"formula": "!b S a", "alphabet": "ab", "variant": "temperature"}, (4,)),   # one future-masked head
    ({"formula": "#left[a] > #left[b]", "alphabet": "ab", "variant": "causal-temperature"}, (1, 4, 5)),
    ({"program": "flipflop", "max_len": 4}, (1, 4)),
    ({"program": "induction", "max_len": 4}, (4,)),
    ({"program": "induction2", "max_len": 4}, (4,)),
    ({"program": "dyck1", "n": 5}, (5,)),
    ({"program": "dyck2", "n": 3}, (3,)),
]
NO_FIT = [
    ({"formula": "X a", "alphabet": "ab", "variant": "temperature"}, "past-masked"),
    ({"formula": "a U b", "alphabet": "ab", "variant": "unbounded"}, "past-masked"),
    ({"formula": "ODD(#right[a])", "alphabet": "ab", "variant": "temperature"}, "past-masked"),
    ({"formula": "Y a", "alphabet": "ab", "variant": "temperature"}, None),   # the first position: future-masked only
]


@pytest.fixture(autouse=True, scope="module")
def one_thread():
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.mark.parametrize("source, lengths", FIT, ids=[str(s[0]) for s in FIT])
def test_lens_export_reproduces_the_proved_semantics(source, lengths):
    compiled = compile_source(source)
    assert fits(compiled) is None
    for n in lengths:
        model = to_lens(compiled, n)
        assert model.cfg.dtype == torch.float64 and model.cfg.n_ctx == n
        res = check_lens(model, compiled, n)
        assert res["agrees"], res["first_disagreement"]
        assert res["cases"] == len(compiled.model.alphabet) ** n


@pytest.mark.parametrize("source, why", NO_FIT, ids=[str(s[0]) for s in NO_FIT])
def test_what_does_not_fit_says_why(source, why):
    compiled = compile_source(source)
    if why is None:
        assert fits(compiled) is None
        return
    assert why in fits(compiled)
    with pytest.raises(DoesNotFit, match="does not fit TransformerLens"):
        to_lens(compiled, 3)


def test_mixed_masks_do_not_fit():
    """The non-causal counting networks have a past-masked head (the last position) beside future-masked and
    unmasked ones; a network with future-masked and unmasked heads alone does not fit either."""
    counting = compile_source({"formula": "#left[a] > #left[b]", "alphabet": "ab", "variant": "temperature"})
    assert {h.mask for layer in counting.model.layers for h in layer.heads} == {"future", "past", "none"}
    assert "past-masked" in fits(counting)
    mixed = compile_source({"program": "induction", "max_len": 3})
    mixed.model.layers[1].heads[0].mask = "none"
    assert "mix the future mask and no mask" in fits(mixed)
    with pytest.raises(DoesNotFit):
        to_lens(mixed, 3)


def test_a_temperature_too_high_disagrees():
    compiled = compile_source({"program": "flipflop", "max_len": 4})
    compiled.temperatures = {n: 1000 * t for n, t in compiled.temperatures.items()}
    assert not check_lens(to_lens(compiled, 4), compiled, 4)["agrees"]
