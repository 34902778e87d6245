"""Seed 004 on other people's transformers: a network given by its weights, softmax against hard attention.

An instance names a network by the sha256 of its ``quarks-weights/1`` object (quarks.transformers.weights),
the inputs (every word of length 1..max_len, or a seeded sample), the temperature (the network's own, or
a stated one such as Theorem 26's) and eps (numeric readouts).  The certificate carries the weights in
its ``soft-hard`` record; check-cert re-derives the verdict from them (the claim's obligation: their
sha256 must be the instance's) and the kernel re-runs every input (quarks.certify.soft_hard).
"""
from __future__ import annotations

from fractions import Fraction

from quarks.claims.claim import Claim, Source, Verdict

KEYS = {"model", "max_len", "sample", "eps", "tau"}
MAX_LEN = 64


def _instance(w: dict, max_len: int, sample=None, eps: str = "1/10", tau: str = "own") -> dict:
    from quarks.transformers.weights import weights_sha256

    return {"model": weights_sha256(w), "max_len": max_len, "sample": sample, "eps": eps, "tau": tau}


def _examples() -> dict:
    from quarks.transformers import example
    from quarks.transformers.weights import canonical, weights_sha256

    out = {}
    for c in (8, 1):
        w = canonical(example.seen_a(c))
        out[weights_sha256(w)] = w
    return out


def verdict_for(w: dict, inst: dict) -> Verdict:
    """The verdict on one network and instance: a ``soft-hard`` record re-run by the kernel."""
    from quarks.certify.soft_hard import evaluate
    from quarks.transformers.soft_hard import inputs_text, verdict_line

    tau = w.get("tau", 1) if inst["tau"] == "own" else inst["tau"]
    result = evaluate(w, inst["max_len"], inst["sample"], tau, inst["eps"])
    c = result["counts"]
    holds = c["disagree"] == 0 and c["undecided"] == 0
    record = {"kind": "soft-hard", "weights": w, "max_len": inst["max_len"], "sample": inst["sample"], "tau": tau,
              "eps": inst["eps"], "result": result, "holds": holds}
    what = f"{inputs_text(w['alphabet'], inst['max_len'], inst['sample'])}, tau = {tau}: {verdict_line(result)}"
    heads = [h["kind"] + ("" if h["gap"] is None else f" (gap {h['gap']})") for h in result["heads"]]
    if holds:
        return Verdict.verified(what, [record], heads=heads)
    if c["disagree"]:
        return Verdict.refuted(what, result["first_disagreement"], [record], heads=heads)
    return Verdict.inconclusive(what, [record], heads=heads)


def check_imported(inst: dict) -> Verdict:
    from quarks.transformers.soft_hard import known

    w = known(inst["model"]) or _examples().get(inst["model"])
    if w is None:
        return Verdict.inconclusive(f"network {inst['model'][:16]} is not loaded in this process (its certificate carries it)")
    return verdict_for(w, inst)


def obligation(inst: dict, cert: dict) -> Verdict:
    """The verdict from the weights the certificate carries, once their sha256 is the instance's."""
    from quarks.transformers.weights import canonical, weights_sha256

    recs = cert.get("evidence") or []
    if len(recs) != 1 or not isinstance(recs[0], dict) or recs[0].get("kind") != "soft-hard":
        raise ValueError("a soft-hard certificate has one soft-hard record")
    try:
        w = canonical(recs[0].get("weights"))
    except ValueError as exc:
        raise ValueError(str(exc)) from None
    if weights_sha256(w) != inst["model"]:
        raise ValueError("the weights in the certificate are not the network its instance names (sha256)")
    return verdict_for(w, inst)


def in_domain(inst: dict) -> bool:
    if set(inst) != KEYS or not isinstance(inst["model"], str) or len(inst["model"]) != 64:
        return False
    n = inst["max_len"]
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_LEN:
        return False
    s = inst["sample"]
    if s is not None and not (isinstance(s, dict) and set(s) == {"count", "seed"}
                              and all(isinstance(v, int) and not isinstance(v, bool) for v in s.values())):
        return False
    eps = Fraction(inst["eps"]) if isinstance(inst["eps"], str) else None
    tau = inst["tau"]
    return eps is not None and eps > 0 and isinstance(tau, str) and (tau == "own" or Fraction(tau) > 0)


def _quick(tier: str) -> list:
    from quarks.transformers import example
    from quarks.transformers.weights import canonical

    return [_instance(canonical(example.seen_a(8)), 4 if tier == "quick" else 8)]


soft_hard_weights = Claim(
    id="yang.soft-hard-weights", source=Source("004", "Theorem 26"), recheck="check",
    statement="A transformer given by its weights (quarks-weights/1: embeddings, attention heads with query, "
              "key, value and output matrices under a mask, ReLU MLPs, a linear readout; imported from tracr, "
              "PyTorch or TransformerLens), run with softmax attention at the stated temperature, gives at every "
              "position (after BOS) of every tested input the readout of its average-hard version: the same "
              "argmax label, or a numeric value within eps.  Decided exactly: the hard model in rationals, the "
              "softmax model in arb balls; an input is undecided when the balls cannot tell.",
    latex=r"\forall w,\ |w|\le N:\ \mathrm{read}(\mathrm{soft}_\tau(w)) = \mathrm{read}(\mathrm{hard}(w))",
    kind="finite", instances=_quick, check=check_imported, size="max_len", obligation=obligation,
    domain=in_domain, note="the instance names the network by sha256; the certificate carries it")
