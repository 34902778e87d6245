"""Count terms, linear comparisons and numerical predicates (Theorems 20, 21; our constructions).

Step 1 (exact): ``#left[phi] / i`` by uniform future-masked attention to phi, ``#right[phi] / (n-i+1)``
by uniform past-masked attention; softmax over equal scores is exactly uniform, so no error yet.

Comparisons ``E >= 0`` with ``E = sum_k a_k C_k + c0`` (every comparison is one or two of these):

* all counts on one side (denominator d = i or n-i+1): a *sign test*.  The query holds the exact
  ``z = (E + 1/2) / d`` (|z| >= 1/(2n)); the key is (-1)^j (times n when unbounded); the value is
  ``[j even]``.  Hard attention averages over the even positions when z > 0 and the odd ones when
  z < 0, giving exactly ``[E >= 0]``.  A one-position input (n = 1; causal: i = 1) has one parity
  only; there ``E`` is a local Boolean function and a unit computes it directly.
* counts on both sides: each ``C_k`` is first *looked up* (Lemma 7): scores ``K (2 C j - j^2) / d``
  (times ``c n^3`` through the temperature, or ``c n`` through unbounded keys) peak at ``j = C``; the
  value ``j / n`` (or ``j``) retrieves ``C / n`` (or ``C``) up to a small error.  ``C = 0`` has no
  position: there the head lands on j = 1, and ``Z = !(P phi)`` (resp. ``!(F phi)``) subtracts it.
  Then a sign test on the approximate ``(E + 1/2) / n`` (temperature), or a rounding of the
  approximate ``E`` (unbounded).

Numerical predicates are families P_n (``predicate(name)(x, n)``): on positions, a position embedding
``[P_n(i)]``; on a count, a lookup whose value is ``[P_n(j)]``, gated by Z and rounded, plus
``Z [P_n(0)] = ReLU(Z + [P_n(0)] - 1)`` read from the embedding ``[P_n(0)]`` (no weight depends on n).
"""
from __future__ import annotations

from fractions import Fraction

from quarks.attention.model import Head, Unit
from quarks.ltl.parts import PE, CompileError, rounding, sum_of
from quarks.ltl.syntax import Const, Count, Not, Pos, Since, Until

K_SIGN = 2  # score factor of a sign test
K_LOOK = 2  # score factor of a lookup

PE.update({
    "pe:1/i": ["/", 1, "i"],
    "pe:1/(n-i+1)": ["/", 1, ["+", ["-", "n", "i"], 1]],
    "pe:1/n": ["/", 1, "n"],
    "pe:even": ["pred", "EVEN", "i"],
    "pe:2i/n^2": ["/", ["*", 2, "i"], ["^", "n", 2]],
    "pe:-i^2/n^2": ["neg", ["/", ["*", "i", "i"], ["^", "n", 2]]],
    "pe:2in": ["*", 2, ["*", "i", "n"]],
    "pe:-i^2n": ["neg", ["*", ["*", "i", "i"], "n"]],
})


def _tau_power(comp, power: int):
    if comp.variant in ("temperature", "causal-temperature"):
        c = comp.c
        cj = c.numerator if c.denominator == 1 else f"{c.numerator}/{c.denominator}"
        return ["/", 1, ["*", cj, ["^", "n", power]]]
    return 1


def count(comp, t: Count) -> str:
    """Coordinate of C/i (left) or C/(n-i+1) (right), exact."""
    key = ("count", t)
    if key in comp.coord:
        return comp.coord[key]
    if t.side == "right" and comp.causal:
        raise CompileError("#right needs past masking: not available to a future-masked model")
    a = comp.node(t.arg)
    k = comp.at([a])
    out = comp.fresh("cnt")
    comp.layer(k).heads.append(Head(out, a, [], mask="future" if t.side == "left" else "past",
                                    note=f"#{t.side}[.] / {'i' if t.side == 'left' else '(n-i+1)'}: uniform"))
    comp.ready[out] = k
    comp.coord[key] = out
    comp.names[out] = f"#{t.side}[...] / d"
    return out


def zero(comp, t: Count) -> str:
    """Exact Boolean [C = 0]: no position (to the left / right) satisfies the argument."""
    return comp.node(Not(Since(Const(True), t.arg) if t.side == "left" else Until(Const(True), t.arg)))


def denominator_pe(comp, side: str) -> str:
    return comp.use_pe("pe:1/i" if side == "left" else "pe:1/(n-i+1)")


def lookup(comp, t: Count, value_pe: str, note: str):
    """A head peaking at position j = C (for C >= 1); returns (layer, attention coordinate, Z)."""
    if comp.variant == "causal":
        raise CompileError("counting in a future-masked model needs temperature (variant causal-temperature)")
    cnt = count(comp, t)
    z = zero(comp, t)
    inv = denominator_pe(comp, t.side)
    if comp.variant in ("temperature", "causal-temperature"):
        k2, kq = comp.use_pe("pe:2i/n^2"), comp.use_pe("pe:-i^2/n^2")
        w = Fraction(K_LOOK)
    else:
        k2, kq = comp.use_pe("pe:2in"), comp.use_pe("pe:-i^2n")
        w = K_LOOK * comp.c
    comp.use_pe(value_pe)
    k = max(comp.at([cnt]), comp.ready[z] + 1)
    att = comp.fresh("look")
    mask = "future" if comp.causal else "none"
    comp.layer(k).heads.append(Head(att, value_pe, [(cnt, k2, w), (inv, kq, w)], mask=mask,
                                    tau=_tau_power(comp, 3), note=note))
    comp.ready[att] = k
    return k, att, z


def compile_pred(comp, g) -> str:
    spec = ["pred", g.name, "i"]
    if isinstance(g.arg, Pos):
        name = f"pe:{g.name}(i)"
        PE[name] = spec
        return comp.use_pe(name)
    name = f"pe:{g.name}(j)"
    PE[name] = spec
    k, att, z = lookup(comp, g.arg, name, f"lookup {g.name}(C) at j = C")
    name0 = f"pe:{g.name}(0)"
    PE[name0] = ["pred", g.name, 0]
    p0 = comp.use_pe(name0)
    out = comp.fresh("b")
    u = rounding(att, z)
    u.hidden.append(({z: Fraction(1), p0: Fraction(1)}, Fraction(-1)))
    u.out = {out: ([1, -1, 1], 0)}
    comp.layer(k).units.append(u)
    comp.ready[out] = k
    return out


def normal_forms(g):
    """The comparison as a conjunction (or negated conjunction) of ``E >= 0`` forms."""
    terms = {}
    for c, t in g.left.terms:
        terms[t] = terms.get(t, 0) + c
    for c, t in g.right.terms:
        terms[t] = terms.get(t, 0) - c
    const = g.left.const - g.right.const
    e = {t: c for t, c in terms.items() if c != 0}
    neg = {t: -c for t, c in e.items()}
    geq = {">=": [(e, const)], ">": [(e, const - 1)], "<=": [(neg, -const)], "<": [(neg, -const - 1)],
           "=": [(e, const), (neg, -const)], "!=": [(e, const), (neg, -const)]}[g.op]
    return geq, g.op == "!="


def compile_compare(comp, g) -> str:
    forms, negate = normal_forms(g)
    coords = [geq(comp, e, c0) for e, c0 in forms]
    if len(coords) == 1:
        out = coords[0]
    else:
        a, b = coords
        out = comp.fresh("b")
        k = comp.at([a, b])
        comp.layer(k).units.append(Unit([(sum_of(a, b), -1)], {out: ([1], 0)}))
        comp.ready[out] = k
    if negate:
        neg = comp.fresh("b")
        k = comp.at([out])
        comp.layer(k).units.append(Unit([({out: -1}, 1)], {neg: ([1], 0)}))
        comp.ready[neg] = k
        out = neg
    return out


def const_bool(comp, value: bool) -> str:
    return comp.node(Const(bool(value)))


def geq(comp, e: dict, c0: int) -> str:
    """Coordinate of the exact Boolean [sum_k a_k C_k + c0 >= 0]."""
    if not e:
        return const_bool(comp, c0 >= 0)
    sides = {t.side for t in e}
    if len(sides) == 1:
        return sign_test_exact(comp, e, c0, sides.pop())
    return mixed(comp, e, c0)


def local(comp, e: dict, c0: int) -> str:
    """[E >= 0] on a one-position input, where every count is the argument's own value."""
    args = {}
    for t, a in e.items():
        c = comp.node(t.arg)
        args[c] = args.get(c, 0) + a
    out = comp.fresh("b")
    k = comp.at(list(args))
    comp.layer(k).units.append(Unit([(dict(args), c0 + 1), (dict(args), c0)], {out: ([1, -1], 0)},
                                    note="[E >= 0] for integer E"))
    comp.ready[out] = k
    return out


def single(comp) -> str:
    """[the query sees one position only]: i = 1 (future-masked) or n = 1 (unmasked)."""
    first = comp.first()
    if comp.causal:
        return first
    last = comp.last()
    key = ("single",)
    if key not in comp.coord:
        out = comp.fresh("b")
        k = comp.at([first, last])
        comp.layer(k).units.append(Unit([({first: 1, last: 1}, -1)], {out: ([1], 0)}, note="n = 1"))
        comp.ready[out] = k
        comp.coord[key] = out
    return comp.coord[key]


def sign_head(comp, query_terms: list, k: int, e: dict, c0: int) -> str:
    """Sign test at layer >= k: average over the even (z > 0) or odd (z < 0) positions."""
    if comp.variant == "causal":
        raise CompileError("counting in a future-masked model needs temperature (variant causal-temperature)")
    one = single(comp)
    loc = local(comp, e, c0)
    key = comp.use_pe("pe:alt" if comp.variant != "unbounded" else "pe:alt*n")
    w = Fraction(K_SIGN) * (comp.c if comp.variant == "unbounded" else 1)
    even = comp.use_pe("pe:even")
    k = max(k, comp.ready[one] + 1, comp.ready[loc] + 1)
    att, out = comp.fresh("sign"), comp.fresh("b")
    terms = [(q, key, w * a) for q, a in query_terms]
    comp.layer(k).heads.append(Head(att, even, terms, mask="future" if comp.causal else "none",
                                    tau=comp.tau(), note="sign test: even positions iff E >= 0"))
    u = rounding(att, one)
    u.hidden.append(({loc: Fraction(1), one: Fraction(1)}, Fraction(-1)))
    u.out = {out: ([1, -1, 1], 0)}
    comp.layer(k).units.append(u)
    comp.ready[att] = k
    comp.ready[out] = k
    return out


def sign_test_exact(comp, e: dict, c0: int, side: str) -> str:
    if side == "right" and comp.causal:
        raise CompileError("#right needs past masking: not available to a future-masked model")
    inv = denominator_pe(comp, side)
    query = [(count(comp, t), Fraction(a)) for t, a in e.items()] + [(inv, Fraction(2 * c0 + 1, 2))]
    k = comp.at([q for q, _ in query])
    return sign_head(comp, query, k, e, c0)


def mixed(comp, e: dict, c0: int) -> str:
    """[E >= 0] with counts from both sides: look each count up, then compare."""
    bounded = comp.variant in ("temperature", "causal-temperature")
    vals, k = [], 0
    for t, a in e.items():
        vpe = "pe:i/n" if bounded else "pe:i"
        kk, att, z = lookup(comp, t, vpe, f"lookup C = #{t.side}[...]")
        # C / n (or C) up to a small error; when C = 0 the head lands on j = 1: subtract 1/n (or 1)
        fixed = comp.fresh("c")
        if bounded:
            inv_n = comp.use_pe("pe:1/n")
            fix = ({z: Fraction(1), inv_n: Fraction(1)}, Fraction(-1))
        else:
            fix = ({z: Fraction(1)}, Fraction(0))
        comp.layer(kk).units.append(Unit([({att: Fraction(1)}, Fraction(0)), fix], {fixed: ([1, -1], 0)},
                                         note="retrieved count, 0 when Z"))
        comp.ready[fixed] = kk
        vals.append((fixed, Fraction(a)))
        k = max(k, kk + 1)
    if bounded:
        inv_n = comp.use_pe("pe:1/n")
        return sign_head(comp, vals + [(inv_n, Fraction(2 * c0 + 1, 2))], k, e, c0)
    # unbounded: round the approximate integer E directly: clamp(2(E + 1) - 1/2, 0, 1)
    out = comp.fresh("b")
    w = {c: 2 * a for c, a in vals}
    u = Unit([(w, Fraction(2 * (c0 + 1)) - Fraction(1, 2)), (dict(w), Fraction(2 * (c0 + 1)) - Fraction(3, 2))],
             {out: ([1, -1], 0)}, note="Lemma 9 rounding of [E >= 0]")
    comp.layer(k).units.append(u)
    comp.ready[out] = k
    return out
