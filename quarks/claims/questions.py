"""The exploration verbs' questions as claims: each answer of ``realize``, ``decompose``, ``classes``,
``count`` and ``ltl`` is an instance of one of these, so its certificate binds like any other.

An instance is the question asked (the function, n, the degree, the operator, the expression, the
formula and string); the statement is "the answer to this question is the one recorded" (in the
summary and ``data.answer``), so a certificate's verdict is ``verified`` whichever way the answer
goes.  ``check-cert`` re-runs the check on the instance (quarks.checking.binding): a certificate
of another question, or with another answer or witness, differs from what the check derives and is
rejected; the witnesses (weights, Farkas multipliers, DRUP proofs) are then re-verified exactly.
The domains bound what a re-check costs: n <= 12 for realize, 8 for decompose, 4 for classes, 7 for
count; an estimate of |T(n;1)| is re-checked by recomputing every sample from its seed (as long as
the run took).
"""
from __future__ import annotations

from quarks.claims.claim import Claim, Source, Verdict, decide

SOURCE = "quarks (exploration)"
REALIZE_BACKENDS = ("lp", "lp-full", "z3", "sat")
MAX_REALIZE_N = 12
MAX_CLASSES_N = 4
MAX_COUNT_N = 7
CLASSES_MODES = ("count", "list", "sample")
LTL_VARIANTS = ("temperature", "unbounded", "causal-temperature", "causal")
MAX_LTL_WORDS = 200_000


def _int(x, lo: int, hi: int) -> bool:
    return type(x) is int and lo <= x <= hi


def _table(inst: dict):
    """The truth table of an instance, in its canonical spelling (hex from TruthTable.to_hex)."""
    from quarks.base.boolean import TruthTable

    if not isinstance(inst["table"], str) or not _int(inst["n"], 0, 16):
        raise ValueError("table must be a hex string and n an integer")
    f = TruthTable.parse(inst["table"], inst["n"])
    if f.to_hex() != inst["table"] or f.n != inst["n"]:
        raise ValueError("the table is not in its canonical spelling")
    return f


# --- realize: f in T(n;d)? ----------------------------------------------------------------------------

def realize_check(inst: dict) -> Verdict:
    """The answer to "f in T(n;d)?": a realization (integer weights) or a Farkas certificate."""
    from quarks.solvers.realize import Inconclusive, realize

    f, d = _table(inst), inst["d"]
    try:
        result = realize(f, d, inst["backend"])
    except Inconclusive as exc:
        return Verdict.inconclusive(str(exc))
    answer = "realizable" if result.realizable else "not realizable"
    rec = result.to_evidence(asserts=answer)
    text = (f"{f.to_hex()} in T({f.n};{d}): {result.formula()}" if result.realizable
            else f"{f.to_hex()} {result.describe()}")
    return decide([rec], text, answer=answer, realizable=result.realizable)


def _realize_domain(inst: dict) -> bool:
    f = _table(inst)
    return (set(inst) == {"table", "n", "d", "backend"} and f.n <= MAX_REALIZE_N
            and _int(inst["d"], 0, f.n) and inst["backend"] in REALIZE_BACKENDS)


realize_claim = Claim(
    id="explore.realize", source=Source(SOURCE, "realize"),
    statement="The answer to 'is f in T(n;d)?' (f the truth table of the instance) is the one recorded: "
              "realizable, with integer weights of margin 1, or not realizable, with Farkas multipliers",
    latex=r"f \in T(n;d)\ \text{or}\ f \notin T(n;d)", kind="exploration",
    instances={"quick": [{"table": "0x1", "n": 2, "d": 1, "backend": "lp"},
                         {"table": "0x6", "n": 2, "d": 1, "backend": "lp"}],
               "full": [{"table": "0x6996", "n": 4, "d": 3, "backend": "lp"}]},
    check=realize_check, domain=_realize_domain, max_feasible=MAX_REALIZE_N,
    note="the question of `quarks realize`; its --out certificate is an instance",
)


# --- decompose: f = B(f_1..f_k) with f_j in T(n;d_j)? -------------------------------------------------

def decompose_check(inst: dict, result=None) -> Verdict:
    """The answer to "f = B(f_1..f_k), f_j in T(n;d_j)?": the realizations, or cuts and a DRUP proof
    (``result``: quarks.solvers.decompose.decompose of the instance, already run)."""
    from quarks.base.boolean import TruthTable
    from quarks.solvers.decompose import decompose, operator_name

    f = _table(inst)
    B = TruthTable.from_string(inst["operator"])
    if result is None:
        result = decompose(f, B, inst["degrees"])
    name, degs = operator_name(B), ",".join(map(str, result.degrees))
    answer = "decomposable" if result.decomposable else "not decomposable"
    rec = {**result.to_evidence(), "asserts": answer}
    if result.decomposable:
        parts = "; ".join(f"f_{j} = {r.f.to_hex()}: {r.polynomial()}" for j, r in enumerate(result.operands, 1))
        text = f"{f.to_hex()} = {name}(f_1..f_{B.n}) with f_j in T({f.n};{degs}): {parts}"
    else:
        text = (f"{f.to_hex()} is not {name}(f_1..f_{B.n}) for any f_j in T({f.n};{degs}): "
                f"{len(result.cuts)} Farkas-certified cuts and a DRUP proof")
    return decide([rec], text, answer=answer, decomposable=result.decomposable)


def _decompose_domain(inst: dict) -> bool:
    from quarks.solvers.decompose import MAX_ARITY, MAX_N

    f = _table(inst)
    op, degrees = inst["operator"], inst["degrees"]
    return (set(inst) == {"table", "n", "operator", "degrees"} and 1 <= f.n <= MAX_N
            and isinstance(op, str) and set(op) <= {"0", "1"} and len(op) in [1 << k for k in range(1, MAX_ARITY + 1)]
            and isinstance(degrees, list) and len(degrees) == (len(op).bit_length() - 1)
            and all(_int(d, 0, f.n) for d in degrees))


decompose_claim = Claim(
    id="explore.decompose", source=Source(SOURCE, "decompose"),
    statement="The answer to 'is f = B(f_1, ..., f_k) for some f_j in T(n;d_j)?' (f, B and the d_j of the "
              "instance) is the one recorded: decomposable, with the k realizations, or not, with "
              "Farkas-certified cuts and a DRUP proof",
    latex=r"f = B(f_1,\dots,f_k),\ f_j \in T(n;d_j)", kind="exploration",
    instances={"quick": [{"table": "0x6", "n": 2, "operator": "0001", "degrees": [1, 1]}], "full": []},
    check=decompose_check, domain=_decompose_domain, timeout=600.0,
    note="the question of `quarks decompose --op B`; its --out certificate is an instance",
)


# --- classes: the members of a class expression ----------------------------------------------------------

def _hex(t: int, n: int) -> str:
    return "0x" + format(int(t), f"0{max(1, (1 << n) // 4)}x")


def class_answer(expression: str, mode: str, k: int = 0, seed: int = 0) -> dict:
    """The set a class expression denotes (quarks.classes): its count, its symmetry classes (mode
    list) or ``k`` members drawn with ``seed`` (mode sample), and a digest of its members."""
    from quarks.certificates.evidence import digest
    from quarks.classes import classes, evaluate, parse, sample

    s = evaluate(parse(expression))
    n = s.n
    out: dict = {"holds": True, "count": int(s.count())}
    if mode == "list":
        closed, groups = classes(s)
        out["closed"] = closed
        out["classes"] = [{"canonical": _hex(r, n), "size": int(size), "in_set": int(m)} for r, size, m in groups]
        if not closed:
            out["tables"] = [_hex(t, n) for t in s.members()]
    elif mode == "sample":
        out["sample"] = [_hex(t, n) for t in sample(s, k, seed)]
    out["digest"] = digest(_hex(t, n) for t in s.members())
    return out


def classes_check(inst: dict) -> Verdict:
    """The answer to "which functions does EXPR denote?", re-derived by evaluating it."""
    from quarks.certificates.evidence import exhaustive

    args = {"expression": inst["expression"], "mode": inst["mode"], "k": inst.get("k", 0), "seed": inst.get("seed", 0)}
    rec = exhaustive("quarks.claims.questions:class_answer", **args)
    res = rec["result"]
    text = f"{inst['expression']}: {res['count']} function(s)"
    if inst["mode"] == "list":
        text += f" in {len(res['classes'])} symmetry class(es)" + ("" if res["closed"] else " (not closed)")
    elif inst["mode"] == "sample":
        text += f"; {len(res['sample'])} drawn with seed {args['seed']}: {', '.join(res['sample'])}"
    return decide([rec], text, answer=res["count"])


def _classes_domain(inst: dict) -> bool:
    from quarks.classes import parse, unparse

    mode = inst["mode"]
    keys = {"expression", "mode"} | ({"k", "seed"} if mode == "sample" else set())
    if set(inst) != keys or mode not in CLASSES_MODES or not isinstance(inst["expression"], str):
        return False
    if len(inst["expression"]) > 1000:
        return False
    node = parse(inst["expression"])
    if unparse(node) != inst["expression"] or not 0 <= node.n <= MAX_CLASSES_N:
        return False
    return mode != "sample" or (_int(inst["k"], 1, 1 << 16) and _int(inst["seed"], 0, 2 ** 63 - 1))


classes_claim = Claim(
    id="explore.classes", source=Source(SOURCE, "classes"),
    statement="The set of Boolean functions the class expression of the instance denotes has the count "
              "recorded (and, listed, the symmetry classes recorded; sampled, the members recorded)",
    latex=r"|\,\mathrm{EXPR}\,| = N", kind="exploration",
    instances={"quick": [{"expression": "T(3;2) - T(3;1)", "mode": "count"}], "full": []},
    check=classes_check, domain=_classes_domain,
    note=f"the question of `quarks classes` for n <= {MAX_CLASSES_N}; its --out certificate is an instance",
)


# --- count: |T(n;d)| ----------------------------------------------------------------------------------------

def threshold_count(n: int, degree: int) -> dict:
    """|T(n;degree)| by quarks.solvers.enumerate (every function accepted or rejected with an exact certificate)."""
    from quarks.solvers import enumerate as E

    count = int(E.count_threshold(n, degree))
    return {"holds": True, "count": count}


def count_check(inst: dict) -> Verdict:
    """The answer to "how many functions does T(n;d) hold?", re-derived by counting again."""
    from quarks.certificates.evidence import exhaustive

    rec = exhaustive("quarks.claims.questions:threshold_count", n=inst["n"], degree=inst["d"])
    count = rec["result"]["count"]
    return decide([rec], f"|T({inst['n']};{inst['d']})| = {count}", answer=count)


def _count_domain(inst: dict) -> bool:
    n, d = inst["n"], inst["d"]
    return (set(inst) == {"n", "d"} and _int(n, 0, MAX_COUNT_N) and _int(d, 0, n)
            and (d in (0, 1, n) or n <= 4))


count_claim = Claim(
    id="explore.count", source=Source(SOURCE, "count"),
    statement="|T(n;d)|, the number of Boolean functions of n variables that are the sign of a real polynomial "
              "of degree <= d on {0,1}^n, is the count recorded",
    latex=r"|T(n;d)| = N", kind="exploration",
    instances={"quick": [{"n": 3, "d": 1}], "full": [{"n": 5, "d": 1}]},
    check=count_check, domain=_count_domain, max_feasible=MAX_COUNT_N,
    note=f"the question of `quarks count` for n <= {MAX_COUNT_N}; its --out certificate is an instance",
)


# --- estimate: |T(n;1)| by the tree of halves, samples from seeds ----------------------------------------

MAX_ESTIMATE_SAMPLES = 100_000


def estimate_check(inst: dict, result: dict | None = None) -> Verdict:
    """The answer to "what do these samples of the halves estimator give for |T(n;1)|?": every sample
    recomputed exactly from its seed and index (``result``: the figures of the run that drew them)."""
    from quarks.certificates.evidence import exhaustive
    args = {"n": inst["n"], "top": inst["top"], "particles": inst["particles"], "runs": inst["runs"]}
    if result is None:
        rec = exhaustive("quarks.solvers.halftree:recompute", **args)
    else:
        rec = {"kind": "exhaustive", "procedure": "quarks.solvers.halftree:recompute", "args": args, "result": result}
    res = rec["result"]
    ci = res["ci95"]
    text = (f"|T({inst['n']};1)| ~ {res['estimate']:.6g} from {res['samples']} samples of the halves estimator"
            + (f" (95 % interval {ci[0]:.4g} .. {ci[1]:.4g})" if ci else ""))
    return decide([rec], text, answer=res["estimate"], ci95=ci, samples=res["samples"], method="halves",
                  n=inst["n"], se=res["se"], relative_half_width=res["relative_half_width"])


def _estimate_domain(inst: dict) -> bool:
    """The checker fixes the samples: one run of the seed derived from (n, top, particles), from index 0
    (its author picks only how many), so no author can choose which samples count."""
    from quarks.solvers.halftree import MAX_N, MAX_TOP, instance_seed

    if set(inst) != {"n", "method", "top", "particles", "runs"} or inst["method"] != "halves":
        return False
    n, runs = inst["n"], inst["runs"]
    if not (_int(n, 1, MAX_N) and _int(inst["top"], 0, min(n - 1, MAX_TOP)) and _int(inst["particles"], 1, 1 << 16)):
        return False
    if not isinstance(runs, list) or len(runs) != 1 or not isinstance(runs[0], list) or len(runs[0]) != 3:
        return False
    seed, first, count = runs[0]
    return (_int(seed, 0, 2 ** 63 - 1) and seed == instance_seed(n, inst["top"], inst["particles"])
            and _int(first, 0, 0) and _int(count, 1, MAX_ESTIMATE_SAMPLES))


estimate_claim = Claim(
    id="explore.estimate", source=Source(SOURCE, "estimate"),
    statement="The samples of the halves estimator of |T(n;1)| named by the instance (n, the enumerated depth, "
              "walkers, and [seed, 0, count]: the first count samples of the seed that n, depth and walkers "
              "fix) are the exact rationals recorded, and give the estimate and 95 % t interval recorded",
    latex=r"\widehat{|T(n;1)|} = \bar X \pm t_{0.975} s/\sqrt{R}", kind="exploration",
    instances={"quick": [{"n": 5, "method": "halves", "top": 3, "particles": 4,
                          "runs": [[1246868486560835133, 0, 3]]}], "full": []},   # halftree.instance_seed(5, 3, 4)
    check=estimate_check, domain=_estimate_domain, timeout=3600.0,
    note="the question of `quarks estimate` (method halves); its --out certificate is an instance",
)


# --- ltl: the formula and its compiled transformer on a string, or on every string up to a length -------

def ltl_string(formula: str, alphabet: str, string: str, variant: str, c: str, tau_factor: str) -> dict:
    """The formula's truth at every position of ``string`` and the compiled transformer's (hard model,
    and the softmax model's certified radius): whether they agree everywhere with radius 0."""
    from fractions import Fraction

    import numpy as np

    from quarks.attention import batch
    from quarks.ltl.check import with_temperature_factor
    from quarks.ltl.compile import compile_formula
    from quarks.ltl.semantics import truth
    from quarks.ltl.syntax import parse

    f = parse(formula)
    model = with_temperature_factor(compile_formula(f, list(alphabet), variant, Fraction(c)), Fraction(tau_factor))
    want = truth(f, string)
    res = batch.run(model, np.array([[model.alphabet.index(a) for a in string]]), certify=True)
    hard = res.x[model.output].floats()[0]
    assert res.r is not None   # certify=True: the radii are computed
    rad = res.r[model.output][0]
    agree = bool(all(bool(h) == bool(w) for h, w in zip(hard, want)) and (rad == 0).all())
    return {"holds": True, "agrees": agree, "formula": [int(bool(w)) for w in want], "hard": [int(h) for h in hard],
            "certified_positions": int((rad == 0).sum()), "layers": len(model.layers)}


def ltl_words(formula: str, alphabet: str, max_len: int, variant: str, c: str, tau_factor: str) -> dict:
    """quarks.ltl.check.exhaustive_check on every string of length 1..max_len: whether the transformer
    agrees with the formula on all of them (``agrees``); the record holds whichever the answer."""
    from quarks.ltl.check import exhaustive_check

    res = exhaustive_check(formula, alphabet, max_len, variant, c, tau_factor)
    return {**res, "holds": True, "agrees": bool(res["holds"])}


def ltl_check(inst: dict, words: dict | None = None) -> Verdict:
    """The answer to "does the compiled transformer compute the formula?" on the string, or on every
    string of length 1..max_len, re-derived by running the model again (``words``: the result of
    quarks.ltl.check.exhaustive_check on the instance, already run by the verb)."""
    from quarks.certificates.evidence import exhaustive

    common = {k: inst[k] for k in ("formula", "alphabet", "variant", "c", "tau_factor")}
    if "string" in inst:
        rec = exhaustive("quarks.claims.questions:ltl_string", string=inst["string"], **common)
        where = f"on {inst['string']!r}"
    elif words is not None:
        rec = {"kind": "exhaustive", "procedure": "quarks.claims.questions:ltl_words",
               "args": {"max_len": inst["max_len"], **common}, "result": {**words, "holds": True, "agrees": bool(words["holds"])}}
        where = f"on the {words['cases']} strings of length 1..{inst['max_len']}"
    else:
        rec = exhaustive("quarks.claims.questions:ltl_words", max_len=inst["max_len"], **common)
        where = f"on the {rec['result']['cases']} strings of length 1..{inst['max_len']}"
    holds = rec["result"]["agrees"]
    answer = "agrees" if holds else "disagrees"
    agreement = ("agrees with the formula at every position" if holds
                 else "does not agree with the formula (or is not certified) at every position")
    text = f"the {inst['variant']} transformer compiled from {inst['formula']} {agreement} {where}"
    return decide([rec], text, answer=answer)


def _ltl_domain(inst: dict) -> bool:
    from fractions import Fraction

    from quarks.ltl.syntax import parse, show, symbols

    mode = "string" if "string" in inst else "max_len"
    if set(inst) != {"formula", "alphabet", "variant", "c", "tau_factor", mode}:
        return False
    formula, alphabet = inst["formula"], inst["alphabet"]
    if not (isinstance(formula, str) and isinstance(alphabet, str) and 2 <= len(alphabet) == len(set(alphabet)) <= 26):
        return False
    f = parse(formula)
    if show(f) != formula or not symbols(f) <= set(alphabet) or inst["variant"] not in LTL_VARIANTS:
        return False
    if not all(isinstance(inst[k], str) and str(Fraction(inst[k])) == inst[k] and Fraction(inst[k]) > 0
               for k in ("c", "tau_factor")):
        return False
    if mode == "string":
        s = inst["string"]
        return isinstance(s, str) and 1 <= len(s) <= 1000 and set(s) <= set(alphabet)
    N = inst["max_len"]
    return _int(N, 1, 64) and sum(len(alphabet) ** k for k in range(1, N + 1)) <= MAX_LTL_WORDS


ltl_claim = Claim(
    id="explore.ltl", source=Source(SOURCE, "ltl"),
    statement="The softmax transformer compiled from the formula of the instance (its variant, c and "
              "temperature factor) agrees, or not as recorded, with the formula at every position of the "
              "string, or of every string up to the length, of the instance",
    latex=r"\mathrm{TF}_\varphi(w)_i = [w, i \models \varphi]", kind="exploration",
    instances={"quick": [{"formula": "(!b S a)", "alphabet": "ab", "variant": "temperature", "c": "2",
                          "tau_factor": "1", "string": "abba"}], "full": []},
    check=ltl_check, domain=_ltl_domain,
    note="the question of `quarks ltl`; its --out certificate is an instance",
)
