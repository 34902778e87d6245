"""The counting compiler of the Coq theorems (LTLCountCompile.v's ``bcompile``), written in Python.

``bcompile`` compiles a formula of TL[#] with one-sided comparisons (``tfrag``) into one block of
layers per connective, each block writing fresh coordinates above those of its arguments (nothing
shared, unlike :mod:`quarks.ltl.counting`): Boolean units; Y / X / S / U selection heads with Lemma 9
rounding; per comparison ``sum_k a_k #d[phi_k] + c0 >= 0`` one uniform count head per term, the
local unit, the sign head (query ``(E + 1/2)/d``, key ``(-1)^i``, value ``[i even]``, K = 2) and the
comparison unit; ``P_n(i)`` read from its own embedding; ``P_n(#d[phi])`` by the count head, Z = [C = 0]
from an S (U) head, and Lemma 7's table lookup (keys ``2j``, ``-j^2``) gated by Z, with ``P_n(0)`` read
from its own embedding (numerical predicates are families ``P_n``, ``predicate(name)(x, n)``).  Every head
runs at the one temperature ``tau = 1/(2n)`` of Theorems 20, 21 and Corollaries 22, 23.

The formula is first read as Coq's ``tl`` (:func:`tl_of`, as :func:`quarks.ltl.coq_term.count_formula_term`
writes it), and :func:`bnode` follows Coq's ``bnode`` clause by clause on integer coordinates, so
``tests/ltl/test_ltl_count_coq.py`` checks by ``vm_compute`` that Coq's ``bcompile`` is this network.
Coordinates (LTLCountCompile.v): letters 0..k-1; embeddings at k + p (:data:`FIXED_PE`); first, last,
their averages and [n = 1] at k + 7 .. k + 11; [P_n(i)] per numerical predicate at k + 13 + r (a
predicate on a count followed by [P_n(0)], Coq's ``pred0``); fresh coordinates from k + 13 + #predicates.

:func:`mcompile` is Coq's ``mcompile k false`` (LTLCountCompile.v): ``bcompile`` on ``tfrag``, and on any
other formula the n-scaled keys 2in, -i^2 n after the predicate embeddings (``pes_mix``) with every
comparison mixing #left and #right compiled by ``mix_layers`` (each count read back as a number by an
unmasked lookup of weight K = 2 (1 + sum_k |a_k|), LTLCountMix.v).  :func:`bcompile_b` is
LTLCountTau1.v's ``bcompile_b``: ``ncompile_at k false 6`` (the six embeddings ``pes_b``: 2in, -i^2 n,
n, (-1)^i n, 2in^2, -i^2 n^2) with every head's scores scaled by 2n (``scale_term``), run at tau = 1.
:func:`acompile` is LTLCountBounded.v's ``acompile n`` (variant (a) as proved first: depends on n), and
:func:`pcompile` variant (a) as printed (one network, weights independent of n, every head at 1/(2n^3)):
LTLCountFixed.v's ``pcompile`` on ``tfrag`` and LTLCountPaperThm.v's ``pqcompile`` otherwise (together Coq's
``pacompile``), whose comparisons mixing #left and #right are the paper's block (:meth:`Blocks.pmix_layers`).
"""
from __future__ import annotations

import re
from fractions import Fraction

from quarks.attention.model import Head, Layer, Model, Unit, predicate
from quarks.ltl.parts import CompileError
from quarks.ltl.syntax import And, Atom, Compare, Const, Next, Not, Or, Pos, Pred, Prev, Since, Until, show, symbols

TAU = ["/", 1, ["*", 2, "n"]]  # LTLSoft.v's tau_paper n = 1 / (2 n)
TAU_A = ["/", 1, ["*", 2, ["^", "n", 3]]]  # LTLCountPaper.v's tau_a n = 1 / (2 n^3)
K_SIGN = Fraction(2)  # the sign head's score factor K

# pes_count: coordinate k + p holds the p-th embedding (1-based position i, length n); k + 7 .. k + 11 are 0
FIXED_PE = {
    0: ("pe:one", 1),
    1: ("pe:alt", ["^", -1, "i"]),
    2: ("pe:i/n", ["/", "i", "n"]),
    3: ("pe:1/i", ["/", 1, "i"]),
    4: ("pe:1/(n-i+1)", ["/", 1, ["+", ["-", "n", "i"], 1]]),
    5: ("pe:even", ["pred", "EVEN", "i"]),
    6: ("pe:-i^2", ["neg", ["*", "i", "i"]]),
    12: ("pe:2i", ["*", 2, "i"]),
}
NAMED = {7: "first", 8: "last", 9: "avg:first", 10: "avg:last", 11: "single"}
ONE, ALT, FRAC, INVL, INVR, EVEN, NEGSQ, FIRST, LAST, AVG_FIRST, AVG_LAST, SINGLE, TWO = range(13)
# pes_mix / pes_b: the embeddings after the predicates, from xk = k + 13 + #predicates
EXTRA = {"pe:2in": ["*", ["*", 2, "i"], "n"], "pe:-i^2n": ["*", ["neg", ["*", "i", "i"]], "n"], "pe:n": "n",
         "pe:alt*n": ["*", ["^", -1, "i"], "n"], "pe:2in^2": ["*", "n", ["*", ["*", 2, "i"], "n"]],
         "pe:-i^2n^2": ["*", "n", ["*", ["neg", ["*", "i", "i"]], "n"]]}
EXTRA_NAMES = list(EXTRA)
# pes_a (LTLCountBoundedSim.v): acompile's bounded keys after the predicates, at xk and xk + 1
BOUNDED = {"pe:i/n^2": ["/", "i", ["*", "n", "n"]], "pe:-(i/n)^2": ["neg", ["*", ["/", "i", "n"], ["/", "i", "n"]]]}
BOUNDED_NAMES = list(BOUNDED)
# LTLCountPaperThm.v's tpes_q: the same keys again at xk + 2, xk + 3, read by the paper's count lookups
PAPER_KEYS = {"pe:i/n^2:count": BOUNDED["pe:i/n^2"], "pe:-(i/n)^2:count": BOUNDED["pe:-(i/n)^2"]}
PAPER_KEY_NAMES = list(PAPER_KEYS)
FRESH = re.compile(r"t(\d+)")
PRED_PE = re.compile(r"pe:[A-Z0-9_]+\((?:i|0)\):(\d+)")


# --- the formula as LTLCountSyntax.v's tl ------------------------------------------------------
# ("atom", a) ("const", b) ("not", p) ("and", p, q) ("or", p, q) ("Y", p) ("X", p) ("S", p, q) ("U", p, q)
# ("cmp", ((a_k, side_k, p_k), ...), c0)  ("pos", NAME)  ("cnt", NAME, side, p)

def tl_of(f, alphabet) -> tuple:
    """The formula as Coq's ``tl``: strict S / U as Y / X of the non-strict ones; a comparison
    ``L op R`` as ``TCmp`` of the terms of L, then those of R negated, c0 = const(L) - const(R), and
    >, <=, <, =, != as LTLCountSyntax.v's ``tcmp_gt`` .. ``tcmp_ne``."""
    go = lambda g: tl_of(g, alphabet)  # noqa: E731
    if isinstance(f, Atom):
        return ("atom", list(alphabet).index(f.symbol))
    if isinstance(f, Const):
        return ("const", bool(f.value))
    if isinstance(f, Not):
        return ("not", go(f.arg))
    if isinstance(f, (And, Or)):
        return ("and" if isinstance(f, And) else "or", go(f.left), go(f.right))
    if isinstance(f, (Prev, Next)):
        return ("Y" if isinstance(f, Prev) else "X", go(f.arg))
    if isinstance(f, (Since, Until)):
        inner = ("S" if isinstance(f, Since) else "U", go(f.left), go(f.right))
        return ("Y" if isinstance(f, Since) else "X", inner) if f.strict else inner
    if isinstance(f, Compare):
        e = tuple((c, t.side, go(t.arg)) for c, t in f.left.terms) + \
            tuple((-c, t.side, go(t.arg)) for c, t in f.right.terms)
        neg = tuple((-a, d, p) for a, d, p in e)
        c0 = f.left.const - f.right.const
        eq = ("and", ("cmp", e, c0), ("cmp", neg, -c0))
        return {">=": ("cmp", e, c0), ">": ("cmp", e, c0 - 1), "<=": ("cmp", neg, -c0),
                "<": ("cmp", neg, -c0 - 1), "=": eq, "!=": ("not", eq)}[f.op]
    if isinstance(f, Pred):
        predicate(f.name)  # a known predicate
        if isinstance(f.arg, Pos):
            return ("pos", f.name)
        return ("cnt", f.name, f.arg.side, go(f.arg.arg))
    raise CompileError(f"{show(f)} has no term in LTLCountSyntax.v")


def ldir(e) -> str:
    """The side of a comparison: that of its first term (left when it has none)."""
    return e[0][1] if e else "left"


def one_sided(e) -> bool:
    """LTLCountCompile.v's ``lsame (ldir e) e``: every term counts on the comparison's side."""
    return all(s == ldir(e) for _, s, _ in e)


def mfrag(p, causal: bool, mix: bool) -> bool:
    """LTLCountCompile.v's ``mfrag`` (letters aside): no X, U, #right when causal; comparisons mixing
    #left and #right only with the n-scaled keys (``mix``) and not causal."""
    tag, go = p[0], (lambda q: mfrag(q, causal, mix))  # noqa: E731
    if tag in ("atom", "const", "pos"):
        return True
    if tag in ("not", "Y"):
        return go(p[1])
    if tag == "X":
        return not causal and go(p[1])
    if tag in ("and", "or", "S"):
        return go(p[1]) and go(p[2])
    if tag == "U":
        return not causal and go(p[1]) and go(p[2])
    if tag == "cmp":
        side = (not causal or ldir(p[1]) == "left") if one_sided(p[1]) else mix and not causal
        return all(go(q) for _, _, q in p[1]) and side
    return go(p[3]) and (not causal or p[2] == "left")  # cnt


def tfrag(p, causal: bool) -> bool:
    """LTLCountCompile.v's fragment of bcompile: comparisons of counts on one side; no X, U, #right when causal."""
    return mfrag(p, causal, False)


def tpreds(p) -> list:
    """The numerical predicates of p in the order the compiler meets them (one embedding each), as
    (name, argument): ``(P, "i")`` for [P_n(i)], and after a predicate on a count ``(P, 0)`` for [P_n(0)]."""
    tag = p[0]
    if tag in ("atom", "const"):
        return []
    if tag in ("not", "Y", "X"):
        return tpreds(p[1])
    if tag in ("and", "or", "S", "U"):
        return tpreds(p[1]) + tpreds(p[2])
    if tag == "cmp":
        return [P for _, _, q in p[1] for P in tpreds(q)]
    if tag == "pos":
        return [(p[1], "i")]
    return tpreds(p[3]) + [(p[1], "i"), (p[1], 0)]  # cnt


# --- the blocks ----------------------------------------------------------------------------------

def _mask(side: str) -> str:
    """#left is future-masked, #right past-masked (LTLCountStage.v's dmask)."""
    return "future" if side == "left" else "past"


class Blocks:
    """LTLCountCompile.v's Compiler section for alphabet size k and the causal flag, on integer
    coordinates; heads as (out, value, terms, mask), units as (out, [(v, [(coord, w)], b)], c, the
    coordinate a Lemma 9 rounding reads or None)."""

    def __init__(self, k: int, causal: bool, xk: int = 0, paper: bool = False):
        self.k, self.causal, self.xk, self.paper = k, causal, xk, paper
        self.sign_mask = "future" if causal else "none"
        self.one_pos = k + (FIRST if causal else SINGLE)

    def pe(self, p: int) -> int:
        return self.k + p

    def inv(self, side: str) -> int:
        return self.pe(INVL if side == "left" else INVR)

    @staticmethod
    def layer(heads=(), units=()) -> tuple:
        return (list(heads), list(units))

    @staticmethod
    def not_neurons(a):
        return [(1, [(a, -1)], 1)]

    @staticmethod
    def sum_of(a, b):
        """Weights of a + b (LTLSyntax.v's sum_of: one weight 2 when a = b)."""
        return [(a, 2)] if a == b else [(a, 1), (b, 1)]

    @classmethod
    def or_neurons(cls, a, b):
        return [(1, cls.sum_of(a, b), 0), (-1, cls.sum_of(a, b), -1)]

    @staticmethod
    def rounding(out, x, gate=None):
        w = [(x, 2)] + ([(gate, -2)] if gate is not None else [])
        return (out, [(1, w, Fraction(-1, 2)), (-1, w, Fraction(-3, 2))], 0, x)

    def sel_head(self, att, a, mask, s):
        return (att, a, [(self.pe(ALT), self.pe(ALT), -1), (self.pe(ONE), self.pe(FRAC), s)], mask)

    def su_head(self, att, b, s, mask, sign):
        return (att, b, [(self.pe(ONE), s, 2), (self.pe(ONE), self.pe(FRAC), sign)], mask)

    def prologue(self) -> list:
        """Proposition 11's first (and last, [n = 1]) before everything else."""
        k = self.k
        first = self.layer([(k + AVG_FIRST, k + ALT, [], "future")],
                           [(k + FIRST, [(1, [(k + AVG_FIRST, -2)], -1), (-1, [(k + AVG_FIRST, -2)], -2)], 0, None)])
        if self.causal:
            return [first]
        last = self.layer([(k + AVG_LAST, k + ALT, [], "past")],
                          [(k + LAST, [(1, [(k + AVG_LAST, 2)], -1), (1, [(k + AVG_LAST, -2)], -1)], 0, None)])
        single = self.unit_layer(k + SINGLE, [(1, [(k + FIRST, 1), (k + LAST, 1)], -1)])
        return [first, last, single]

    def unit_layer(self, out, neurons, c=0):
        return self.layer([], [(out, neurons, c, None)])

    def count_z_layers(self, a, side, g) -> list:
        """The count of a at g, [some position counted] at g + 1 rounded at g + 2, Z = [C = 0] at g + 3."""
        return [self.layer([(g, a, [], _mask(side))]),
                self.layer([self.su_head(g + 1, a, a, _mask(side), 1 if side == "left" else -1)],
                           [self.rounding(g + 2, g + 1)]),
                self.unit_layer(g + 3, self.not_neurons(g + 2))]

    def pred_layers(self, a, side, pc, g) -> list:
        """P_n(#d[a]): the count layers, the lookup of [P_n(j)] (at pc) at g + 4 and P_n(C) at g + 5, reading
        Z [P_n(0)] = ReLU(Z + [P_n(0)] - 1) from the embedding at pc + 1."""
        zw = [(g + 4, 2), (g + 3, -2)]
        return self.count_z_layers(a, side, g) + [
                self.layer([(g + 4, pc, [(g, self.pe(TWO), 2), (self.inv(side), self.pe(NEGSQ), 2)], self.sign_mask)],
                           [(g + 5, [(1, zw, Fraction(-1, 2)), (-1, zw, Fraction(-3, 2)), (1, [(g + 3, 1), (pc + 1, 1)], -1)],
                             0, g + 4)])]

    def cmp_layers(self, args, side, c0, g) -> list:
        """Counts at g .., the local unit at g + m, the sign head at g + m + 1, the result at g + m + 2."""
        m = len(args)
        counts = [self.layer([(g + t, b, [], _mask(side))]) for t, (b, _) in enumerate(args)]
        local = self.unit_layer(g + m, [(1, args, c0 + 1), (-1, args, c0)])  # [sum_k a_k phi_k(i) + c0 >= 0]
        terms = [(g + t, self.pe(ALT), K_SIGN * a) for t, (_, a) in enumerate(args)]
        terms.append((self.inv(side), self.pe(ALT), K_SIGN * (c0 + Fraction(1, 2))))
        one, att, out = self.one_pos, g + m + 1, g + m + 2
        gw = [(att, 2), (one, -2)]
        sign = self.layer([(att, self.pe(EVEN), terms, self.sign_mask)],
                          [(out, [(1, gw, Fraction(-1, 2)), (-1, gw, Fraction(-3, 2)), (1, [(g + m, 1), (one, 1)], -1)], 0, att)])
        return counts + [local, sign]

    def mix_layers(self, ts, c0, g) -> list:
        """LTLCountCompile.v's mix_layers over ts (coordinate, a_k, side): per term the count layers and
        the unmasked lookup (query C/d, 1/d weight K, keys 2jn, -j^2 n at xk, xk + 1, value 2j) at
        g + 5t + 4; the unit rounding 4 (sum_k a_k C_k + c0) + 2 at g + 5m."""
        K = 2 * (1 + sum(abs(a) for _, a, _ in ts))
        layers, weights = [], []
        for t, (b, a, side) in enumerate(ts):
            h = g + 5 * t
            look = (h + 4, self.pe(TWO), [(h, self.xk, K), (self.inv(side), self.xk + 1, K)], "none")
            layers += self.count_z_layers(b, side, h) + [self.layer([look])]
            weights += [(h + 4, 2 * a), (h + 3, -4 * a)]
        return layers + [self.unit_layer(g + 5 * len(ts), [(1, weights, 4 * c0 + 2), (-1, weights, 4 * c0 + 1)])]

    def pmix_layers(self, ts, c0, g) -> list:
        """LTLCountPaperBlock.v's pmix_layers over ts (coordinate, a_k, side): per term the count layers, the
        unmasked lookup of C/n (query C/d, 1/d with weights 2K, K on the bounded keys at xk + 2, xk + 3,
        value i/n) at g + 6t + 4 and ReLU(lookup - Z) at g + 6t + 5; at G = g + 6m the unit rounding
        4 (sum_k a_k r_k + c0) + 2, 1/n (uniform head over first) at G + 1, the sign head of (E + 1/2)/n at
        G + 2 and the comparison unit at G + 3 (the rounding gated off by [n = 1], plus ReLU(local + 2 [n = 1] - 2))."""
        K = 2 + 2 * sum(abs(a) for _, a, _ in ts)
        layers, reads = [], []
        for t, (b, a, side) in enumerate(ts):
            h = g + 6 * t
            look = (h + 4, self.pe(FRAC), [(h, self.xk + 2, 2 * K), (self.inv(side), self.xk + 3, K)], "none")
            layers += self.count_z_layers(b, side, h) + [self.layer([look], [(h + 5, [(1, [(h + 4, 1), (h + 3, -1)], 0)], 0, None)])]
            reads.append((h + 5, a))
        G = g + 6 * len(ts)
        w4 = [(c, 4 * a) for c, a in reads]
        terms = [(c, self.pe(ALT), K_SIGN * a) for c, a in reads] + [(G + 1, self.pe(ALT), K_SIGN * (c0 + Fraction(1, 2)))]
        one, att = self.k + SINGLE, G + 2
        gw = [(att, 2), (one, -2)]
        return layers + [self.unit_layer(G, [(1, w4, 4 * c0 + 2), (-1, w4, 4 * c0 + 1)]),
                         self.layer([(G + 1, self.k + FIRST, [], "none")]),
                         self.layer([(att, self.pe(EVEN), terms, "none")],
                                    [(G + 3, [(1, gw, Fraction(-1, 2)), (-1, gw, Fraction(-3, 2)), (1, [(G, 1), (one, 2)], -2)], 0, att)])]

    def scale_term(self, t):
        """LTLCountTau1.v's scale_term: the term reads n times its query 1 / (-1)^i or its key
        (-1)^j, 2j, -j^2, 2jn, -j^2 n, coefficient doubled (scores times 2n)."""
        q, kc, c = t
        xk = self.xk
        if q in (self.pe(ONE), self.pe(ALT)):
            return (xk + 2 if q == self.pe(ONE) else xk + 3, kc, 2 * c)
        keys = {self.pe(ALT): xk + 3, self.pe(TWO): xk, self.pe(NEGSQ): xk + 1, xk: xk + 4, xk + 1: xk + 5}
        return (q, keys[kc], 2 * c) if kc in keys else t

    def bnode(self, p, f: int, r: int):
        """Coq's ``bnode p f r``: the coordinate of p, the layers, the next fresh coordinate and the
        next position-predicate number."""
        tag, k = p[0], self.k
        if tag == "atom":
            return p[1], [], f, r
        if tag == "const":
            return f, [self.unit_layer(f, [], 1 if p[1] else 0)], f + 1, r
        if tag == "not":
            a, L, f1, r1 = self.bnode(p[1], f, r)
            return f1, L + [self.unit_layer(f1, self.not_neurons(a))], f1 + 1, r1
        if tag in ("Y", "X"):
            a, L, f1, r1 = self.bnode(p[1], f, r)
            mask, s, gate = ("future", 1, k + FIRST) if tag == "Y" else ("past", -1, k + LAST)
            return f1 + 1, L + [self.layer([self.sel_head(f1, a, mask, s)], [self.rounding(f1 + 1, f1, gate)])], f1 + 2, r1
        if tag in ("and", "or", "S", "U"):
            a, L1, f1, r1 = self.bnode(p[1], f, r)
            b, L2, f2, r2 = self.bnode(p[2], f1, r1)
            if tag == "and":
                return f2, L1 + L2 + [self.unit_layer(f2, [(1, self.sum_of(a, b), -1)])], f2 + 1, r2
            if tag == "or":
                return f2, L1 + L2 + [self.unit_layer(f2, self.or_neurons(a, b))], f2 + 1, r2
            mask, sign = ("future", 1) if tag == "S" else ("past", -1)
            block = [self.unit_layer(f2, self.not_neurons(a)), self.unit_layer(f2 + 1, self.or_neurons(f2, b)),
                     self.layer([self.su_head(f2 + 2, b, f2 + 1, mask, sign)], [self.rounding(f2 + 3, f2 + 2)])]
            return f2 + 3, L1 + L2 + block, f2 + 4, r2
        if tag == "cmp":
            args, L, f1, r1 = self.bterms(p[1], f, r)
            m = len(args)
            if one_sided(p[1]):
                return f1 + m + 2, L + self.cmp_layers(args, ldir(p[1]), p[2], f1), f1 + m + 3, r1
            ts = [(b, a, s) for (b, a), (_, s, _) in zip(args, p[1])]
            if self.paper:
                return f1 + 6 * m + 3, L + self.pmix_layers(ts, p[2], f1), f1 + 6 * m + 4, r1
            return f1 + 5 * m, L + self.mix_layers(ts, p[2], f1), f1 + 5 * m + 1, r1
        if tag == "pos":
            return k + 13 + r, [], f, r + 1
        a, L, f1, r1 = self.bnode(p[3], f, r)  # cnt
        return f1 + 5, L + self.pred_layers(a, p[2], k + 13 + r1, f1), f1 + 6, r1 + 2

    def bterms(self, e, f: int, r: int):
        args, layers = [], []
        for a, _, q in e:
            b, L, f, r = self.bnode(q, f, r)
            args.append((b, a))
            layers += L
        return args, layers, f, r


# --- the network as a quarks model ---------------------------------------------------------------

def coordinate_name(c: int, alphabet, preds: list, nx: int = 0) -> str:
    """The model's name of LTLCountCompile.v's coordinate c, nx extra embeddings after the predicates
    (fresh ones: t + their number)."""
    k = len(alphabet)
    if c < k:
        return f"w:{alphabet[c]}"
    if c - k in FIXED_PE:
        return FIXED_PE[c - k][0]
    if c - k in NAMED:
        return NAMED[c - k]
    if k + 13 <= c < k + 13 + len(preds):
        name, arg = preds[c - k - 13]
        return f"pe:{name}({arg}):{c - k - 13}"
    if 0 <= c - k - 13 - len(preds) < nx:
        return EXTRA_NAMES[c - k - 13 - len(preds)]
    return f"t{c}"


def coordinate(name: str, alphabet, npreds: int = 0) -> int:
    """LTLCountCompile.v's number of a coordinate of a model of this module (``npreds`` predicate
    embeddings before the extra ones: :func:`numbering` reads it from the model)."""
    k = len(alphabet)
    if name.startswith("w:"):
        return list(alphabet).index(name[2:])
    for p, (pe, _) in FIXED_PE.items():
        if name == pe:
            return k + p
    for p, named in NAMED.items():
        if name == named:
            return k + p
    if name in EXTRA:
        return k + 13 + npreds + EXTRA_NAMES.index(name)
    if name in BOUNDED:
        return k + 13 + npreds + BOUNDED_NAMES.index(name)
    if name in PAPER_KEYS:
        return k + 13 + npreds + 2 + PAPER_KEY_NAMES.index(name)
    if name in ("2i", "t:-i^2"):  # acompile's coordinates of the zero embeddings 2i, -i^2
        return k + (TWO if name == "2i" else NEGSQ)
    m = PRED_PE.fullmatch(name) or FRESH.fullmatch(name)
    if not m:
        raise CompileError(f"coordinate {name!r} has no number in LTLCountCompile.v")
    return k + 13 + int(m.group(1)) if name.startswith("pe:") else int(m.group(1))


def numbering(model: Model):
    """The coordinate numbering of the model (for quarks.ltl.coq_term.network_term)."""
    npreds = sum(1 for c in model.pe if PRED_PE.fullmatch(c))
    return lambda name, alphabet: coordinate(name, alphabet, npreds)


def _weights(ws, nm) -> dict:
    out: dict = {}
    for c, w in ws:
        if nm(c) in out:
            raise CompileError("a unit weighs one coordinate twice: the model's units take one weight per coordinate")
        out[nm(c)] = Fraction(w)
    return out


def atr_term(t, k: int, xk: int, n: int):
    """LTLCountBoundedSim.v's ``atr_term n k xk``: a score term whose key is 2j, -j^2, 2jn or -j^2 n reads
    the bounded key j/n^2 (at xk) or -(j/n)^2 (at xk + 1), its coefficient times 2n^2, n^2, 2n^3, n^3."""
    q, kc, c = t
    scale = {k + TWO: (xk, 2 * n * n), k + NEGSQ: (xk + 1, n * n), xk: (xk, 2 * n ** 3), xk + 1: (xk + 1, n ** 3)}
    if kc in scale:
        key, s = scale[kc]
        return (q, key, s * Fraction(c))
    return t


def _network(f, alphabet, causal: bool, nx: int, compiler: str, scaled: bool = False, bounded: int = 0,
             fixed: bool = False, paper: bool = False) -> Model:
    """LTLCountCompile.v's ``ncompile_at k causal nx`` of f (``scale_net`` of it when ``scaled``; when
    ``bounded`` = n >= 1, LTLCountBounded.v's ``acompile n``; ``fixed``: LTLCountFixed.v's ``pcompile``,
    the bounded network at n = 1 on tfrag, every head at 1/(2n^3); ``paper``: LTLCountPaperThm.v's
    ``pqcompile``, ``qcompile_at`` (the paper's block for mixed comparisons, nx = 4) so transformed), as a
    model; the embeddings after the predicates are the first nx of :data:`EXTRA` (``acompile``: the bounded
    keys of :data:`BOUNDED`, and for ``paper`` those of :data:`PAPER_KEYS` after them)."""
    alphabet = list(alphabet)
    unknown = symbols(f) - set(alphabet)
    if unknown:
        raise CompileError(f"symbols {sorted(unknown)} are not in the alphabet {''.join(alphabet)}")
    p = tl_of(f, alphabet)
    mix = nx >= 2 and (not bounded or not tfrag(p, causal))
    if fixed and mix and not paper:
        raise CompileError(f"{show(f)} has a comparison mixing #left and #right: LTLCountFixed.v's pcompile "
                           "compiles only formulas whose comparisons count on one side (tfrag); the paper's block "
                           "(LTLCountPaperThm.v's pqcompile) is not causal")
    if not mfrag(p, causal, mix):
        raise CompileError(f"{show(f)} is outside {'tfrag' if nx < 2 else 'mfrag'} (comparisons of counts on one side"
                           f"{'; #left, Y, S only' if causal else ''}): LTLCountCompile.v does not compile it")
    k, preds = len(alphabet), tpreds(p)
    xk = k + 13 + len(preds)
    blocks = Blocks(k, causal, xk, paper)
    c, body, _, _ = blocks.bnode(p, xk + nx, 0)

    def nm(x: int) -> str:
        if bounded and x in (k + NEGSQ, k + TWO):
            return "2i" if x == k + TWO else "t:-i^2"  # zero embeddings; 2i written by the first layer when mixed
        if bounded and x in (xk, xk + 1):
            return BOUNDED_NAMES[x - xk]
        if paper and x in (xk + 2, xk + 3):
            return PAPER_KEY_NAMES[x - xk - 2]
        return coordinate_name(x, alphabet, preds, nx)

    def terms_of(terms):
        if scaled:
            return map(blocks.scale_term, terms)
        if bounded:
            return (atr_term(t, k, xk, bounded) for t in terms)
        return terms

    tau = 1 if scaled else TAU_A if fixed else TAU
    layers = []
    if bounded and mix and not fixed:  # atwo_layer: 2i = 2n (i/n)
        layers.append(Layer([], [Unit([({nm(k + FRAC): Fraction(1)}, Fraction(0))], {"2i": ([Fraction(2 * bounded)], Fraction(0))})]))
    for heads, units in blocks.prologue() + body:
        hs = [Head(nm(out), nm(v), [(nm(q), nm(kc), Fraction(w)) for q, kc, w in terms_of(terms)],
                   mask=mask, tau=tau if terms else 1) for out, v, terms, mask in heads]
        us = [Unit([(_weights(ws, nm), Fraction(b)) for _, ws, b in neurons],
                   {nm(out): ([Fraction(v) for v, _, _ in neurons], Fraction(c0))}, round=None if rd is None else nm(rd))
              for out, neurons, c0, rd in units]
        layers.append(Layer(hs, us))
    pe = {name: spec for p_, (name, spec) in FIXED_PE.items() if not (bounded and p_ in (NEGSQ, TWO))}
    pe.update({nm(k + 13 + r): ["pred", P, arg] for r, (P, arg) in enumerate(preds)})
    pe.update(BOUNDED if bounded else {name: EXTRA[name] for name in EXTRA_NAMES[:nx]})
    pe.update(PAPER_KEYS if paper else {})
    model = Model(alphabet, pe, layers, nm(c), info={"formula": show(f), "compiler": compiler,
                                                     "causal": causal, "temperature": tau})
    model.validate()
    return model


def bcompile(f, alphabet, causal: bool = False) -> Model:
    """Coq's ``bcompile k causal`` of the formula, as a model whose non-uniform heads run at 1/(2n).
    Raises CompileError outside ``tfrag`` (the formulas Theorems 20, 21 speak about)."""
    return _network(f, alphabet, causal, 0, "bcompile")


def mcompile(f, alphabet, causal: bool = False) -> Model:
    """Coq's ``mcompile k causal``: bcompile on tfrag, else with the n-scaled keys 2in, -i^2 n
    (``pes_mix``) and mixed comparisons by ``mix_layers``, at 1/(2n).  Raises CompileError outside
    ``mfrag`` (mixed comparisons are not causal)."""
    try:
        return bcompile(f, alphabet, causal)
    except CompileError:
        if symbols(f) - set(alphabet):
            raise
    return _network(f, alphabet, causal, 2, "mcompile")


def bcompile_b(f, alphabet) -> Model:
    """LTLCountTau1.v's ``bcompile_b k``: ``ncompile_at k false 6`` with every score scaled by 2n, on
    the embeddings ``pes_b`` after the predicates, every head at tau = 1 (variant (b))."""
    return _network(f, alphabet, False, 6, "bcompile_b", scaled=True)


def acompile(f, alphabet, n: int, causal: bool = False) -> Model:
    """LTLCountBounded.v's ``acompile n k causal`` (variant (a) as proved: depends on n): ``ncompile_at k
    causal 2`` with every lookup reading the bounded keys j/n^2, -(j/n)^2 (``atr_term``), the embeddings
    -i^2 and 2i zero, and, when f has a comparison mixing #left and #right, a first layer writing 2i =
    2n (i/n); every head at 1/(2n).  Raises CompileError outside ``mfrag`` (mixed comparisons are not causal)."""
    if n < 1:
        raise CompileError(f"acompile needs n >= 1, not {n}")
    return _network(f, alphabet, causal, 2, "acompile", bounded=n)


def pcompile(f, alphabet, causal: bool = False) -> Model:
    """Variant (a) as printed, weights independent of n, every head at 1/(2n^3): on ``tfrag``,
    LTLCountFixed.v's ``pcompile k causal`` (``ncompile_at k causal 2`` with every lookup reading the
    bounded keys j/n^2, -(j/n)^2 with its coefficients doubled, resp. kept: ``atr_term`` at n = 1; the
    embeddings -i^2 and 2i zero); otherwise (not causal) LTLCountPaperThm.v's ``pqcompile k``, the same
    with every comparison mixing #left and #right compiled by the paper's block (:meth:`Blocks.pmix_layers`)
    on the keys of :data:`PAPER_KEYS`.  Not causal, this is Coq's ``pacompile k``.  Raises CompileError
    for a causal formula outside ``tfrag``."""
    try:
        return _network(f, alphabet, causal, 2, "pcompile", bounded=1, fixed=True)
    except CompileError:
        if causal or symbols(f) - set(alphabet):
            raise
    return _network(f, alphabet, False, 4, "pcompile", bounded=1, fixed=True, paper=True)
