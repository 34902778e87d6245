"""Appendix E's Dyck-k program as Coq's S-RASP program compiled to one network for every length (ours).

The mirror of Coq's ``brasp_net (2k) (dyck_prog k)`` (SRaspIntBool.v, DyckSRasp.v): the program
:func:`dyck_prog` is ``dyck_prog k``'s 43 operations, coordinates numbered as in Coq (letters
0..K-1 with K = 2k, a < k opens type a, k + a closes it; the embeddings at K..K+6; ``[n = 1]`` at
K + 7; operation m writes K + 8 + m), and :func:`compile_prog` is Coq's compiler ``none_layer K ::
bcompile K (K + 8) p`` layer for layer, with the same (rational) weights.  The weights do not depend
on n; only the embeddings do: at the engine's 1-based position i of a length-n word, 1, i/n,
[i even], 1/n, 1/i, (i/n)^2, i/n^2 (Coq's ``xpe`` at its 0-based i + 1).  Every head is average-hard;
the output (coordinate K + 50) is 1 at i iff w_1 .. w_i is in Dyck-k (DyckSRaspThm.v's
``dyck_prog_out``).
"""
from __future__ import annotations

from fractions import Fraction

from quarks.attention.model import Head, Layer, Model, Unit

PAIRS = ["()", "[]", "{}"]  # the bracket types (programs.dyck's too)

PE = [("one", 1), ("pos", ["/", "i", "n"]), ("even", ["pred", "EVEN", "i"]), ("invn", ["/", 1, "n"]),
      ("invi", ["/", 1, "i"]), ("possq", ["^", ["/", "i", "n"], 2]), ("posn2", ["/", "i", ["*", "n", "n"]])]
MASK = {"Future": "future", "Past": "past", "NoMask": "none"}
TIE = {"LeftMost": Fraction(-1, 2), "RightMost": Fraction(1, 2)}


def dyck_prog(k: int) -> list:
    """DyckSRasp.v's ``dyck_prog k``: operations as tuples (constructor name, arguments), coordinates as ints."""
    K = 2 * k

    def lz(*ps):
        return ("XLinZ", [(K + a, z) for a, z in ps])

    return [
        ("BLinB", [(t, t + 1) for t in range(k)]),
        ("BLinB", [(k + t, t + 1) for t in range(k)]),
        lz((8, -1), (3, 2)), ("BLe1", K + 10), ("SNot", K + 11),
        ("XCnt", K + 11), ("XAvgC", K + 13), ("XRead", K + 14),
        ("XCnt", K), ("XAvgC", K + 16), ("XRead", K + 17),
        ("SSel", "Future", "LeftMost", K, K, K + 12),
        ("XScale", K + 19), lz((15, 2), (18, -1), (20, -2)), ("XScale", K + 12), lz((21, 1), (22, 1)), ("XSq", K + 21),
        ("XEq", "Future", "RightMost", K + 23, K + 21, K + 24, K + 11, K + 8),
        ("XEq", "Future", "RightMost", K + 23, K + 21, K + 24, K + 11, K + 21),
        lz((25, 1), (9, -1), (3, 1)), ("BLe1", K + 27), lz((25, -1), (9, 1), (3, 1)), ("BLe1", K + 29),
        lz((26, 1), (23, -1), (3, 1)), ("BLe1", K + 31), lz((26, -1), (23, 1), (3, 1)), ("BLe1", K + 33),
        ("SAnd", K + 28, K + 30), ("SAnd", K + 32, K + 34), ("SAnd", K + 35, K + 36),
        lz((23, 1), (3, 1)), ("BLe1", K + 38), ("SNot", K + 37), ("SOr", K + 39, K + 40), ("SAnd", K + 12, K + 41),
        ("SSel", "Future", "RightMost", K, K + 42, K + 42),
        lz((21, 1), (3, 1)), ("BLe1", K + 44), lz((21, -1), (3, 1)), ("BLe1", K + 46),
        ("SAnd", K + 45, K + 47), ("SNot", K + 43), ("SAnd", K + 48, K + 49)]


def _unit(c: int, neurons: list, const=0) -> Unit:
    """Coq's ``Unit c [Neuron v ws b; ...] const``: neurons as (v, [(coord, w), ...], b)."""
    hidden = []
    for _, ws, b in neurons:
        if len({a for a, _ in ws}) != len(ws):
            raise ValueError(f"a neuron of coordinate {c} reads a coordinate twice")
        hidden.append(({a: w for a, w in ws}, b))
    return Unit(hidden, {c: ([v for v, _, _ in neurons], const)})


def _head(c: int, v: int, terms: list, mask: str) -> Head:
    return Head(c, v, [(q, kk, w) for (q, kk), w in terms], mask=MASK[mask])


def op_layer(K: int, c: int, op: tuple) -> Layer:
    """Coq's ``blayer K c o`` (with ``xlayer``, ``clayer``): the layer writing coordinate c."""
    name, args = op[0], op[1:]
    if name == "BLinB":
        return Layer(units=[_unit(c, [(z, [(K + 3, 1), (a, 1)], -1) for a, z in args[0]])])
    if name == "BLe1":
        a = args[0]
        return Layer(heads=[_head(c, K + 4, [((a, K + 1), 2), ((K, K + 5), -1)], "NoMask")],
                     units=[_unit(c, [(-1, [(c, 1)], 0), (1, [(c, 2), (K + 7, -1)], -1), (1, [(a, -1), (K + 7, 1)], 1),
                                      (-1, [(a, -1), (K + 7, 1)], 0), (-1, [(a, -1), (K + 7, -1)], 1), (1, [(a, -1)], 0)])])
    if name == "XLinZ":
        w = args[0]
        return Layer(units=[_unit(c, [(1, w, 0), (-1, [(a, -z) for a, z in w], 0)])])
    if name == "SNot":
        return Layer(units=[_unit(c, [(-1, [(args[0], 1)], 0)], 1)])
    if name == "SAnd":
        return Layer(units=[_unit(c, [(1, [(args[0], 1), (args[1], 1)], -1)])])
    if name == "SOr":
        ws = [(args[0], 1), (args[1], 1)]
        return Layer(units=[_unit(c, [(1, ws, 0), (-1, ws, -1)])])
    if name == "SSel":
        mask, dr, q, kk, v = args
        return Layer(heads=[_head(c, v, [((q, kk), 1), ((K, K + 1), TIE[dr])], mask)])
    if name == "XScale":
        return Layer(units=[_unit(c, [(1, [(K + 3, 1), (args[0], 1)], -1)])])
    if name == "XCnt":
        b = args[0]
        return Layer(units=[_unit(c, [(1, [(K + 3, 1), (b, 1)], -1), (1, [(K + 3, 1), (K + 4, 2), (b, -1)], -2)])])
    if name == "XAvgC":
        return Layer(heads=[_head(c, args[0], [], "Future")])
    if name == "XRead":
        return Layer(heads=[_head(c, K + 1, [((args[0], K + 1), 2), ((K + 4, K + 5), -1)], "Future")])
    if name == "XSq":
        return Layer(heads=[_head(c, K + 5, [((args[0], K + 1), 2), ((K, K + 5), -1)], "NoMask")])
    if name == "XEq":
        mask, dr, a, bb, sb, kb, v = args
        sgn = 1 if dr == "RightMost" else -1
        return Layer(heads=[_head(c, v, [((a, bb), 2), ((K, sb), -1), ((K, kb), 8), ((K + 3, K + 6), Fraction(sgn, 2))], mask)])
    raise ValueError(f"no layer for operation {name!r}")


def compile_prog(K: int, prog: list) -> list:
    """Coq's ``none_layer K :: bcompile K (K + 8) prog`` (coordinates as ints)."""
    first = Layer(units=[_unit(K + 7, [(1, [(K + 3, 2)], -1)])])
    return [first] + [op_layer(K, K + 8 + m, op) for m, op in enumerate(prog)]


def coordinate_name(c: int, alphabet: list) -> str:
    """The engine's name of Coq's coordinate c: a letter, an embedding, ``n1`` (K + 7) or ``s<m>`` (K + 8 + m)."""
    K = len(alphabet)
    if c < K:
        return f"w:{alphabet[c]}"
    if c < K + 7:
        return PE[c - K][0]
    return "n1" if c == K + 7 else f"s{c - K - 8}"


def coordinate(name: str, alphabet) -> int:
    """Coq's number of a coordinate of :func:`dyck_srasp` (the inverse of :func:`coordinate_name`)."""
    K = len(alphabet)
    if name.startswith("w:") and name[2:] in alphabet:
        return list(alphabet).index(name[2:])
    names = [p for p, _ in PE]
    if name in names:
        return K + names.index(name)
    if name == "n1":
        return K + 7
    if name.startswith("s") and name[1:].isdigit():
        return K + 8 + int(name[1:])
    raise ValueError(f"coordinate {name!r} has no number in brasp_net")


def dyck_srasp(k: int, tau="1") -> Model:
    """``brasp_net (2k) (dyck_prog k)`` as an engine model (weights independent of n; output K + 50),
    every head with score terms at temperature tau."""
    alphabet = [p[0] for p in PAIRS[:k]] + [p[1] for p in PAIRS[:k]]
    K = len(alphabet)

    def nm(c):
        return coordinate_name(c, alphabet)

    layers = []
    for L in compile_prog(K, dyck_prog(k)):
        heads = [Head(nm(h.out), nm(h.value), [(nm(q), nm(kk), w) for q, kk, w in h.terms], mask=h.mask,
                      tau=tau if h.terms else "1") for h in L.heads]
        units = [Unit([({nm(a): w for a, w in ws.items()}, b) for ws, b in u.hidden],
                      {nm(t): vc for t, vc in u.out.items()}) for u in L.units]
        layers.append(Layer(heads=heads, units=units))
    return Model(alphabet, dict(PE), layers, nm(K + 50),
                 {"program": f"sdyck{k}", "reference": "1 iff the prefix through i is in Dyck-k"})
