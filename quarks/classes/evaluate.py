"""Evaluate class expressions exactly: sets of Boolean functions as bitmaps or explicit lists.

A set of functions of n variables is held as one of

* an explicit sorted list of truth tables (``tables``), or
* a bitmap over all 2^(2^n) tables (``bitmap``: uint64 words, bit h set iff table h is in the set),

optionally *complemented* (the set is all(n) minus the held part).  For n <= 4 (65,536 functions,
an 8 KiB bitmap) every set is a bitmap and complements are taken at once.  For n = 5 there are
2^32 functions (a bitmap is 512 MiB): complements stay symbolic (De Morgan), lists stay lists, and
the only bitmaps are the composition classes T_B(5;d1,d2) with d_j <= 1 from
:mod:`quarks.solvers.compose` (up to ~2 minutes each).  Counts are exact in every case; listing,
sampling and orbits are offered where they stay within memory and seconds, and otherwise
:class:`BeyondReach` says why.  n >= 6 (2^64 functions) is beyond reach.

The symmetry group permutes and negates the inputs and negates the output; the orbit of a set is
the union of the orbits of its members, and a set is *closed* when it equals its orbit.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from quarks.base.errors import UsageError
from quarks.classes.syntax import Node, parse

MAX_DENSE_N = 4         # every set a bitmap of 2^(2^n) <= 65,536 bits
MAX_N = 5               # 2^32 functions: counts through lists and 512 MiB bitmaps
LIST_LIMIT = 1_000_000  # largest set listed or grouped into classes
ORBIT_LIMIT_5 = 5_000   # n = 5: canonical forms cost ~0.2 ms per table
SAMPLE_DRAWS = 1 << 24  # n = 5 rejection sampling: at most this many random tables drawn


class BeyondReach(UsageError):
    """An expression (or a view of it) that the exact engines cannot produce in memory and seconds."""


@dataclass(repr=False)
class FunctionSet:
    """A set of functions of n variables: ``tables`` or ``bitmap``, possibly complemented."""

    n: int
    tables: np.ndarray | None = None
    bitmap: np.ndarray | None = None
    complement: bool = False

    @property
    def universe(self) -> int:
        return 1 << (1 << self.n)

    def _held(self) -> int:
        if self.tables is not None:
            return len(self.tables)
        from quarks.solvers.compose import popcount

        return popcount(self.bitmap)

    def __repr__(self) -> str:
        """The set as a person reads it: n, the count and the first members (never the bitmap)."""
        size = self.count()
        try:
            first = [f"{int(t):#x}" for t in self.members(limit=max(size, 1))[:4]] if size <= 1 << 16 else []
        except BeyondReach:
            first = []
        more = ", ..." if size > len(first) and first else ""
        return (f"FunctionSet(n={self.n}, {size:,} of {self.universe:,} functions"
                + (f": {', '.join(first)}{more}" if first else "") + ")")

    def count(self) -> int:
        """The exact number of functions in the set."""
        held = self._held()
        return self.universe - held if self.complement else held

    def members(self, limit: int = LIST_LIMIT) -> np.ndarray:
        """The tables of the set, increasing, as uint64 (BeyondReach above ``limit``)."""
        size = self.count()
        if size > limit:
            raise BeyondReach(f"the set has {size:,} functions, more than the {limit:,} that are listed")
        if self.tables is not None and not self.complement:
            return self.tables
        if self.bitmap is not None:
            words = ~self.bitmap if self.complement else self.bitmap
            nz = np.flatnonzero(words)
            bits = np.unpackbits(words[nz].astype("<u8").view(np.uint8).reshape(-1, 8), axis=1,
                                 bitorder="little")
            r, c = np.nonzero(bits)
            out = (nz[r].astype(np.uint64) << np.uint64(6)) + c.astype(np.uint64)
            return np.sort(out[out < np.uint64(self.universe)] if self.universe < 64 else out)
        raise BeyondReach("the complement of a list at n = 5 has too many functions to list")

    def contains(self, tables) -> np.ndarray:
        """Membership of each table (uint64 array) in the set."""
        t = np.asarray(tables, dtype=np.uint64)
        if self.tables is not None:
            hit = np.isin(t, self.tables)
        else:
            hit = _bit(self.bitmap, t)
        return ~hit if self.complement else hit


def _bit(bm: np.ndarray, t: np.ndarray) -> np.ndarray:
    return ((bm[(t >> np.uint64(6)).astype(np.int64)] >> (t & np.uint64(63))) & np.uint64(1)).astype(bool)


def _universe_mask(n: int) -> np.ndarray:
    """The bitmap of all(n)."""
    from quarks.solvers.compose import bitmap_words

    words = bitmap_words(n)
    if (1 << (1 << n)) >= 64:
        return np.full(words, np.uint64(0xFFFFFFFFFFFFFFFF), dtype=np.uint64)
    return np.array([(1 << (1 << (1 << n))) - 1], dtype=np.uint64)


def _to_bitmap(s: FunctionSet) -> np.ndarray:
    """The bitmap of the held part (n <= 4)."""
    from quarks.solvers.compose import bitmap_from_tables

    return s.bitmap if s.bitmap is not None else bitmap_from_tables(s.tables, s.n)


def _normal(s: FunctionSet) -> FunctionSet:
    """n <= 4: a plain (uncomplemented) bitmap."""
    if s.n > MAX_DENSE_N:
        return s
    bm = _to_bitmap(s)
    if s.complement:
        bm = bm ^ _universe_mask(s.n)
    return FunctionSet(s.n, bitmap=bm)


# --- exact set operations ---------------------------------------------------------------------------

def _positive(op: str, a: FunctionSet, b: FunctionSet) -> FunctionSet:
    """a op b for uncomplemented a, b (op: union, inter, diff)."""
    n = a.n
    if a.tables is not None and b.tables is not None:
        fn = {"union": np.union1d, "inter": np.intersect1d, "diff": np.setdiff1d}[op]
        return FunctionSet(n, tables=fn(a.tables, b.tables).astype(np.uint64))
    if a.bitmap is not None and b.bitmap is not None:
        bm = {"union": np.bitwise_or, "inter": np.bitwise_and}[op](a.bitmap, b.bitmap) if op != "diff" \
            else a.bitmap & ~b.bitmap
        return FunctionSet(n, bitmap=bm)
    if a.tables is not None:  # list a, bitmap b
        if op == "inter":
            return FunctionSet(n, tables=a.tables[_bit(b.bitmap, a.tables)])
        if op == "diff":
            return FunctionSet(n, tables=a.tables[~_bit(b.bitmap, a.tables)])
        return _positive("union", b, a)
    # bitmap a, list b
    if op == "inter":
        return FunctionSet(n, tables=b.tables[_bit(a.bitmap, b.tables)])
    bm = a.bitmap.copy()
    idx = (b.tables >> np.uint64(6)).astype(np.int64)
    bits = np.uint64(1) << (b.tables & np.uint64(63))
    if op == "union":
        np.bitwise_or.at(bm, idx, bits)
    else:
        np.bitwise_and.at(bm, idx, ~bits)
    return FunctionSet(n, bitmap=bm)


def _flip(s: FunctionSet) -> FunctionSet:
    return FunctionSet(s.n, s.tables, s.bitmap, not s.complement)


def _plain(s: FunctionSet) -> FunctionSet:
    return FunctionSet(s.n, s.tables, s.bitmap, False)


def union(a: FunctionSet, b: FunctionSet) -> FunctionSet:
    pa, pb = _plain(a), _plain(b)
    if not a.complement and not b.complement:
        out = _positive("union", pa, pb)
    elif a.complement and b.complement:  # ~a | ~b = ~(a & b)
        out = _flip(_positive("inter", pa, pb))
    elif a.complement:  # ~a | b = ~(a - b)
        out = _flip(_positive("diff", pa, pb))
    else:
        out = _flip(_positive("diff", pb, pa))
    return _normal(out)


def intersection(a: FunctionSet, b: FunctionSet) -> FunctionSet:
    pa, pb = _plain(a), _plain(b)
    if not a.complement and not b.complement:
        out = _positive("inter", pa, pb)
    elif a.complement and b.complement:  # ~a & ~b = ~(a | b)
        out = _flip(_positive("union", pa, pb))
    elif a.complement:
        out = _positive("diff", pb, pa)
    else:
        out = _positive("diff", pa, pb)
    return _normal(out)


def difference(a: FunctionSet, b: FunctionSet) -> FunctionSet:
    return intersection(a, complement(b))


def complement(a: FunctionSet) -> FunctionSet:
    return _normal(_flip(a))


# --- the symmetry group ---------------------------------------------------------------------------

@lru_cache(maxsize=None)
def canonical_all(n: int) -> np.ndarray:
    """The canonical form of every table of n <= 4 variables (index = table)."""
    from quarks.base.boolean import canonical_array

    return canonical_array(np.arange(1 << (1 << n), dtype=np.uint64), n)


@lru_cache(maxsize=None)
def orbit_sizes(n: int) -> np.ndarray:
    """orbit_sizes(n)[c] = size of the orbit whose canonical form is c (n <= 4; 0 elsewhere)."""
    return np.bincount(canonical_all(n).astype(np.int64), minlength=1 << (1 << n))


def _canonical(tables: np.ndarray, n: int) -> np.ndarray:
    if n <= MAX_DENSE_N:
        return canonical_all(n)[tables.astype(np.int64)]
    if len(tables) > ORBIT_LIMIT_5:
        raise BeyondReach(f"symmetry classes of {len(tables):,} functions of {n} variables: canonical forms "
                          f"cost ~0.2 ms each (3840 group elements); the limit is {ORBIT_LIMIT_5:,}")
    from quarks.base.boolean import canonical_array

    return canonical_array(tables, n)


def _orbit_tables(rep: int, n: int) -> np.ndarray:
    from quarks.base.boolean import TruthTable

    return np.array(sorted(int(g) for g in TruthTable(n, rep).orbit()), dtype=np.uint64)


def orbit(a: FunctionSet) -> FunctionSet:
    """The image of the set under the group: every function with some member in its orbit."""
    n = a.n
    if n <= MAX_DENSE_N:
        member = np.zeros(1 << (1 << n), dtype=bool)
        tabs = a.members(limit=1 << 16)
        canon = canonical_all(n)
        member[canon[tabs.astype(np.int64)].astype(np.int64)] = True
        hit = member[canon.astype(np.int64)]
        return _normal(FunctionSet(n, tables=np.flatnonzero(hit).astype(np.uint64)))
    if a.bitmap is not None:
        raise BeyondReach(f"the orbit of a 2^32-bit bitmap at n = {n} would apply 3840 group elements to "
                          f"every member; only explicit lists (<= {ORBIT_LIMIT_5:,}) are supported")
    reps = np.unique(_canonical(a.tables, n))
    orbits = [_orbit_tables(int(r), n) for r in reps]
    if not a.complement:
        out = np.unique(np.concatenate(orbits)) if orbits else np.zeros(0, np.uint64)
        return FunctionSet(n, tables=out)
    # orbit(~a) = ~interior(a): the complement of the union of the orbits contained in a
    inside = [o for o in orbits if np.isin(o, a.tables).all()]
    out = np.unique(np.concatenate(inside)) if inside else np.zeros(0, np.uint64)
    return FunctionSet(n, tables=out, complement=True)


def classes(a: FunctionSet) -> tuple[bool, list[tuple[int, int, int]]]:
    """(closed, [(canonical form, orbit size, members of the set in that orbit), ...])."""
    tabs = a.members()
    n = a.n
    canon = _canonical(tabs, n)
    reps, counts = np.unique(canon, return_counts=True)
    if n <= MAX_DENSE_N:
        sizes = orbit_sizes(n)[reps.astype(np.int64)]
    else:
        sizes = np.array([len(_orbit_tables(int(r), n)) for r in reps], dtype=np.int64)
    closed = bool(np.all(sizes == counts))
    return closed, [(int(r), int(s), int(c)) for r, s, c in zip(reps, sizes, counts)]


def sample(a: FunctionSet, k: int, seed: int = 0) -> np.ndarray:
    """k distinct members chosen uniformly at random (all of them when the set is smaller)."""
    rng = np.random.default_rng(seed)
    size = a.count()
    k = min(k, size)
    if a.n <= MAX_DENSE_N or (a.tables is not None and not a.complement):
        tabs = a.members(limit=max(LIST_LIMIT, 1 << 16))
        return np.sort(rng.choice(tabs, size=k, replace=False)).astype(np.uint64)
    if size < a.universe // SAMPLE_DRAWS * max(k, 1) * 4:
        raise BeyondReach(f"sampling {k} of {size:,} functions among 2^32 by rejection would need more "
                          f"than {SAMPLE_DRAWS:,} draws")
    found: set = set()
    drawn = 0
    while len(found) < k and drawn < SAMPLE_DRAWS:
        t = rng.integers(0, a.universe, size=1 << 16, dtype=np.uint64)
        drawn += len(t)
        for h in t[a.contains(t)]:
            found.add(int(h))
            if len(found) == k:
                break
    return np.array(sorted(found), dtype=np.uint64)


# --- atoms ------------------------------------------------------------------------------------

# counts beyond the classes' reach, each a claim of its own (quarks.proofs.baldi.new_counts)
COUNT_CLAIMS = {(5, 2): "quarks.count-t5-2", (5, 3): "quarks.count-t5-3"}


def _degree_reason(n: int, d: int) -> str:
    claim = COUNT_CLAIMS.get((n, d))
    return (f"T({n};{d}) is beyond reach: every degree is decided only for n <= {MAX_DENSE_N} (all 2^(2^n) "
            f"functions classified); at n = {n} only d = 0, 1 and d >= n are enumerated"
            + (f"; its size is the claim {claim} (quarks show {claim}; quarks verify {claim} --tier full)"
               if claim else ""))


def threshold_set(n: int, d: int) -> FunctionSet:
    """T(n;d) (d >= n: every function; d = 0: the two constants)."""
    from quarks.solvers.compose import threshold_list

    if d >= n:
        return _normal(FunctionSet(n, tables=np.zeros(0, np.uint64), complement=True))
    if d == 0:
        return _normal(FunctionSet(n, tables=np.array([0, (1 << (1 << n)) - 1], dtype=np.uint64)))
    if n > MAX_DENSE_N and d != 1:
        raise BeyondReach(_degree_reason(n, d))
    return _normal(FunctionSet(n, tables=np.asarray(threshold_list(n, d), dtype=np.uint64)))


def composed_set(table: int, k: int, n: int, degrees, name: str) -> FunctionSet:
    """T_B(n; degrees) from the composition engine."""
    from quarks.solvers.compose import compose_class

    degrees = [min(d, n) for d in degrees]
    if n > MAX_DENSE_N:
        if k != 2:
            raise BeyondReach(f"T_{name}({n};...) is beyond reach: operators of arity {k} are composed only "
                              f"for n <= 4")
        bad = [d for d in degrees if d not in (0, 1)]
        if bad:
            raise BeyondReach(f"T_{name}({n};{','.join(map(str, degrees))}) is beyond reach: T({n};{bad[0]}) "
                              f"cannot be listed at n = {n}")
    cls = compose_class(table, n, degrees, k=k)
    return _normal(FunctionSet(n, bitmap=cls.bitmap))


def denote(node: Node | str) -> FunctionSet:
    """The set an expression (text or syntax tree) denotes."""
    if isinstance(node, str):
        node = parse(node)
    _reachable(node)
    return _eval(node)


def _reachable(node: Node) -> None:
    """Refuse n beyond MAX_N before any work starts."""
    if node.n > MAX_N:
        raise BeyondReach(f"n = {node.n} is beyond reach: there are 2^(2^{node.n}) functions and sets are held "
                          f"as bitmaps or lists over them; the limit is n <= {MAX_N} (n = 5 for counts)")
    if node.op in ("union", "inter", "diff", "not", "orbit"):
        for child in node.args:
            _reachable(child)
    elif node.n > MAX_DENSE_N:
        if node.op == "T" and node.args[0] not in (0, 1) and node.args[0] < node.n:
            raise BeyondReach(_degree_reason(node.n, node.args[0]))
        if node.op == "T_B":
            name, _table, k, degrees = node.args
            if k != 2 or any(d not in (0, 1) for d in degrees):
                raise BeyondReach(f"T_{name}({node.n};{','.join(map(str, degrees))}) is beyond reach: at n = 5 "
                                  f"only binary operators on degrees 0 and 1 are composed")


def _eval(node: Node) -> FunctionSet:
    n, a = node.n, node.args
    if node.op == "all":
        return _normal(FunctionSet(n, tables=np.zeros(0, np.uint64), complement=True))
    if node.op == "none":
        return _normal(FunctionSet(n, tables=np.zeros(0, np.uint64)))
    if node.op == "fn":
        return _normal(FunctionSet(n, tables=np.array([a[0]], dtype=np.uint64)))
    if node.op == "T":
        return threshold_set(n, a[0])
    if node.op == "T_B":
        name, table, k, degrees = a
        return composed_set(table, k, n, degrees, name)
    if node.op == "not":
        return complement(_eval(a[0]))
    if node.op == "orbit":
        return orbit(_eval(a[0]))
    left, right = _eval(a[0]), _eval(a[1])
    return {"union": union, "inter": intersection, "diff": difference}[node.op](left, right)
