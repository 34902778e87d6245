"""Importing PyTorch / TransformerLens and tracr models: the imported network's softmax run (arb balls)
gives the library's own outputs, soft against hard is decided, certificates are re-checked.  Each test
is skipped with one line when its library is not installed."""
from fractions import Fraction

import numpy as np
import pytest

from quarks.api import soft_hard_certificate
from quarks.base.errors import UsageError
from quarks.certify import soft_hard as K
from quarks.transformers import soft_hard


def _labels(w, word):
    net = K.parse(w)
    res = K.run(net, word, Fraction(w["tau"]))
    return [K.label(net, r) for r in res["hard"]], [K.soft_label(net, r) for r in res["soft"]]


def _certify(w, n, tmp_path, name):
    from quarks.certificates import certificate
    from quarks.checking import binding

    cert = soft_hard_certificate(w, n)
    path = certificate.write(cert, tmp_path / f"{name}.json")
    r = binding.check_file(path)
    assert r.ok and r.bound, r.message
    import json
    d = json.loads(path.read_text())
    d["evidence"][0]["result"]["cases"] += 1
    (tmp_path / f"{name}-t.json").write_text(json.dumps(d))
    assert not binding.check_file(tmp_path / f"{name}-t.json").ok
    return cert


def hooked_state_dict(seed=0, d=4, dh=2, H=2, dm=4, V=3, C=6):
    """A state_dict in TransformerLens 2-3 (HookedTransformer) names, random, as torch tensors."""
    torch = pytest.importorskip("torch", reason="not checked (torch not installed)")
    g = torch.Generator().manual_seed(seed)
    r = lambda *s: torch.randn(*s, generator=g)
    sd = {"embed.W_E": r(V, d), "pos_embed.W_pos": r(C, d), "unembed.W_U": r(d, V), "unembed.b_U": torch.zeros(V)}
    for li in range(2):
        p = f"blocks.{li}."
        for k in "QKV":
            sd[p + f"attn.W_{k}"], sd[p + f"attn.b_{k}"] = r(H, d, dh), torch.zeros(H, dh)
        sd[p + "attn.W_O"], sd[p + "attn.b_O"] = r(H, dh, d), torch.zeros(d)
        sd[p + "mlp.W_in"], sd[p + "mlp.b_in"], sd[p + "mlp.W_out"], sd[p + "mlp.b_out"] = r(d, dm), r(dm), r(dm, d), r(d)
    cfg = dict(n_layers=2, d_model=d, d_head=dh, n_heads=H, d_mlp=dm, d_vocab=V, n_ctx=C, act_fn="relu",
               normalization_type=None, attention_dir="causal", use_attn_scale=True, attn_scale=4.0)
    return sd, cfg


def test_state_dict_import_check_certificate(tmp_path):
    from quarks.transformers import from_torch

    sd, cfg = hooked_state_dict()
    w = from_torch.from_state_dict(sd, cfg, alphabet=["1", "2"], bos="0")
    assert w["tau"] == 4 and len(w["layers"]) == 2
    r = soft_hard.check(w, 3)
    assert r["own"]["cases"] == 14 and r["theorem26"]["applies"]     # random scores: every head tieless
    assert r["theorem26"]["result"]["counts"] == {"agree": 14, "disagree": 0, "undecided": 0}
    _certify(w, 3, tmp_path, "sd")


@pytest.mark.parametrize("change, said", [
    ({"normalization_type": "LN"}, "normalization LN"),
    ({"positional_embedding_type": "rotary"}, "rotary positional embeddings"),
    ({"act_fn": "gelu"}, "activation gelu"),
    ({"n_key_value_heads": 1}, "grouped-query attention"),
])
def test_unsupported_is_one_line(change, said):
    from quarks.transformers import from_torch

    sd, cfg = hooked_state_dict()
    with pytest.raises(UsageError, match=said) as exc:
        from_torch.from_state_dict(sd, {**cfg, **change})
    assert "\n" not in str(exc.value) and "not supported" in str(exc.value)


@pytest.mark.heavy   # importing transformer_lens takes 20-40 s: CI runs it (pytest -m heavy)
def test_transformer_lens_bridge_import_matches_its_forward(tmp_path):
    """TransformerLens 4's TransformerBridge (a native model, no download): our arb softmax run gives the
    argmax of the bridge's own forward pass at every position; then check and certificate."""
    torch = pytest.importorskip("torch", reason="not checked (torch not installed)")
    tl = pytest.importorskip("transformer_lens.model_bridge", reason="not checked (transformer-lens not installed)")
    from quarks.transformers import from_torch

    b = tl.TransformerBridge.boot_native({"n_layers": 1, "d_model": 4, "d_head": 2, "n_heads": 2, "d_mlp": 4, "d_vocab": 3,
                                          "n_ctx": 6, "act_fn": "relu", "normalization_type": None,
                                          "attention_dir": "causal", "seed": 0})
    w = from_torch.from_hooked(b, bos="0")
    for word in (["1", "2", "1"], ["2", "2", "1", "1"]):
        _, soft = _labels(w, word)
        ours = [int(s) for s in soft]
        theirs = b(torch.tensor([[0] + [int(a) for a in word]]))[0].argmax(-1).tolist()
        assert ours == theirs
    r = soft_hard.check(w, 3)
    assert r["own"]["counts"]["disagree"] > 0 and r["theorem26"]["applies"]
    _certify(w, 3, tmp_path, "tl")


def test_tracr_model_import_check_certificate(tmp_path):
    """One tiny tracr model (make_length, max_seq_len 3): its own outputs equal our soft run's; hard and
    soft agree with the RASP program on every input; check-cert re-checks the certificate."""
    pytest.importorskip("tracr", reason="not checked (tracr not installed)")
    from quarks.transformers import from_tracr

    model, prog, vocab, distinct = from_tracr.compile_program("length", 3)
    w = from_tracr.from_assembled(model, output=prog.label)
    assert w["bos"] == "BOS" and Fraction(w["tau"]) == Fraction(float(np.float32(np.sqrt(model.model_config.key_size))))
    for word in (["a"], ["a", "b", "c"]):
        hard, soft = _labels(w, word)
        assert soft[1:] == hard[1:] == [str(v) for v in model.apply(["BOS"] + word).decoded[1:]]
    r = soft_hard.check(w, 3, program=from_tracr.evaluator(prog, vocab, distinct))
    assert r["own"]["counts"] == {"agree": 39, "disagree": 0, "undecided": 0}
    assert r["program"]["hard_differs"] is None and r["program"]["soft_differs"] is None
    assert [g["kinds"] for g in r["gaps"]] == [["tieless"]] and r["gaps"][0]["gap"] == "100"
    thm = r["theorem26"]   # every head tieless on these inputs: Theorem 26 applies, and its temperature is certified
    assert thm["applies"] and thm["gamma"] == "100" and thm["result"]["counts"]["agree"] == 39
    _certify(w, 3, tmp_path, "tracr")
