"""Checking a compiled transformer against the reference semantics, exhaustively and rigorously.

For every word of each length the check

1. evaluates the hard-attention model exactly (integers) and compares its output coordinate, at
   every position, with the reference truth values of the formula;
2. bounds the softmax model around the hard one (:mod:`quarks.attention.batch`): every value that
   is rounded (Lemma 9) must lie within 1/4 of its exact Boolean, and the output radius must be 0,
   which makes the softmax model's output *equal* to the hard model's.

``exhaustive_check`` is the procedure named by ``exhaustive`` evidence records: it re-runs from
its JSON arguments and returns ``cases``, ``holds`` and a ``digest`` of the truth tables checked.
"""
from __future__ import annotations

import copy
import hashlib
import time
from fractions import Fraction

import numpy as np

from quarks.attention import batch
from quarks.attention.model import Model
from quarks.ltl.compile import compile_formula
from quarks.ltl.semantics import all_words, truth_batch
from quarks.ltl.syntax import parse


def with_temperature_factor(model: Model, factor) -> Model:
    """The same model with every temperature multiplied by ``factor`` (a rational)."""
    factor = Fraction(factor)
    if factor == 1:
        return model
    m = copy.deepcopy(model)
    f = factor.numerator if factor.denominator == 1 else f"{factor.numerator}/{factor.denominator}"
    for layer in m.layers:
        for h in layer.heads:
            if not h.uniform():
                h.tau = ["*", f, h.tau]
    return m


def model_for(f, alphabet: str, variant: str, c, tau_factor, network: str = "compile") -> Model:
    """The model a check runs: quarks.ltl.compile's (``compile``), or a network of the Coq counting
    theorems (quarks.ltl.count_blocks): ``bcompile`` and ``mcompile`` for the variants temperature and
    causal-temperature with c = 2, whose temperature 1/(c n) is their 1/(2n); ``bcompile_b`` for the
    variant unbounded with c = 2 (scores times c n, tau = 1); every temperature times ``tau_factor``."""
    if network in ("bcompile", "mcompile", "bcompile_b"):
        from quarks.ltl import count_blocks

        wanted = ("unbounded",) if network == "bcompile_b" else ("temperature", "causal-temperature")
        if variant not in wanted or Fraction(c) != 2:
            raise ValueError(f"the {network} network is the {' and '.join(wanted)} variant's at c = 2")
        if network == "bcompile_b":
            model = count_blocks.bcompile_b(f, list(alphabet))
        else:
            model = getattr(count_blocks, network)(f, list(alphabet), variant == "causal-temperature")
    elif network == "compile":
        model = compile_formula(f, list(alphabet), variant, Fraction(c))
    else:
        raise ValueError(f"unknown network {network!r} (compile, bcompile, mcompile or bcompile_b)")
    return with_temperature_factor(model, Fraction(tau_factor))


def check_words(model: Model, formula, words: np.ndarray) -> dict:
    """Check one batch of equal-length words; returns counts, margin and the first failure."""
    B, n = words.shape
    res = batch.run(model, words, certify=True)
    out = res.x[model.output]
    want = truth_batch(formula, words, model.alphabet)
    exact_ok = (out.N == want.astype(np.int64) * out.d).all(axis=1)
    rad = res.r[model.output].max(axis=1)
    site = np.zeros(B)
    for r in res.sites.values():
        site = np.maximum(site, r)
    soft_ok = (rad == 0) & (site <= 0.25)
    ok = exact_ok & soft_ok
    fail = None
    if not ok.all():
        b = int(np.argmin(ok))
        fail = {"word": "".join(model.alphabet[k] for k in words[b]),
                "hard_matches_formula": bool(exact_ok[b]), "soft_certified": bool(soft_ok[b]),
                "max_rounding_radius": float(site[b])}
    return {"words": B, "ok": int(ok.sum()), "margin": float(0.25 - site.max()) if B else 0.25,
            "bits": np.packbits(want).tobytes(), "failure": fail}


def exhaustive_check(formula: str, alphabet: str, max_len: int, variant: str = "temperature", c="2",
                     tau_factor="1", min_len: int = 1, network: str = "compile") -> dict:
    """Every word over ``alphabet`` of length ``min_len..max_len`` (see the module docstring), on the
    network :func:`model_for` names."""
    f = parse(formula)
    model = model_for(f, alphabet, variant, c, tau_factor, network)
    h = hashlib.sha256()
    cases, holds, margin, failure, per_len = 0, True, 0.25, None, []
    for n in range(min_len, max_len + 1):
        words = all_words(alphabet, n)
        r = check_words(model, f, words)
        cases += r["words"]
        h.update(f"{n}:{r['words']}:".encode() + r["bits"])
        if r["ok"] != r["words"]:
            holds = False
            failure = failure or r["failure"]
        margin = min(margin, r["margin"])
        per_len.append([n, r["words"], r["ok"]])
    return {"cases": cases, "holds": holds, "digest": h.hexdigest(), "margin": margin,
            "failure": failure, "per_length": per_len, "layers": len(model.layers)}


def random_check(formula: str, alphabet: str, lengths, count: int, seed: int = 0, variant: str = "temperature",
                 c="2", tau_factor="1") -> dict:
    """``count`` random words of each given length (seeded, so re-runnable), checked as above."""
    f = parse(formula)
    model = with_temperature_factor(compile_formula(f, list(alphabet), variant, Fraction(c)), Fraction(tau_factor))
    rng = np.random.default_rng(seed)
    h = hashlib.sha256()
    cases, holds, margin, failure = 0, True, 0.25, None
    for n in lengths:
        words = rng.integers(0, len(alphabet), size=(count, n))
        r = check_words(model, f, words)
        cases += r["words"]
        h.update(f"{n}:{r['words']}:".encode() + r["bits"] + words.tobytes())
        if r["ok"] != r["words"]:
            holds, failure = False, failure or r["failure"]
        margin = min(margin, r["margin"])
    return {"cases": cases, "holds": holds, "digest": h.hexdigest(), "margin": margin, "failure": failure}


def timed(fn, *args, **kw):
    t = time.perf_counter()
    out = fn(*args, **kw)
    return out, time.perf_counter() - t


def soft_site_check(formula: str, alphabet: str, word: str, variant: str = "temperature", c="2",
                    tau_factor="1", network: str = "compile") -> dict:
    """Arb balls for the softmax model on one word: is every value before a rounding within 1/4 of
    the hard model's exact value?  ``holds`` is False only when some ball lies entirely outside."""
    from quarks.attention.ball import soft_ball
    from quarks.attention.model import Model  # noqa: F401
    from quarks.attention.run import hard_exact

    f = parse(formula)
    model = model_for(f, alphabet, variant, c, tau_factor, network)
    soft = soft_ball(model, word)
    hard = hard_exact(model, word)
    from flint import arb

    items, violated, undecided = [], False, False
    for k, layer in enumerate(model.layers):
        for u in layer.units:
            if u.round is None:
                continue
            for i, (b, e) in enumerate(zip(soft[u.round], hard[u.round])):
                dev = abs(b - arb(e.numerator) / e.denominator)
                if dev > arb(1) / 4:
                    violated = True
                    items.append([k, u.round, i + 1, "outside"])
                elif not (dev <= arb(1) / 4):
                    undecided = True
                    items.append([k, u.round, i + 1, "undecided"])
    return {"cases": len(word), "holds": not violated, "decided": violated or not undecided,
            "digest": hashlib.sha256(repr(items).encode()).hexdigest(), "sites": items[:5]}


def certified_at(formula: str, alphabet: str, n: int, variant: str, c, tau_factor) -> bool:
    """Are all words of length exactly n certified at temperature tau_factor * tau(n)?"""
    f = parse(formula)
    model = with_temperature_factor(compile_formula(f, list(alphabet), variant, Fraction(c)), Fraction(tau_factor))
    r = check_words(model, f, all_words(alphabet, n))
    return r["ok"] == r["words"]


def temperature_edge(formula: str, alphabet: str, n: int, variant: str, c: str, lo: str, hi: str) -> dict:
    """holds: the words of length n certify at factor ``lo`` and do not certify at factor ``hi``."""
    ok_lo = certified_at(formula, alphabet, n, variant, c, lo)
    ok_hi = certified_at(formula, alphabet, n, variant, c, hi)
    return {"cases": 2, "holds": ok_lo and not ok_hi, "digest": f"{ok_lo}:{ok_hi}"}


def largest_factor(formula: str, alphabet: str, n: int, variant: str = "temperature", c="2", step="1/4",
                   limit: int = 64) -> Fraction | None:
    """The largest multiple k*step (k <= limit) of tau(n) at which length-n words certify (scanning up)."""
    step = Fraction(step)
    best = None
    for k in range(1, limit + 1):
        if certified_at(formula, alphabet, n, variant, c, k * step):
            best = k * step
        else:
            break
    return best
