"""Average-hard-attention programs of seed 004, §6 and Appendix E, as engine models (ours).

Every attention head is either *uniform* (no score terms) or *tieless*: a Boolean selector score
plus the tie-break term ``j/n`` (bounded position embedding ``pos = i/n``), so the maximum is unique
and the gap is at least ``1/n``.  Every coordinate is written in one layer only (so the final stream
holds the value each head read); a coordinate written by several units of that layer (Dyck's d and
g) holds their sum.  The networks are, coordinate for coordinate, the rational networks of Coq's
EngineNets.v (:mod:`quarks.proofs.yang.coq_programs` numbers the coordinates as Coq does).  The
reference functions give the intended output at every position; the programs must agree with them
exactly under average hardmax.

* ``flipflop``: symbols ``0 1`` (write a bit) and ``r`` (read / ignore); output: the last bit
  written at or before i (0 if none).
* ``induction``: symbols ``a b c``; at i, the rightmost j <= i whose *previous* symbol equals
  ``w_i``; output ``[w_j = a]`` (0 if there is none).
* ``induction2``: the 2-hop induction head (Sanford et al. 2024): the basic output read at find(i).
* ``sdyck``: the same language by Coq's S-RASP program ``dyck_prog k`` compiled to one network for
  every length (:mod:`quarks.attention.dyck_srasp`; weights independent of n, bounded embeddings).
* ``dyck``: k bracket types ``( )``, ``[ ]``; output 1 iff the prefix through i is in Dyck-k
  (Appendix E's program: counts, depth, nearest bracket of the same depth, error flags).  Counts
  come from uniform heads as ``(l_i - r_i)/i``; the integer depth ``d_i`` is recovered by a ReLU
  unit gated by one-hot position embeddings ``[i = m]`` and depths are compared one-hot, so the
  width grows with n (ours: the seed's program uses Strobl et al.'s integer-valued B-RASP).
"""
from __future__ import annotations

from quarks.attention.dyck_srasp import PAIRS, dyck_srasp
from quarks.attention.model import Head, Layer, Model, Unit


def _copy(x: str, out: str) -> Unit:
    """out = x for x >= 0."""
    return Unit([({x: 1}, 0)], {out: ([1], 0)})


def _tieless(out: str, value: str, selector: list, mask: str = "future", tau="1") -> Head:
    """Score ``sum selector + j/n``: the rightmost visible j maximising the selector."""
    return Head(out, value, selector + [("one", "pos", 1)], mask=mask, tau=tau)


def flipflop(tau="1") -> Model:
    alphabet = ["0", "1", "r"]
    layers = [
        Layer(units=[Unit([({"w:0": 1, "w:1": 1}, 0)], {"W": ([2], 0)})]),  # W = 2 [write]
        Layer(heads=[_tieless("bit", "w:1", [("one", "W", 1)], tau=tau)]),
    ]
    return Model(alphabet, {"one": 1, "pos": ["/", "i", "n"]}, layers, "bit",
                 {"program": "flipflop", "reference": "last bit written at or before i, else 0"})


def flipflop_reference(word: str) -> list:
    out, bit = [], 0
    for s in word:
        if s in "01":
            bit = int(s)
        out.append(bit)
    return out


def induction(tau="1", hops: int = 1) -> Model:
    """The induction head; with hops = 2 the 2-hop task of Sanford et al.: the output of the basic task read at
    find(i) (one more tieless head with the same selector)."""
    alphabet = ["a", "b", "c"]
    prev = [("alt", "alt", -1), ("one", "pos", 1)]  # the rightmost j <= i of the other parity: i - 1
    heads1 = [Head(f"h:{s}", f"w:{s}", prev, mask="future", tau=tau) for s in "abc"]
    # p:s = [w_{i-1} = s], 0 at i = 1 (the head then reads position 1 itself)
    units1 = [Unit([({f"h:{s}": 1, "first": -1}, 0)], {f"p:{s}": ([1], 0)}) for s in "abc"]
    sel = [(f"w:{s}", f"p:{s}", 1) for s in "abc"]
    heads2 = [_tieless("o", "w:a", sel, tau=tau)] + [_tieless(f"m:{s}", f"p:{s}", sel, tau=tau) for s in "abc"]
    # matched = sum_s [w_i = s][p_{j*} = s]; output = [w_{j*} = a] and matched
    units2 = [Unit([({f"w:{s}": 1, f"m:{s}": 1}, -1) for s in "abc"], {"matched": ([1, 1, 1], 0)})]
    units3 = [Unit([({"o": 1, "matched": 1}, -1)], {"out": ([1], 0)})]
    layers = [Layer(heads=heads1, units=units1), Layer(heads=heads2, units=units2), Layer(units=units3)]
    out, name, ref = "out", "induction", "[w_j = a] for the rightmost j <= i with w_{j-1} = w_i, else 0"
    if hops == 2:   # read the basic task's output at j* = find(i); 0 when i has no match
        layers += [Layer(heads=[_tieless("o2", "out", sel, tau=tau)]),
                   Layer(units=[Unit([({"o2": 1, "matched": 1}, -1)], {"out2": ([1], 0)})])]
        out, name, ref = "out2", "induction2", "the basic task's output at find(i), else 0 (2-hop)"
    return Model(alphabet, {"one": 1, "pos": ["/", "i", "n"], "alt": ["^", -1, "i"], "first": ["==", "i", 1]},
                 layers, out, {"program": name, "reference": ref})


def _find(word: str, i: int):
    """The rightmost j <= i (0-based, j >= 1) with w_{j-1} = w_i, or None."""
    js = [j for j in range(1, i + 1) if word[j - 1] == word[i]]
    return js[-1] if js else None


def induction_reference(word: str) -> list:
    return [int(word[j] == "a") if (j := _find(word, i)) is not None else 0 for i in range(len(word))]


def induction2_reference(word: str) -> list:
    """2-hop (Sanford et al. 2024): [w_{find(find(i))} = a], 0 when a find fails."""
    one = induction_reference(word)
    return [one[j] if (j := _find(word, i)) is not None else 0 for i in range(len(word))]


def _bump(x: dict, m: int) -> list:
    """Hidden units and output weights of [y = m] for integer y = x (x a linear form)."""
    return [({**x}, 1 - m), ({**x}, -m), ({**x}, -m - 1)], [1, -2, 1]


def dyck(k: int, n: int, tau="1") -> Model:
    """Dyck-k for inputs of length n (the one-hot widths depend on n)."""
    opens, closes = [p[0] for p in PAIRS[:k]], [p[1] for p in PAIRS[:k]]
    alphabet = opens + closes
    w = lambda s: f"w:{s}"  # noqa: E731
    pe = {"one": 1, "pos": ["/", "i", "n"]}
    for m in range(1, n + 1):
        pe[f"at{m}"] = ["==", "i", m]
    L1 = Layer(units=[Unit([({w(s): 1 for s in opens}, 0)], {"L": ([1], 0)}),
                      Unit([({w(s): 1 for s in closes}, 0)], {"R": ([1], 0)})])
    # uniform heads: zl = l_i / i, zr = r_i / i;  d = l_i - r_i = sum_m [i = m] m (zl - zr)
    # (one unit per m, each writing its share of d, as DyckNet.v's dunit)
    units2 = [Unit([({"zl": m, "zr": -m, f"at{m}": 2 * m}, -2 * m), ({"zl": -m, "zr": m, f"at{m}": 2 * m}, -2 * m)],
                   {"d": ([1, -1], 0)}) for m in range(1, n + 1)]
    L2 = Layer(heads=[Head("zl", "L", [], mask="future", tau=tau), Head("zr", "R", [], mask="future", tau=tau)],
               units=units2)
    # depth D = d + R (before a right bracket, after a left one); q_m = [D = m], b_m = [d = m]
    units3 = []
    for m in range(1, n + 1):
        h, v = _bump({"d": 1, "R": 1}, m)
        units3.append(Unit(h, {f"q{m}": (v, 0)}))
    for m in range(1, n + 1):
        h, v = _bump({"d": 1}, m)
        units3.append(Unit(h, {f"b{m}": (v, 0)}))
    h, v = _bump({"d": 1}, 0)
    units3.append(Unit(h, {"bal": (v, 0)}))
    units3.append(Unit([({"d": 1, "R": 1}, 0), ({"d": 1, "R": 1}, -1)], {"Dpos": ([1, -1], 0)}))  # clamp(D, 0, 1)
    L3 = Layer(units=units3)
    # k_m = [d = m] and [left];  e1 = [right] and D <= 0
    units4 = [Unit([({f"b{m}": 1, "L": 1}, -1)], {f"k{m}": ([1], 0)}) for m in range(1, n + 1)]
    units4.append(Unit([({"R": 1, "Dpos": -1}, 0)], {"err1": ([1], 0)}))
    L4 = Layer(units=units4)
    # the nearest left bracket at or before i with the same depth; its type
    sel = [(f"q{m}", f"k{m}", 2) for m in range(1, n + 1)]
    L5 = Layer(heads=[_tieless(f"t{t}", w(opens[t]), sel, tau=tau) for t in range(k)],
               units=[Unit([({w(closes[t]): 1, f"t{t}": 1}, -1)], {"g": ([1], 0)}) for t in range(k)])
    # E = e1 + [right and not matched]; any = [an error at or before i]; out = balanced and no error
    L6 = Layer(units=[Unit([({"err1": 1, "R": 1, "g": -1}, 0)], {"E": ([1], 0)})])
    L7 = Layer(heads=[_tieless("any", "E", [("one", "E", 2)], tau=tau)],
               units=[Unit([({"bal": 1, "any": -1}, 0)], {"out": ([1], 0)})])
    return Model(alphabet, pe, [L1, L2, L3, L4, L5, L6, L7], "out",
                 {"program": f"dyck{k}", "reference": "1 iff the prefix through i is in Dyck-k"})


def dyck_reference(word: str, k: int) -> list:
    """A stack recognizer: 1 at i iff w_1..w_i is a balanced bracket string."""
    match = {p[1]: p[0] for p in PAIRS[:k]}
    out, stack, ok = [], [], True
    for s in word:
        if ok:
            if s in match:
                if stack and stack[-1] == match[s]:
                    stack.pop()
                else:
                    ok = False
            else:
                stack.append(s)
        out.append(int(ok and not stack))
    return out


def program(name: str, n: int, tau="1") -> Model:
    """The named program for inputs of length n, every non-uniform head at temperature tau."""
    if name == "flipflop":
        return flipflop(tau)
    if name == "induction":
        return induction(tau)
    if name == "induction2":
        return induction(tau, hops=2)
    if name in ("dyck1", "dyck2"):
        return dyck(int(name[-1]), n, tau)
    if name in ("sdyck1", "sdyck2"):
        return dyck_srasp(int(name[-1]), tau)
    raise KeyError(f"unknown program {name!r} (flipflop, induction, induction2, dyck1, dyck2, sdyck1, sdyck2)")


def reference(name: str, word: str) -> list:
    if name == "flipflop":
        return flipflop_reference(word)
    if name == "induction":
        return induction_reference(word)
    if name == "induction2":
        return induction2_reference(word)
    return dyck_reference(word, int(name[-1]))


PROGRAMS = ("flipflop", "induction", "induction2", "dyck1", "dyck2")
