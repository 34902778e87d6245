"""Soft against hard attention for an imported transformer: every input up to a length, decided exactly.

For a network in the ``quarks-weights/1`` format (:mod:`.weights`) and every input of length 1..N (all
words, or a stated seeded sample), :func:`check` decides, per input, whether the softmax model at its own
temperature gives the same readout as its average-hard version, with the kernel's arithmetic
(:mod:`quarks.certify.soft_hard`: exact Fractions for the hard model, outward-rounded dyadic intervals for
the soft one), so every "agree" and "disagree" is a proof and the rest is reported "undecided".  It also
gives:

* each head's least gap (Lemma 24's gamma per layer, exactly, over the inputs tested), and whether every
  head is uniform or tieless there (the hypothesis of Theorem 26);
* Theorem 26's temperature for this network and length: tau = gamma / (2m), m the least integer for
  which our Lemma 25 recursion (:func:`quarks.attention.uniform_tieless.a_priori`, on the network
  translated by :func:`.weights.to_model`, X the largest hard activation) ends below eps -- and the same
  exact check at that temperature; or the reason it does not apply (a head with tied top scores);
* the shortest disagreeing input, and the first block (layer, attention head or MLP) where the soft
  stream lies certainly more than eps from the hard one;
* with a reference ``program`` (word -> outputs per position), the first input where the hard model
  and where the soft model (certainly) differ from it.
"""
from __future__ import annotations

import json
from fractions import Fraction
from typing import Callable

from quarks.certify import soft_hard as kernel
from quarks.transformers import weights as W

DEFAULT_EPS = "1/10"


def inputs_text(alphabet: list, max_len: int, sample) -> str:
    if sample is None:
        return f"every word of length 1..{max_len} over {len(alphabet)} letters"
    return f"{sample['count']} random words of each length 1..{max_len} (seed {sample['seed']})"


def _positions(w: dict, max_len: int) -> int:
    return max_len + (1 if w.get("bos") is not None else 0)


def theorem26(w: dict, max_len: int, sample, heads: list, eps: Fraction, m_max: int = 2000) -> dict:
    """Theorem 26's temperature for this network and length, or why it does not apply."""
    from quarks.attention.uniform_tieless import a_priori

    tied = [(k, h) for k, h in enumerate(heads) if h["kind"] == "tied"]
    if tied:
        k, h = tied[0]
        layer, head = _where(w, k)
        return {"applies": False, "reason": f"layer {layer} head {head} is not uniform-tieless: its top scores tie "
                                            f"on {''.join(h['tie'])!r}"}
    gaps = [Fraction(h["gap"]) for h in heads if h["gap"] is not None]
    if not gaps:
        return {"applies": False, "reason": "every head is uniform: soft equals hard at every temperature"}
    gamma = min(gaps)
    model = W.to_model(w)
    X = largest_activation(w, model, max_len, sample)
    n = _positions(w, max_len)
    for m in range(1, m_max + 1):
        bound, ok = a_priori(model, n, gamma, X, m)
        if ok and bound <= eps:
            return {"applies": True, "gamma": str(gamma), "X": str(X), "m": m, "tau": str(gamma / (2 * m)),
                    "bound": str(bound)}
    return {"applies": False, "reason": f"no m <= {m_max} brings the Lemma 25 bound below {eps}"}


def largest_activation(w: dict, model, max_len: int, sample) -> Fraction:
    """X: the largest |activation| of the translated hard model over the inputs (the engine, exactly)."""
    import numpy as np

    from quarks.attention.batch import run

    idx = {t: k for k, t in enumerate(model.alphabet)}
    bos = [idx[w["bos"]]] if w.get("bos") is not None else []
    X = Fraction(0)
    by_len: dict = {}
    for word in kernel.inputs(w["alphabet"], max_len, sample):
        by_len.setdefault(len(word), []).append(bos + [idx[a] for a in word])
    for rows in by_len.values():
        for k in range(0, len(rows), 4096):
            res = run(model, np.array(rows[k:k + 4096], dtype=np.int64), certify=False)
            X = max([X] + [Fraction(c.maxabs(), c.d) for c in res.x.values()])
    return X


def _where(w: dict, k: int) -> tuple:
    """(layer, head) of the k-th head."""
    for li, L in enumerate(w["layers"]):
        hs = len(L["attn"]["heads"]) if L.get("attn") else 0
        if k < hs:
            return li, k
        k -= hs
    raise IndexError(k)


def gaps_by_layer(w: dict, heads: list) -> list:
    """Lemma 24's gamma per layer: the least gap of its tieless heads (None: no tieless head)."""
    out = []
    k = 0
    for L in w["layers"]:
        hs = heads[k:k + (len(L["attn"]["heads"]) if L.get("attn") else 0)]
        k += len(hs)
        g = [Fraction(h["gap"]) for h in hs if h["kind"] == "tieless"]
        out.append({"gap": str(min(g)) if g else None, "kinds": [h["kind"] for h in hs]})
    return out


def against_program(w: dict, max_len: int, sample, program: Callable, tau: Fraction, eps: Fraction,
                    progress=None, words=None) -> dict:
    """The first input on which the hard model's readout, and the soft model's readout certainly,
    differs from the program's (None when none does), and how many positions the balls left undecided;
    positions whose program output is None are skipped."""
    net = kernel.parse(w)
    first_hard = first_soft = None
    cases = undecided = 0
    for word in (words if words is not None else kernel.inputs(net["alphabet"], max_len, sample)):
        cases += 1
        hard, soft = compare(net, word, program(list(word)), tau, eps)
        if first_hard is None and hard is not None:
            first_hard = hard
        if first_soft is None and soft is not None and soft.get("soft") != "undecided":
            first_soft = soft
        undecided += soft is not None and soft.get("soft") == "undecided"
        if progress is not None:
            progress(1)
        if first_hard is not None and first_soft is not None:
            break
    return {"cases": cases, "hard_differs": first_hard, "soft_differs": first_soft, "undecided": undecided}


def compare(net: dict, word: list, want: list, tau: Fraction, eps: Fraction) -> tuple:
    """(first position where the hard readout differs from ``want``, first where the soft readout
    certainly does -- or, failing that, the first it leaves undecided), each a dict or None."""
    from flint import arb, fmpq

    start = 1 if net["bos"] is not None else 0
    res = kernel.run(net, word, tau)
    hard = off_at = unsure_at = None
    e = arb(fmpq(eps.numerator, eps.denominator))
    for i, target in enumerate(want):
        if target is None:
            continue
        h = kernel.label(net, res["hard"][i + start])
        if hard is None and not _same(net, h, target, eps):
            hard = {"word": list(word), "position": i + 1, "hard": h, "program": str(target)}
        s = kernel.soft_label(net, res["soft"][i + start])
        if net["readout"]["kind"] == "numeric":
            t = arb(fmpq(*_ratio(target)))
            off = (s - t) > e or (t - s) > e
            unsure = not off and not abs(s - t) <= e
            shown = s.str(6, radius=False)
        else:
            off, unsure, shown = s is not None and s != str(target), s is None, s
        if off_at is None and off:
            off_at = {"word": list(word), "position": i + 1, "soft": shown, "program": str(target)}
        if unsure_at is None and unsure:
            unsure_at = {"word": list(word), "position": i + 1, "soft": "undecided", "program": str(target)}
    return hard, off_at or unsure_at


def _ratio(v) -> tuple:
    q = Fraction(v) if not isinstance(v, float) else Fraction(v).limit_denominator(1 << 20)
    return q.numerator, q.denominator


def _same(net, got: str, target, eps: Fraction) -> bool:
    if net["readout"]["kind"] == "numeric":
        return abs(Fraction(got) - Fraction(*_ratio(target))) <= eps
    return got == str(target)


def check(w: dict, max_len: int, sample=None, eps=DEFAULT_EPS, program: Callable | None = None,
          progress=None) -> dict:
    """The whole soft-against-hard report of a network (see the module docstring)."""
    import time

    t0 = time.perf_counter()
    w = W.canonical(w)
    e = Fraction(eps)
    tau = Fraction(w.get("tau", 1))
    own = kernel.evaluate(w, max_len, sample, str(tau) if tau.denominator > 1 else tau.numerator, eps, progress=progress)
    report = {"model": W.weights_sha256(w), "describe": W.describe(w), "max_len": max_len, "sample": sample,
              "inputs": inputs_text(w["alphabet"], max_len, sample), "eps": str(e), "tau": str(tau), "own": own,
              "gaps": gaps_by_layer(w, own["heads"])}
    thm = theorem26(w, max_len, sample, own["heads"], e)
    if thm["applies"]:
        thm["result"] = kernel.evaluate(w, max_len, sample, thm["tau"], eps, progress=progress)
    report["theorem26"] = thm
    if program is not None:
        report["program"] = against_program(w, max_len, sample, program, tau, e)
        if thm["applies"]:
            report["program_at_theorem26"] = against_program(w, max_len, sample, program, Fraction(thm["tau"]), e)
    report["seconds"] = round(time.perf_counter() - t0, 3)
    return json.loads(json.dumps(report))


def verdict_line(result: dict) -> str:
    """One line: agree / the shortest disagreeing input."""
    c = result["counts"]
    f = result["first_disagreement"]
    if f is None:
        return (f"agrees on all {result['cases']} inputs" if not c["undecided"]
                else f"no disagreement; {c['undecided']} of {result['cases']} inputs undecided")
    where = f.get("where") or {}
    site = (f"layer {where['layer']} {where['kind']}{' head ' + str(where['head']) if 'head' in where else ''}"
            if where else "no single block beyond eps")
    return (f"{c['disagree']} of {result['cases']} inputs disagree; shortest {' '.join(f['word'])!r} at position "
            f"{f['position']} (hard {f['hard']}); soft and hard first differ at {site}")


# --- certificates --------------------------------------------------------------------------------

_KNOWN: dict = {}


def known(sha256: str) -> dict | None:
    """A network loaded in this process, by the sha256 of its weights (None: not loaded)."""
    return _KNOWN.get(sha256)


def instance(w: dict, max_len: int, sample=None, eps=DEFAULT_EPS, tau: str = "own") -> dict:
    """The instance of claim yang.soft-hard-weights for this network (kept loaded in this process, so the
    claim's check finds it by its sha256; the certificate carries the weights for check-cert)."""
    w = W.canonical(w)
    sha = W.weights_sha256(w)
    _KNOWN[sha] = w
    return {"model": sha, "max_len": max_len, "sample": sample, "eps": str(Fraction(eps)), "tau": tau}
