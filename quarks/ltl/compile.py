"""Compiling a TL[#] formula into a softmax transformer (the constructions of Theorems 12-23).

Every sub-formula gets a coordinate of the residual stream holding its exact Boolean value.
Attention heads approximate the hard-attention steps; a Lemma 9 rounding unit turns each head's
approximate Boolean back into an exact one, so errors never accumulate.

Variants (``variant``):

``temperature`` (Thms 12a, 15a, 17a, 20a, Cor 22a)
    bounded position embeddings (1, (-1)^i, i/n, 1/i, 1/n, ...); selection heads at temperature
    ``tau(n) = 1/(c n)``; no masking restrictions.
``unbounded`` (Thms 12b, 15b, 17b, 20b, Cor 22b)
    the same scores multiplied by ``c n`` through unbounded embeddings (n, (-1)^i n, i, ...), tau = 1.
``causal-temperature`` / ``causal`` (Thms 13, 16, 21, Cors 18, 23)
    future masking only (past operators Y, S, #left, P, H); ``causal`` uses embeddings i, (-1)^i i
    instead of n, so that no parameter depends on the input length.

Our constructions (the seed lost its formulas; constants are ours, see notes/soft-hard.md):

* first / last position (Prop. 11): uniform future- (past-) masked attention to (-1)^j.
* ``Y phi``: future-masked head, score ``-(-1)^i (-1)^j + j/n``: the rightmost position of the other
  parity, i.e. ``i - 1``; the rounding unit also zeroes position 1.  ``X phi`` mirrors it.
* ``phi S psi``: future-masked head, score ``2 B(j) + j/n`` with ``B = !phi | psi``, value ``psi``:
  the rightmost ``j <= i`` with B (or ``i`` itself when there is none, where psi is false).
  ``phi U psi`` mirrors it; strict versions are ``Y (phi S psi)`` and ``X (phi U psi)``.
* counts (Thm 20): see :func:`Compiler.compare` and :func:`Compiler.count_pred`.
"""
from __future__ import annotations

from fractions import Fraction

from quarks.attention.model import Head, Layer, Model, Unit
from quarks.ltl.counting import compile_compare, compile_pred
from quarks.ltl.parts import PE, CompileError, rounding, sum_of  # noqa: F401 (part of this module's interface)
from quarks.ltl.syntax import And, Atom, Compare, Const, Next, Not, Or, Pred, Prev, Since, Until, show, subformulas, symbols

VARIANTS = ("temperature", "unbounded", "causal-temperature", "causal")

class Compiler:
    def __init__(self, alphabet, variant: str = "temperature", c=2):
        if variant not in VARIANTS:
            raise CompileError(f"unknown variant {variant!r} (choose {', '.join(VARIANTS)})")
        self.alphabet = list(alphabet)
        self.variant = variant
        self.c = Fraction(c)
        self.causal = variant.startswith("causal")
        self.layers: list[Layer] = []
        self.pe = {}
        self.coord = {}  # formula -> coordinate
        self.ready = {}  # coordinate -> index of the layer whose FFN wrote it (-1: input)
        self.names = {}
        self.count = 0

    # --- bookkeeping -----------------------------------------------------------------------

    def fresh(self, stem: str) -> str:
        self.count += 1
        return f"{stem}{self.count}"

    def layer(self, k: int) -> Layer:
        while len(self.layers) <= k:
            self.layers.append(Layer())
        return self.layers[k]

    def use_pe(self, name: str) -> str:
        self.pe[name] = PE[name]
        self.ready[name] = -1
        return name

    def tau(self):
        if self.variant in ("temperature", "causal-temperature"):
            return ["/", 1, ["*", _json(self.c), "n"]]
        return 1

    def scale(self, kind: str):
        """The query feature and weight carrying the factor c*n (or c*i) of a score term."""
        if self.variant in ("temperature", "causal-temperature"):
            return {"one": ("pe:one", 1), "alt": ("pe:alt", 1)}[kind]
        big = "i" if self.variant == "causal" else "n"
        return {"one": (f"pe:{big}", self.c), "alt": (f"pe:alt*{big}", self.c)}[kind]

    def tie(self, sign: int):
        """The tie-breaking term +- j/n (temperature) or +- c j (unbounded)."""
        self.use_pe("pe:one")
        if self.variant in ("temperature", "causal-temperature"):
            return ("pe:one", self.use_pe("pe:i/n"), Fraction(sign))
        return ("pe:one", self.use_pe("pe:i"), sign * self.c)

    # --- positions 1 and n (Proposition 11) ----------------------------------------------

    def first(self) -> str:
        if "first" not in self.coord:
            self.use_pe("pe:alt")
            L = self.layer(0)
            L.heads.append(Head("avg:first", "pe:alt", [], mask="future", note="Prop 11a: uniform, future-masked"))
            L.units.append(Unit([({"avg:first": -2}, -1), ({"avg:first": -2}, -2)], {"first": ([1, -1], 0)},
                                note="first = [avg = -1]"))
            self.coord["first"] = "first"
            self.ready["first"] = 0
        return "first"

    def last(self) -> str:
        if self.causal:
            raise CompileError("a future-masked model cannot see the last position")
        if "last" not in self.coord:
            self.use_pe("pe:alt")
            L = self.layer(0)
            L.heads.append(Head("avg:last", "pe:alt", [], mask="past", note="Prop 11b: uniform, past-masked"))
            L.units.append(Unit([({"avg:last": 2}, -1), ({"avg:last": -2}, -1)], {"last": ([1, 1], 0)},
                                note="last = [|avg| = 1]"))
            self.coord["last"] = "last"
            self.ready["last"] = 0
        return "last"

    # --- the formula -----------------------------------------------------------------------

    def compile(self, f) -> Model:
        unknown = symbols(f) - set(self.alphabet)
        if unknown:
            raise CompileError(f"symbols {sorted(unknown)} are not in the alphabet {''.join(self.alphabet)}")
        for g in subformulas(f):
            self.node(g)
        out = self.coord[f]
        self.layer(0)
        model = Model(self.alphabet, dict(self.pe), self.layers, out, info={
            "formula": show(f),
            "variant": self.variant,
            "c": str(self.c),
            "temperature": self.tau(),
            "subformulas": self.names,
        })
        model.validate()
        return model

    def node(self, g):
        if g in self.coord:
            return self.coord[g]
        if isinstance(g, Atom):
            c = f"w:{g.symbol}"
            self.ready[c] = -1
        elif isinstance(g, Const):
            c = self.unit_node(g, [], lambda: Unit([], {}))
        elif isinstance(g, Not):
            a = self.node(g.arg)
            c = self.unit_node(g, [a], lambda: Unit([({a: -1}, 1)], {}))
        elif isinstance(g, And):
            a, b = self.node(g.left), self.node(g.right)
            c = self.unit_node(g, [a, b], lambda: Unit([(sum_of(a, b), -1)], {}))
        elif isinstance(g, Or):
            a, b = self.node(g.left), self.node(g.right)
            c = self.unit_node(g, [a, b], lambda: Unit([(sum_of(a, b), 0), (sum_of(a, b), -1)], {}), [1, -1])
        elif isinstance(g, Prev):
            c = self.prev(g)
        elif isinstance(g, Next):
            c = self.next(g)
        elif isinstance(g, (Since, Until)):
            c = self.since_until(g)
        elif isinstance(g, Compare):
            c = self.compare(g)
        elif isinstance(g, Pred):
            c = self.pred(g)
        else:
            raise CompileError(f"cannot compile {g!r}")
        self.coord[g] = c
        self.names.setdefault(c, show(g))
        return c

    def at(self, inputs) -> int:
        return max((self.ready[c] for c in inputs), default=-1) + 1

    def unit_node(self, g, inputs, make, vs=None) -> str:
        """A Boolean function of exact Booleans, by one ReLU unit in the first FFN that can see them."""
        if isinstance(g, Const):
            c = self.fresh("const")
            u = Unit([], {c: ([], int(g.value))})
        else:
            c = self.fresh("b")
            u = make()
            u.out = {c: ([Fraction(v) for v in (vs or [1] * len(u.hidden))], Fraction(0))}
        k = self.at(inputs)
        self.layer(k).units.append(u)
        self.ready[c] = k
        return c

    def select(self, match, value, direction: str, inputs, gate=None, note="") -> str:
        """A head attending to the rightmost (future mask) or leftmost (past mask) position with the
        largest match score, then a rounding unit: returns the exact Boolean coordinate."""
        if direction == "left" and self.causal:
            raise CompileError("future operators (X, U, F, G, #right) need past masking")
        k = max(self.at(inputs), self.ready[gate] + 1 if gate else 0)
        att, out = self.fresh("att"), self.fresh("b")
        terms = list(match) + [self.tie(1 if direction == "right" else -1)]
        mask = "future" if direction == "right" else "past"
        self.layer(k).heads.append(Head(att, value, terms, mask=mask, tau=self.tau(), note=note))
        u = rounding(att, gate)
        u.out = {out: ([1, -1], 0)}
        self.layer(k).units.append(u)
        self.ready[att] = k
        self.ready[out] = k
        return out

    def prev(self, g) -> str:
        a = self.node(g.arg)
        first = self.first()
        q, w = self.scale("alt")
        self.use_pe(q)
        match = [(q, self.use_pe("pe:alt"), -w)]
        return self.select(match, a, "right", [a], gate=first, note="Y: rightmost position of the other parity")

    def next(self, g) -> str:
        a = self.node(g.arg)
        last = self.last()
        q, w = self.scale("alt")
        self.use_pe(q)
        match = [(q, self.use_pe("pe:alt"), -w)]
        return self.select(match, a, "left", [a], gate=last, note="X: leftmost position of the other parity")

    def since_until(self, g) -> str:
        if g.strict:  # strict since at i = non-strict since at i - 1
            inner = type(g)(g.left, g.right, False)
            return self.node(Prev(inner) if isinstance(g, Since) else Next(inner))
        self.node(g.left)
        b = self.node(g.right)
        stop = self.node(Or(Not(g.left), g.right))
        q, w = self.scale("one")
        self.use_pe(q)
        self.use_pe("pe:one")
        match = [(q, stop, 2 * w)]
        direction = "right" if isinstance(g, Since) else "left"
        return self.select(match, b, direction, [stop, b],
                           note=f"{'S' if direction == 'right' else 'U'}: nearest position where !phi | psi")

    def compare(self, g):
        return compile_compare(self, g)

    def pred(self, g):
        return compile_pred(self, g)


def _json(x: Fraction):
    return x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def compile_formula(f, alphabet, variant: str = "temperature", c=2) -> Model:
    """The softmax transformer computing f at every position (see the module docstring)."""
    return Compiler(alphabet, variant, c).compile(f)
