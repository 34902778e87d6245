"""Evidence kind ``soft-hard``: a transformer given by its weights, softmax against average-hard attention.

The record carries the whole network in the exact weight format of :mod:`quarks.transformers.weights`
(``quarks-weights/1``: embeddings, position embeddings, per layer attention heads W_Q, b_Q, W_K, b_K,
W_V, b_V, W_O, b_O under a mask, a ReLU MLP, a linear readout; every number an integer or a ``"p/q"``
string), the inputs (every word over ``alphabet`` of length 1..max_len, or a seeded sample), the
temperature ``tau`` and the tolerance ``eps`` of a numeric readout.  The checker re-runs every input:

* the hard model exactly (Fractions; average hardmax over the visible positions of largest score);
* the soft model (scores divided by ``tau``) in arb balls (python-flint, ``PREC`` bits): each ball
  contains the exact real activation of the softmax model.

Per position (after the BOS position, when there is one) the readout is decided: argmax labels agree
when the hard argmax is unique and the soft ball of that logit lies above every other's; numeric
readouts agree when the soft ball lies within ``eps`` of the hard value.  A position is *disagreeing*
when the soft argmax is certainly one label and the hard argmax is another or a tie (or the numeric
ball lies entirely more than ``eps`` away), else *undecided*.  The record's ``result`` (cases, counts, the shortest
disagreeing word, each head's least gap and whether it is uniform, tieless or tied) must be exactly
what the checker derives.  flint matrices (fmpq_mat exact, arb_mat balls); bounded by the budget (one
step per score and per output or hidden entry, one case per input).  Trust: "witness".
"""
from __future__ import annotations

import hashlib
import itertools
import json
import random
from fractions import Fraction

from quarks.base.exact import to_exact
from quarks.certify.base import CertificateError, CheckContext, Outcome

PREC = 128                # bits of the arb balls of the soft run
MAX_DIM = 4096            # d_model, d_head, d_mlp and vocabulary
MAX_LAYERS = 64
MAX_CASES = 200_000
FORMAT = "quarks-weights/1"
MASKS = ("none", "future", "past")


# --- the weights ---------------------------------------------------------------------------------

def _num(v) -> Fraction:
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        raise CertificateError(f"a weight must be an integer or a 'p/q' string, not {type(v).__name__}")
    return Fraction(to_exact(v))


def _mat(m, rows: int | None, cols: int | None, what: str) -> list:
    if not isinstance(m, list) or not m or not all(isinstance(r, list) for r in m):
        raise CertificateError(f"{what} must be a non-empty list of rows")
    if len(m) > MAX_DIM or len(m[0]) > MAX_DIM:
        raise CertificateError(f"{what} is {len(m)} x {len(m[0])}: more than {MAX_DIM} rows or columns")
    if (rows is not None and len(m) != rows) or len({len(r) for r in m}) != 1:
        raise CertificateError(f"{what} has the wrong shape ({len(m)} rows, {rows} expected)")
    if (cols is not None and len(m[0]) != cols) or not m[0]:
        raise CertificateError(f"{what} has the wrong shape ({len(m[0])} columns, {cols} expected)")
    return [[_num(v) for v in r] for r in m]


def _vec(v, n: int, what: str) -> list:
    if v is None:
        return [Fraction(0)] * n
    if not isinstance(v, list) or len(v) != n:
        raise CertificateError(f"{what} must be a list of {n} numbers")
    return [_num(x) for x in v]


def parse(w: dict) -> dict:
    """The network of a ``quarks-weights/1`` dict as exact Fractions (raises CertificateError)."""
    if not isinstance(w, dict) or w.get("format") != FORMAT:
        raise CertificateError(f"weights must be a {FORMAT} object")
    tokens, alphabet, bos = w.get("tokens"), w.get("alphabet"), w.get("bos")
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens) or len(set(tokens)) != len(tokens):
        raise CertificateError("tokens must be a list of distinct strings")
    if not isinstance(alphabet, list) or not alphabet or any(a not in tokens for a in alphabet) or len(set(alphabet)) != len(alphabet):
        raise CertificateError("alphabet must be a non-empty list of distinct tokens")
    if bos is not None and (bos not in tokens or bos in alphabet):
        raise CertificateError("bos must be a token outside the alphabet")
    E = _mat(w.get("embed"), len(tokens), None, "embed")
    d = len(E[0])
    P = _mat(w.get("pos"), None, d, "pos")
    layers = w.get("layers")
    if not isinstance(layers, list) or len(layers) > MAX_LAYERS:
        raise CertificateError(f"layers must be a list of at most {MAX_LAYERS}")
    out = []
    for k, L in enumerate(layers):
        if not isinstance(L, dict) or set(L) - {"attn", "mlp"}:
            raise CertificateError(f"layer {k} has attn and mlp only")
        attn, mlp = L.get("attn"), L.get("mlp")
        pl: dict = {"heads": [], "mask": "none", "b_O": [Fraction(0)] * d, "mlp": None}
        if attn is not None:
            if not isinstance(attn, dict) or attn.get("mask") not in MASKS or not isinstance(attn.get("heads"), list):
                raise CertificateError(f"layer {k}: attn needs a mask ({', '.join(MASKS)}) and heads")
            pl["mask"], pl["b_O"] = attn["mask"], _vec(attn.get("b_O"), d, f"layer {k} b_O")
            for h, H in enumerate(attn["heads"][:MAX_DIM + 1]):
                if h >= MAX_DIM or not isinstance(H, dict):
                    raise CertificateError(f"layer {k}: too many heads or a malformed head")
                WQ = _mat(H.get("W_Q"), d, None, f"layer {k} head {h} W_Q")
                e = len(WQ[0])
                WV = _mat(H.get("W_V"), d, None, f"layer {k} head {h} W_V")
                r = len(WV[0])
                pl["heads"].append({
                    "W_Q": WQ, "b_Q": _vec(H.get("b_Q"), e, "b_Q"),
                    "W_K": _mat(H.get("W_K"), d, e, f"layer {k} head {h} W_K"), "b_K": _vec(H.get("b_K"), e, "b_K"),
                    "W_V": WV, "b_V": _vec(H.get("b_V"), r, "b_V"), "W_O": _mat(H.get("W_O"), r, d, f"layer {k} head {h} W_O")})
        if mlp is not None:
            if not isinstance(mlp, dict):
                raise CertificateError(f"layer {k}: mlp must be an object")
            Win = _mat(mlp.get("W_in"), d, None, f"layer {k} W_in")
            hdim = len(Win[0])
            pl["mlp"] = {"W_in": Win, "b_in": _vec(mlp.get("b_in"), hdim, "b_in"),
                         "W_out": _mat(mlp.get("W_out"), hdim, d, f"layer {k} W_out"), "b_out": _vec(mlp.get("b_out"), d, "b_out")}
        out.append(pl)
    ro = w.get("readout")
    if not isinstance(ro, dict) or ro.get("kind") not in ("argmax", "numeric"):
        raise CertificateError("readout must be an object of kind argmax or numeric")
    WU = _mat(ro.get("W_U"), d, None, "W_U")
    V = len(WU[0])
    labels = ro.get("labels")
    if not isinstance(labels, list) or len(labels) != V or (ro["kind"] == "numeric" and V != 1):
        raise CertificateError("readout labels must name every column of W_U (one column for numeric)")
    tau = _num(w.get("tau", 1))
    if tau <= 0:
        raise CertificateError("tau must be positive")
    return {"tokens": tokens, "alphabet": alphabet, "bos": bos, "E": E, "P": P, "d": d, "layers": out, "tau": tau,
            "readout": {"kind": ro["kind"], "W_U": WU, "b_U": _vec(ro.get("b_U"), V, "b_U"), "labels": labels}}


def weights_sha256(w: dict) -> str:
    """sha256 of the canonical JSON of a weights dict (how an instance names its network)."""
    return hashlib.sha256(json.dumps(w, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


# --- the inputs ----------------------------------------------------------------------------------

def inputs(alphabet: list, max_len: int, sample) -> list:
    """Every word of length 1..max_len (shortest first, then in order of the alphabet), or, with
    ``sample = {"count": c, "seed": s}``, c words of each length drawn by Python's random.Random(s)."""
    if sample is None:
        total = sum(len(alphabet) ** n for n in range(1, max_len + 1))
        if total > MAX_CASES:
            raise CertificateError(f"{total:,} inputs: more than {MAX_CASES:,}")
        return [list(t) for n in range(1, max_len + 1) for t in itertools.product(alphabet, repeat=n)]
    if not isinstance(sample, dict) or set(sample) != {"count", "seed"} or not all(
            isinstance(sample[k], int) and not isinstance(sample[k], bool) for k in sample):
        raise CertificateError("sample must be {count, seed} integers")
    if not 0 < sample["count"] * max_len <= MAX_CASES:
        raise CertificateError("the sample is empty or too large")
    rng = random.Random(sample["seed"])
    return [[rng.choice(alphabet) for _ in range(n)] for n in range(1, max_len + 1) for _ in range(sample["count"])]


# --- running one input ---------------------------------------------------------------------------

def _q(rows: list):
    from flint import fmpq, fmpq_mat

    return fmpq_mat(len(rows), len(rows[0]), [fmpq(x.numerator, x.denominator) for r in rows for x in r])


def _prepared(net: dict) -> dict:
    """The network's matrices as flint fmpq_mat (exact) and arb_mat (balls at PREC bits)."""
    from flint import arb_mat

    if "_mats" in net:
        return net["_mats"]
    mats: dict = {"layers": []}
    for L in net["layers"]:
        ml: dict = {"heads": [], "b_O": _q([L["b_O"]]), "mlp": None}
        for H in L["heads"]:
            ml["heads"].append({k: _q(H[k] if k.startswith("W") else [H[k]]) for k in ("W_Q", "b_Q", "W_K", "b_K", "W_V", "b_V", "W_O")})
        if L["mlp"] is not None:
            M = L["mlp"]
            ml["mlp"] = {k: _q(M[k] if k.startswith("W") else [M[k]]) for k in ("W_in", "b_in", "W_out", "b_out")}
        mats["layers"].append(ml)
    ro = net["readout"]
    mats["W_U"], mats["b_U"] = _q(ro["W_U"]), _q([ro["b_U"]])
    balls: dict = {}

    def ball(m):
        key = id(m)
        if key not in balls:
            balls[key] = arb_mat(m)
        return balls[key]

    mats["ball"] = ball
    net["_mats"] = mats
    return mats


def _visible(mask: str, i: int, n: int) -> range:
    return range(0, i + 1) if mask == "future" else range(i, n) if mask == "past" else range(0, n)


def _affine(X, W, b, ones):
    return X * W + ones * b


def _relu_q(M):
    from flint import fmpq_mat

    return fmpq_mat(M.nrows(), M.ncols(), [max(v, 0) for v in M.entries()])


def _relu_b(M):
    from flint import arb, arb_mat

    out = []
    for v in M.entries():
        if v >= 0:
            out.append(v)
        elif v <= 0:
            out.append(arb(0))
        else:
            out.append(arb(0).union(v.upper()))
    return arb_mat(M.nrows(), M.ncols(), out)


def run(net: dict, word: list, tau: Fraction, budget=None) -> dict:
    """The exact hard run (fmpq matrices) and the ball soft run (arb matrices, PREC bits) of one word:
    per block both streams and each head's outputs, per head its (gap, tied) at every position with two
    or more visible keys and its attention patterns (hard and soft, row-major n x n), and the readouts."""
    from flint import ctx, fmpq_mat

    old = ctx.prec
    ctx.prec = PREC
    try:
        mats = _prepared(net)
        ball = mats["ball"]
        toks = ([net["bos"]] if net["bos"] is not None else []) + list(word)
        n, d = len(toks), net["d"]
        if n > len(net["P"]):
            raise CertificateError(f"an input of {n} positions is longer than the {len(net['P'])} position embeddings")
        idx = {t: k for k, t in enumerate(net["tokens"])}
        hard = _q([[net["E"][idx[t]][c] + net["P"][i][c] for c in range(d)] for i, t in enumerate(toks)])
        from flint import arb_mat

        soft = arb_mat(hard)
        ones = fmpq_mat(n, 1, [1] * n)
        ones_b = arb_mat(ones)
        trace: list = []
        heads: list = []
        patterns: list = []
        for li, (L, ML) in enumerate(zip(net["layers"], mats["layers"])):
            if L["heads"]:
                add_h, add_s, per_head = ones * ML["b_O"], ones_b * ball(ML["b_O"]), []
                for H in ML["heads"]:
                    if budget is not None:
                        budget.step(n * n + n * d)   # Python-level steps: each score's exp and hardmax, each output entry
                    hh, hs, (info, A, As) = _head(H, ball, L["mask"], hard, soft, ones, ones_b, n, tau)
                    per_head.append((hh, hs))
                    heads.append(info)
                    patterns.append((li, len(per_head) - 1, A, As))
                    add_h, add_s = add_h + hh, add_s + hs
                hard, soft = hard + add_h, soft + add_s
                trace.append((li, "attn", hard, soft, per_head))
            if ML["mlp"] is not None:
                M = ML["mlp"]
                if budget is not None:
                    budget.step(n * M["W_in"].ncols() + n * d)   # each hidden ReLU, each output entry
                hard = hard + _relu_q(_affine(hard, M["W_in"], M["b_in"], ones)) * M["W_out"] + ones * M["b_out"]
                soft = soft + _relu_b(_affine(soft, ball(M["W_in"]), ball(M["b_in"]), ones_b)) * ball(M["W_out"]) + ones_b * ball(M["b_out"])
                trace.append((li, "mlp", hard, soft, None))
        return {"trace": trace, "heads": heads, "n": n, "patterns": patterns,
                "hard": _rows(_affine(hard, mats["W_U"], mats["b_U"], ones)),
                "soft": _rows(_affine(soft, ball(mats["W_U"]), ball(mats["b_U"]), ones_b))}
    finally:
        ctx.prec = old


def _rows(M) -> list:
    return [[M[i, j] for j in range(M.ncols())] for i in range(M.nrows())]


def _head(H, ball, mask, hard, soft, ones, ones_b, n, tau):
    """One head: its exact hard output and ball soft output (n x d, in the residual space), and per
    query position with >= 2 visible keys the exact gap top - second and whether the top is tied."""
    from flint import arb, arb_mat, fmpq, fmpq_mat

    S = _affine(hard, H["W_Q"], H["b_Q"], ones) * _affine(hard, H["W_K"], H["b_K"], ones).transpose()
    V = _affine(hard, H["W_V"], H["b_V"], ones) * H["W_O"]
    Ss = _affine(soft, ball(H["W_Q"]), ball(H["b_Q"]), ones_b) * _affine(soft, ball(H["W_K"]), ball(H["b_K"]), ones_b).transpose()
    Vs = _affine(soft, ball(H["W_V"]), ball(H["b_V"]), ones_b) * ball(H["W_O"])
    inv = arb(fmpq(tau.denominator, tau.numerator))
    A = [fmpq(0)] * (n * n)
    As = [arb(0)] * (n * n)
    gaps: list = []
    for i in range(n):
        js = list(_visible(mask, i, n))
        s = [S[i, j] for j in js]
        top = max(s)
        M = [j for j, v in zip(js, s) if v == top]
        rest = [v for v in s if v != top]
        if len(js) >= 2:
            gaps.append(Fraction(int((top - max(rest)).p), int((top - max(rest)).q)) if rest else None)
            gaps.append(len(M) > 1 and bool(rest))
        for j in M:
            A[i * n + j] = fmpq(1, len(M))
        sc = [Ss[i, j] * inv for j in js]
        c = arb(max(v.mid() for v in sc))
        e = [(v - c).exp() for v in sc]
        z = sum(e, arb(0))
        for j, ej in zip(js, e):
            As[i * n + j] = ej / z
    hh = fmpq_mat(n, n, A) * V
    hs = arb_mat(n, n, As) * Vs
    return hh, hs, (gaps, A, As)


# --- deciding an input ---------------------------------------------------------------------------

def decide(net: dict, res: dict, eps: Fraction) -> list:
    """Per position (after BOS): "agree", "disagree" or "undecided"."""
    from flint import arb, fmpq

    ro, out = net["readout"], []
    e = arb(fmpq(eps.numerator, eps.denominator))
    start = 1 if net["bos"] is not None else 0
    for i in range(start, res["n"]):
        h, s = res["hard"][i], res["soft"][i]
        if ro["kind"] == "numeric":
            diff = s[0] - h[0]
            if abs(diff) <= e:
                out.append("agree")
            elif diff > e or -diff > e:
                out.append("disagree")
            else:
                out.append("undecided")
            continue
        top = max(h)
        best = [k for k, v in enumerate(h) if v == top]
        sure = [k for k in range(len(s)) if all(s[k] > s[m] for m in range(len(s)) if m != k)]
        if len(best) == 1 and sure == best:
            out.append("agree")
        elif sure and (len(best) > 1 or sure != best):
            out.append("disagree")
        else:
            out.append("undecided")
    return out


def soft_label(net: dict, values: list):
    """The soft readout when the balls decide it: the certain argmax label, or for a numeric readout
    the ball itself (an arb); None when two logits' balls overlap at the top."""
    ro = net["readout"]
    if ro["kind"] == "numeric":
        return values[0]
    sure = [k for k in range(len(values)) if all(values[k] > values[m] for m in range(len(values)) if m != k)]
    return str(ro["labels"][sure[0]]) if sure else None


def label(net: dict, values: list) -> str:
    ro = net["readout"]
    if ro["kind"] == "numeric":
        v = values[0]
        return str(Fraction(int(v.p), int(v.q)))
    top = max(values)
    best = [ro["labels"][k] for k, v in enumerate(values) if v == top]
    return str(best[0]) if len(best) == 1 else "tie:" + "|".join(map(str, best))


def _far(hard, soft, e) -> list:
    """(position, coordinate) where the soft ball lies certainly more than e from the hard value."""
    from flint import arb

    out = []
    for i in range(hard.nrows()):
        for c in range(hard.ncols()):
            diff = soft[i, c] - arb(hard[i, c])
            if diff > e or -diff > e:
                out.append((i, c))
    return out


def first_difference(res: dict, eps: Fraction) -> dict | None:
    """The first block (in order) whose soft stream lies certainly more than eps from the hard one at
    some coordinate and position; for attention, the first head whose own output does."""
    from flint import arb, ctx, fmpq

    old = ctx.prec
    ctx.prec = PREC
    try:
        e = arb(fmpq(eps.numerator, eps.denominator))
        for li, kind, hard, soft, per_head in res["trace"]:
            far = _far(hard, soft, e)
            if far:
                out = {"layer": li, "kind": kind, "position": far[0][0], "coord": far[0][1]}
                for h, (hh, hs) in enumerate(per_head or []):
                    if _far(hh, hs, e):
                        out["head"] = h
                        break
                return out
        return None
    finally:
        ctx.prec = old


def _show(b) -> str:
    return b.str(8, radius=False) if hasattr(b, "mid") else str(b)


def evaluate(weights: dict, max_len: int, sample, tau, eps, budget=None, progress=None) -> dict:
    """The result a ``soft-hard`` record states: counts, the shortest disagreeing input with its
    readouts and the first block (and head) where soft and hard differ, each head's least gap."""
    net = parse(weights)
    t, e = _num(tau), _num(eps)
    if t <= 0 or e <= 0:
        raise CertificateError("tau and eps must be positive")
    words = inputs(net["alphabet"], max_len, sample)
    counts = {"agree": 0, "disagree": 0, "undecided": 0}
    first = None
    nheads = sum(len(L["heads"]) for L in net["layers"])
    gaps: list = [None] * nheads
    tied: list = [None] * nheads
    for w in words:
        if budget is not None:
            budget.case()
        res = run(net, w, t, budget)
        for h, info in enumerate(res["heads"]):
            for g, tie in zip(info[0::2], info[1::2]):
                if g is not None:
                    gaps[h] = g if gaps[h] is None else min(gaps[h], g)
                if tie and tied[h] is None:
                    tied[h] = "".join(w)
        verdicts = decide(net, res, e)
        word_verdict = "disagree" if "disagree" in verdicts else "undecided" if "undecided" in verdicts else "agree"
        counts[word_verdict] += 1
        if word_verdict == "disagree" and first is None:
            start = 1 if net["bos"] is not None else 0
            pos = verdicts.index("disagree")
            first = {"word": list(w), "position": pos + 1,
                     "hard": label(net, res["hard"][pos + start]),
                     "soft": [_show(b) for b in res["soft"][pos + start]][:8],
                     "where": first_difference(res, e)}
        if progress is not None:
            progress(1)
    kinds = []
    for g, tie in zip(gaps, tied):
        kinds.append("tied" if tie is not None else "uniform" if g is None else "tieless")
    return {"cases": len(words), "counts": counts, "first_disagreement": first,
            "heads": [{"gap": None if g is None else str(g), "kind": k, "tie": tie} for g, k, tie in zip(gaps, kinds, tied)]}


def check_soft_hard(record: dict, ctx: CheckContext) -> Outcome:
    if set(record) != {"kind", "weights", "max_len", "sample", "tau", "eps", "result", "holds"}:
        raise CertificateError("soft-hard record has kind, weights, max_len, sample, tau, eps, result and holds")
    n = record["max_len"]
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 4096:
        raise CertificateError("max_len must be an integer in 1..4096")
    got = evaluate(record["weights"], n, record["sample"], record["tau"], record["eps"], ctx.budget)
    got = json.loads(json.dumps(got))
    if got != record["result"]:
        return Outcome(False, False, "soft-hard result differs from the re-run of its weights")
    holds = got["counts"]["disagree"] == 0 and got["counts"]["undecided"] == 0
    if record["holds"] is not holds:
        return Outcome(False, False, "soft-hard holds differs from its counts")
    return Outcome(True, holds, f"{got['cases']} inputs re-run: {got['counts']}")
