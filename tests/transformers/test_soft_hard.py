"""Imported transformers: the weight format, soft against hard decided exactly, certificates re-checked."""
import json
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

from quarks.api import soft_hard_certificate
from quarks.certify import soft_hard as K
from quarks.transformers import example, soft_hard
from quarks.transformers import weights as W


def test_format_round_trips_exactly(tmp_path):
    w = W.canonical(example.seen_a(1))
    W.save(w, tmp_path / "m.json")
    W.save(w, tmp_path / "m.npz")
    assert W.load(tmp_path / "m.json") == w == W.load(tmp_path / "m.npz")
    floats = dict(example.seen_a(1), embed=np.eye(3)[[0, 1, 2]] * [1.0, 1.0, 0.0], tau=0.1)
    assert W.canonical(floats)["tau"] == "3602879701896397/36028797018963968"   # the double 0.1, exactly


@pytest.mark.parametrize("change, message", [
    (lambda w: w.update(format="x"), "format"),
    (lambda w: w.update(alphabet=["z"]), "alphabet"),
    (lambda w: w["layers"][0]["attn"].update(mask="sideways"), "mask"),
    (lambda w: w["layers"][0]["attn"]["heads"][0].update(W_K=[[1]]), "W_K"),
    (lambda w: w["readout"].update(labels=["only one"]), "labels"),
])
def test_malformed_weights_are_one_line(change, message):
    w = example.seen_a(8)
    change(w)
    with pytest.raises(ValueError, match=message):
        W.canonical(w)


def test_seen_a_hard_and_soft():
    """c = 8: softmax at temperature 1 agrees on every word up to length 5; c = 1 does not, first on
    'a b b' (the one a gets weight e/(e + e^(1/2) + 2) < 1/2 at position 3)."""
    good = K.evaluate(W.canonical(example.seen_a(8)), 5, None, 1, "1/10")
    assert good["cases"] == 62 and good["counts"] == {"agree": 62, "disagree": 0, "undecided": 0}
    assert good["heads"] == [{"gap": "4", "kind": "tied", "tie": "aa"}]   # BOS at 4, a at 8: tied a's
    bad = K.evaluate(W.canonical(example.seen_a(1)), 5, None, 1, "1/10")
    f = bad["first_disagreement"]
    assert f["word"] == ["a", "b", "b"] and f["position"] == 3 and f["hard"] == "yes"
    assert f["where"] == {"layer": 0, "kind": "attn", "position": 1, "coord": 2, "head": 0}
    assert bad["counts"] == {"agree": 37, "disagree": 25, "undecided": 0}
    e = np.e
    assert e / (e + e ** 0.5 + 2) < 0.5 < e / (e + e ** 0.5 + 1)   # 'a b b' fails, 'a b' holds


def test_engine_translation_has_the_same_hard_semantics():
    """The network translated into quarks.attention (to_model) gives the kernel's exact hard readout."""
    from quarks.attention.run import hard_exact

    w = W.canonical(example.seen_a(1))
    model = W.to_model(w)
    net = K.parse(w)
    for word in K.inputs(w["alphabet"], 4, None):
        x = hard_exact(model, ["BOS"] + word)
        res = K.run(net, word, Fraction(1))
        for i in range(len(word) + 1):
            assert [x["y:0"][i], x["y:1"][i]] == [Fraction(int(v.p), int(v.q)) for v in res["hard"][i]]


def test_seeded_sample_is_stated_and_reproducible():
    a = K.inputs(["a", "b"], 6, {"count": 3, "seed": 7})
    assert a == K.inputs(["a", "b"], 6, {"count": 3, "seed": 7}) and len(a) == 18
    assert soft_hard.inputs_text(["a", "b"], 6, {"count": 3, "seed": 7}) == "3 random words of each length 1..6 (seed 7)"


def test_certificate_rechecked_and_tampering_rejected(tmp_path):
    from quarks.certificates import certificate
    from quarks.checking import binding

    for c, verdict in ((8, "verified"), (1, "refuted")):
        cert = soft_hard_certificate(example.seen_a(c), 4)
        assert cert["verdict"] == verdict
        path = certificate.write(cert, tmp_path / f"c{c}.json")
        r = binding.check_file(path)
        assert r.ok and r.bound and r.trust == "witness", r.message
    d = json.loads((tmp_path / "c1.json").read_text())
    d["evidence"][0]["result"]["counts"]["agree"] += 1
    (tmp_path / "t1.json").write_text(json.dumps(d))
    assert not binding.check_file(tmp_path / "t1.json").ok
    r = binding.check_file(tmp_path / "t1.json", evidence_only=True)   # the kernel alone rejects it too
    assert not r.ok and "re-run" in r.message
    d = json.loads((tmp_path / "c8.json").read_text())
    d["evidence"][0]["weights"]["layers"][0]["attn"]["heads"][0]["W_K"][1][0] = 1   # c = 1, same instance
    (tmp_path / "t8.json").write_text(json.dumps(d))
    r = binding.check_file(tmp_path / "t8.json")
    assert not r.ok and "sha256" in r.message
    d["verdict"], d["counterexample"] = "verified", None
    d["instance"]["model"] = W.weights_sha256(W.canonical(d["evidence"][0]["weights"]))
    (tmp_path / "t9.json").write_text(json.dumps(d))
    assert not binding.check_file(tmp_path / "t9.json").ok


def test_theorem26_on_a_tieless_network():
    """A random two-layer network (seeded; every head tieless on every input): Theorem 26's temperature
    is computed and every input is certified to agree there."""
    w = random_network(seed=0)
    r = soft_hard.check(w, 3)
    thm = r["theorem26"]
    assert thm["applies"] and thm["m"] >= 1 and Fraction(thm["tau"]) == Fraction(thm["gamma"]) / (2 * thm["m"])
    assert thm["result"]["counts"] == {"agree": 14, "disagree": 0, "undecided": 0}
    assert all(k == "tieless" for g in r["gaps"] for k in g["kinds"])


def random_network(seed: int, d: int = 4, dh: int = 2, H: int = 2, dm: int = 4, V: int = 3, C: int = 6) -> dict:
    rng = np.random.default_rng(seed)
    layers = []
    for _ in range(2):
        heads = [{"W_Q": rng.normal(size=(d, dh)), "W_K": rng.normal(size=(d, dh)), "W_V": rng.normal(size=(d, dh)),
                  "W_O": rng.normal(size=(dh, d))} for _ in range(H)]
        layers.append({"attn": {"mask": "future", "heads": heads},
                       "mlp": {"W_in": rng.normal(size=(d, dm)), "b_in": np.zeros(dm), "W_out": rng.normal(size=(dm, d)),
                               "b_out": np.zeros(d)}})
    return W.canonical({"format": W.FORMAT, "tokens": ["0", "1", "2"], "alphabet": ["1", "2"], "bos": "0",
                        "embed": rng.normal(size=(V, d)), "pos": rng.normal(size=(C, d)), "tau": 1, "layers": layers,
                        "readout": {"kind": "argmax", "W_U": rng.normal(size=(d, V)), "labels": ["0", "1", "2"]}})


def test_cli_verb(tmp_path):
    W.save(W.canonical(example.seen_a(1)), tmp_path / "m.json")
    run = [sys.executable, "-m", "quarks", "soft-hard", str(tmp_path / "m.json"), "--max-len", "3"]
    r = subprocess.run(run + ["--out", str(tmp_path / "c.json")], capture_output=True, text=True, timeout=300)
    assert r.returncode == 1 and "shortest 'a b b' at position 3" in r.stdout, r.stderr
    r = subprocess.run([sys.executable, "-m", "quarks", "check-cert", str(tmp_path / "c.json")], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0 and "OK" in r.stdout
    r = subprocess.run(run[:4] + [str(tmp_path / "missing.json"), "--max-len", "3"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    r = subprocess.run(run[:3] + ["tracr:make_nothing:4", "--max-len", "3"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_notebook_patterns_and_figure(tmp_path):
    """Hard weights exact (the one 'a' takes all at positions 2..3), soft the balls' centres; the figure draws."""
    from quarks.notebook import attention

    (layer, head, hard, soft), = attention.patterns(example.seen_a(1), ["a", "b", "b"])
    assert (layer, head) == (0, 0) and hard[3] == [0.0, 1.0, 0.0, 0.0] and hard[0] == [1.0, 0.0, 0.0, 0.0]
    e = np.e
    assert abs(soft[3][1] - e / (e + e ** 0.5 + 2)) < 1e-12
    pytest.importorskip("matplotlib")
    attention.attention_figure(example.seen_a(1), ["a", "b", "b"], path=tmp_path / "att.png")
    assert (tmp_path / "att.png").stat().st_size > 1000
    from quarks import api

    html = attention.soft_hard_html(api.soft_hard(example.seen_a(1), 3))
    assert "Theorem 26" in html and "not uniform-tieless" in html


def test_verb_json_is_the_api(tmp_path, capsys):
    """quarks soft-hard --json prints what quarks.soft_hard returns (timings aside), its --out certificate too."""
    import quarks
    from quarks.cli import main

    W.save(W.canonical(example.seen_a(1)), tmp_path / "m.json")
    capsys.readouterr()
    assert main(["soft-hard", str(tmp_path / "m.json"), "--max-len", "3", "--json", "--out", str(tmp_path / "c.json")]) == 1
    got = json.loads(capsys.readouterr().out)
    want = quarks.soft_hard(str(tmp_path / "m.json"), 3, out=tmp_path / "d.json")
    for r in (got, want):
        r.pop("seconds"), r.pop("certificates")
    assert got == want
    strip = lambda c: {k: v for k, v in c.items() if k not in ("created", "elapsed")}
    assert strip(json.loads((tmp_path / "c.json").read_text())) == strip(json.loads((tmp_path / "d.json").read_text()))
