"""Composition classes T_B(n; d_1..d_k) = { B(f_1, ..., f_k) : f_j in T(n; d_j) }, exactly.

A class is a set of Boolean functions of n <= 5 variables, held as a bitmap over all 2^(2^n)
truth tables (bit h set iff the function with table h is in the class; at n = 5 that is 2^32 bits,
512 MiB), so its size is an exact count.

Two operands.  Write a table t of n variables as (hi, lo): its halves on x_n = 1 and x_n = 0.
B acts pointwise, so B(f, g) has upper half B(f_hi, g_hi) and lower half B(f_lo, g_lo).  Group
each operand list by upper half; every pair of groups (a, b) then fills only the bitmap row
key = B(a, b), and that row (2^(2^(n-1)) bits, 8 KiB at n = 5) stays in L1 cache while all the
pairs (lo_f, lo_g) of the two groups are written into it.  Rows are filled by tasks, each task in
a private buffer, merged afterwards: no two threads ever write the same word.  When B is symmetric
and both operand lists are the same, only the pairs f <= g are visited.

Three and four operands (n <= 4, :mod:`quarks.solvers.compose_many`).  B(f, g, h) = h ? B(f, g, 1) :
B(f, g, 0): the distinct pairs (u, v) = (B(f, g, 1), B(f, g, 0)) are collected first, then every h is
multiplexed into them; four operands add one more such step.

Operator symmetries.  If C(z) = c XOR B(z_pi(1) XOR s_1, ..., z_pi(k) XOR s_k) for all z, and every
T(n; d_j) is closed under output negation, then T_C(n; d_1..d_k) = nu_c T_B(n; d_pi(1)..d_pi(k)),
nu = output negation.  :func:`operator_relation` finds (pi, s, c); :func:`negation_closed` checks
the closure on a list.  Both are re-runnable procedures for ``exhaustive`` evidence records.

The numerical kernels use numba (imported lazily); n <= 3 and small jobs run in numpy.
"""
from __future__ import annotations

import hashlib
import itertools
import time
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from quarks.base.progress import wanted as progress_wanted
from quarks.solvers.bitmaps import (
    NUMPY_PAIR_LIMIT,
    apply_operator,
    bitmap_from_tables,
    bitmap_words,
    compiled_kernels,
    full,
    is_symmetric,
    negate_bitmap,
    pair_bar,
    popcount,
    set_threads,
)

MAX_N = 5
TABLE_LIMIT = 50_000_000  # largest class returned as an explicit array of tables


# --- operators ---------------------------------------------------------------------------------

def operator_bits(B, k: int | None = None) -> tuple[int, int]:
    """(table, arity) of an operator given as a TruthTable, or an int table with its arity."""
    if hasattr(B, "bits") and hasattr(B, "n"):
        return int(B.bits), int(B.n)
    if k is None:
        raise ValueError("an operator given as an integer table needs its arity k")
    B = int(B)
    if not 0 <= B < 1 << (1 << k):
        raise ValueError(f"operator table {B} does not fit 2^{k} bits")
    return B, k


def transform_operator(B: int, k: int, perm, flips: int, negate: bool) -> int:
    """The operator C(z) = negate XOR B(y), y_i = z_perm[i] XOR bit i of flips."""
    out = 0
    for z, y in enumerate(_inputs(k, tuple(perm), flips)):
        out |= ((B >> y) & 1) << z
    return out ^ ((1 << (1 << k)) - 1) if negate else out


@lru_cache(maxsize=4096)
def _inputs(k: int, perm: tuple, flips: int) -> tuple:
    """The input y that C reads at each z (y_i = z_perm[i] XOR bit i of flips), z = 0 .. 2^k - 1."""
    return tuple(sum((((z >> perm[i]) & 1) ^ ((flips >> i) & 1)) << i for i in range(k)) for z in range(1 << k))


def operator_relation(B: int, C: int, k: int, allow_perm: bool = True):
    """A triple (perm, flips, negate) with C = transform_operator(B, ...), or None."""
    perms = itertools.permutations(range(k)) if allow_perm else [tuple(range(k))]
    for perm in perms:
        for flips in range(1 << k):
            for negate in (False, True):
                if transform_operator(B, k, perm, flips, negate) == C:
                    return list(perm), flips, negate
    return None


def operator_relation_check(B: int, C: int, k: int, perm, flips: int, negate: bool) -> dict:
    """Exhaustive-record procedure: C(z) = negate XOR B(z_perm XOR flips) at every z in {0,1}^k."""
    seen = []
    holds = sorted(perm) == list(range(k))
    for z in range(1 << k):
        y = 0
        for i in range(k):
            y |= (((z >> perm[i]) & 1) ^ ((flips >> i) & 1)) << i
        lhs, rhs = (C >> z) & 1, ((B >> y) & 1) ^ int(negate)
        seen.append([z, lhs, rhs])
        holds = holds and lhs == rhs
    from quarks.certificates.evidence import digest

    return {"cases": 1 << k, "holds": bool(holds), "digest": digest(seen)}


# --- the class as a bitmap -----------------------------------------------------------------------

@dataclass
class CompositionClass:
    """A set of Boolean functions of n variables as a bitmap over all 2^(2^n) tables."""

    n: int
    bitmap: np.ndarray  # uint64 words; bit h (word h >> 6, bit h & 63) set iff table h in the set
    size: int
    info: dict = field(default_factory=dict)

    @property
    def universe(self) -> int:
        return 1 << (1 << self.n)

    def __len__(self) -> int:
        return self.size

    def __contains__(self, h) -> bool:
        h = int(h)
        return 0 <= h < self.universe and bool((int(self.bitmap[h >> 6]) >> (h & 63)) & 1)

    def tables(self) -> np.ndarray:
        """The tables of the class, increasing, as uint64."""
        if self.size > TABLE_LIMIT:
            raise ValueError(f"class of {self.size} functions is too large to list; use the bitmap")
        bits = np.unpackbits(self.bitmap.astype("<u8").view(np.uint8), bitorder="little")
        return np.flatnonzero(bits[: self.universe]).astype(np.uint64)

    def digest(self) -> str:
        """sha256 of the bitmap (little-endian words): two equal digests mean equal sets."""
        return hashlib.sha256(np.ascontiguousarray(self.bitmap, dtype="<u8").tobytes()).hexdigest()

    def negated(self) -> "CompositionClass":
        """nu(S) = { not h : h in S }: table h goes to 2^(2^n) - 1 - h, a reversal of the bitmap."""
        return CompositionClass(self.n, negate_bitmap(self.bitmap, self.n), self.size, dict(self.info))

    def __and__(self, other: "CompositionClass") -> "CompositionClass":
        if other.n != self.n:
            raise ValueError("classes of different n")
        bm = self.bitmap & other.bitmap
        return CompositionClass(self.n, bm, popcount(bm))

    def __eq__(self, other) -> bool:
        return (isinstance(other, CompositionClass) and self.n == other.n
                and np.array_equal(self.bitmap, other.bitmap))


def _groups(tables: np.ndarray, half: int):
    """Group tables by upper half: (distinct upper halves, CSR starts, lower halves)."""
    t = np.sort(np.asarray(tables, dtype=np.uint64))
    hi = t >> np.uint64(half)
    lo = t & np.uint64((1 << half) - 1)
    order = np.lexsort((lo, hi))
    hi, lo = hi[order], lo[order]
    keys, starts = np.unique(hi, return_index=True)
    starts = np.append(starts, len(t)).astype(np.int64)
    return keys, starts, lo


def _compose2_numpy(B: int, A: np.ndarray, G: np.ndarray, n: int, sym: bool) -> np.ndarray:
    seen = np.zeros(1 << (1 << n), dtype=bool)
    for i, f in enumerate(A):
        rest = G[i:] if sym else G
        seen[apply_operator(B, 2, [np.uint64(f), rest], n).astype(np.int64)] = True
    bm = np.packbits(seen, bitorder="little")
    return np.frombuffer(np.pad(bm, (0, (-len(bm)) % 8)).tobytes(), dtype="<u8").astype(np.uint64)


def _compose2_kernel(B: int, A: np.ndarray, G: np.ndarray, n: int, sym: bool, threads, progress,
                     label: str) -> np.ndarray:
    if n < 4:
        raise ValueError("the row kernel needs n >= 4 (rows of at least one 64-bit word)")
    K = compiled_kernels()
    set_threads(threads)
    half = 1 << (n - 1)
    lowmask = np.uint64((1 << half) - 1)
    W = (1 << half) >> 6
    a_keys, a_start, a_lo = _groups(A, half)
    b_keys, b_start, b_lo = _groups(G, half)
    a_size, b_size = np.diff(a_start), np.diff(b_start)
    ia, ib = np.meshgrid(np.arange(len(a_keys)), np.arange(len(b_keys)), indexing="ij")
    ia, ib = ia.ravel(), ib.ravel()
    if sym:
        keep = ia <= ib
        ia, ib = ia[keep], ib[keep]
    keys = apply_operator(B, 2, [a_keys[ia], b_keys[ib]], n - 1)
    order = np.argsort(keys, kind="stable")
    ia, ib, keys = ia[order], ib[order], keys[order]
    work = a_size[ia].astype(np.float64) * b_size[ib]
    if sym:
        same = ia == ib
        work[same] = a_size[ia[same]] * (a_size[ia[same]] + 1) / 2.0
    # tasks: runs of pairs with one key, cut so that no task is much above the target work
    total = float(work.sum())
    target = max(total / 4000.0, 1.0)
    cum = np.cumsum(work)
    bucket = np.floor((cum - work) / target).astype(np.int64)
    cut = np.flatnonzero((keys[1:] != keys[:-1]) | (bucket[1:] != bucket[:-1])) + 1
    t_lo = np.concatenate([[0], cut]).astype(np.int64)
    t_hi = np.concatenate([cut, [len(keys)]]).astype(np.int64)
    t_key = keys[t_lo].astype(np.int64)
    t_work = np.add.reduceat(work, t_lo) if len(t_lo) else np.zeros(0)
    out = np.zeros(bitmap_words(n), dtype=np.uint64)
    bar = pair_bar(total, label, progress)
    # chunks of tasks, about 1/100 of the work each, so the bar moves and scratch stays small
    chunk_of = np.minimum((np.cumsum(t_work) - t_work) * 100 // max(total, 1), 99).astype(np.int64)
    bounds = np.flatnonzero(np.diff(chunk_of)) + 1
    starts = np.concatenate([[0], bounds]).astype(np.int64)
    ends = np.concatenate([bounds, [len(t_lo)]]).astype(np.int64)
    for s, e in zip(starts, ends):
        scratch = np.empty((e - s, W), dtype=np.uint64)
        K["pair_tasks"](t_lo[s:e], t_hi[s:e], ia.astype(np.int64), ib.astype(np.int64),
                        a_start, a_lo, b_start, b_lo,
                        *_binary_masks(B, half), lowmask, W, sym, scratch)
        K["merge_rows"](scratch, t_key[s:e], W, out)
        bar.update(float(t_work[s:e].sum()))
    bar.close()
    return out


def _binary_masks(B: int, width: int):
    ones = np.uint64((1 << width) - 1)
    return tuple(ones if (B >> z) & 1 else np.uint64(0) for z in range(4))


# --- the public entry points -----------------------------------------------------------------

def compose_operands(B, operands, n: int, k: int | None = None, threads: int | None = None,
                     progress: bool | None = None, kernel: str = "auto") -> CompositionClass:
    """The set { B(f_1, ..., f_k) : f_j in operands[j] } for lists of n-variable tables.

    kernel: "auto", "numpy" or "numba" (two operands, n >= 4).  progress: a bar on stderr
    (default: when stderr is a terminal and the job is large).
    """
    B, k = operator_bits(B, k)
    if not 0 <= n <= MAX_N:
        raise ValueError(f"composition classes need 0 <= n <= {MAX_N}, got n = {n}")
    if len(operands) != k:
        raise ValueError(f"operator has {k} arguments, got {len(operands)} operand lists")
    ops = [np.unique(np.asarray(o, dtype=np.uint64)) for o in operands]
    if any(len(o) and int(o[-1]) > full(n) for o in ops):
        raise ValueError(f"an operand table does not fit 2^{n} bits")
    pairs = float(np.prod([float(len(o)) for o in ops]))
    if progress is None:
        progress = progress_wanted(None) and pairs > 1e9
    label = f"T_B(n={n}) B={B:#x}"
    start = time.perf_counter()
    if any(len(o) == 0 for o in ops):
        bm = np.zeros(bitmap_words(n), dtype=np.uint64)
    elif k == 1:
        bm = bitmap_from_tables(apply_operator(B, 1, ops, n), n)
    elif k == 2:
        sym = is_symmetric(B, 2) and np.array_equal(ops[0], ops[1])
        use_numba = kernel == "numba" or (kernel == "auto" and n >= 4 and pairs > NUMPY_PAIR_LIMIT)
        if use_numba:
            bm = _compose2_kernel(B, ops[0], ops[1], n, sym, threads, progress, label)
        else:
            bm = _compose2_numpy(B, ops[0], ops[1], n, sym)
    elif k in (3, 4):
        from quarks.solvers.compose_many import compose3, compose_slices

        if n > 4:
            raise ValueError(f"{k} operands are supported for n <= 4")
        bm = compose3(B, ops, n, threads, progress, label) if k == 3 else compose_slices(B, k, ops, n)
    else:
        raise ValueError(f"operators of arity {k} are not supported (1, 2, 3 or 4)")
    size = _count(bm)
    info = {"operator": B, "k": k, "operand_sizes": [len(o) for o in ops], "tuples": int(pairs),
            "seconds": time.perf_counter() - start}
    return CompositionClass(n, bm, size, info)


def _count(bm: np.ndarray) -> int:
    if len(bm) >= 1 << 20:
        return int(compiled_kernels()["count_bits"](bm))
    return popcount(bm)


_LISTS: dict = {}


def threshold_list(n: int, degree: int) -> np.ndarray:
    """T(n; degree) as a sorted uint64 array of tables, from the enumeration engine (cached).

    T(0; d) is {false, true} (sign of a nonzero constant), and T(n; d) = T(n; n) for d > n
    (x_i^2 = x_i on the cube, so every polynomial is multilinear of degree <= n).
    """
    if n < 0 or degree < 0:
        raise ValueError(f"need n, degree >= 0, got n = {n}, degree = {degree}")
    if n == 0:
        return np.array([0, 1], dtype=np.uint64)
    degree = min(degree, n)
    if (n, degree) not in _LISTS:
        from quarks.solvers.enumerate import threshold_class

        _LISTS[(n, degree)] = np.sort(np.asarray(threshold_class(n, degree), dtype=np.uint64).ravel())
    return _LISTS[(n, degree)]


def compose_class(B, n: int, degrees, k: int | None = None, threads: int | None = None,
                  progress: bool | None = None, classes: dict | None = None) -> CompositionClass:
    """T_B(n; d_1..d_k) exactly.  ``classes`` may map (n, d) to a list T(n; d) already loaded."""
    B, k = operator_bits(B, k)
    degrees = list(degrees)
    if len(degrees) != k:
        raise ValueError(f"operator has {k} arguments, got {len(degrees)} degrees")
    classes = {} if classes is None else classes
    ops = []
    for d in degrees:
        if (n, d) not in classes:
            classes[(n, d)] = threshold_list(n, d)
        ops.append(classes[(n, d)])
    cls = compose_operands(B, ops, n, k, threads=threads, progress=progress)
    cls.info["degrees"] = degrees
    return cls


# --- procedures for exhaustive evidence records --------------------------------------------------

def class_result(cls: CompositionClass, size: int) -> dict:
    """The record result for a computed class: cases = operand tuples covered, holds = the size
    is ``size``, digest = sha256 of the bitmap."""
    return {"cases": cls.info["tuples"], "holds": cls.size == int(size), "digest": cls.digest(),
            "size": cls.size}


def class_size_check(operator: int, k: int, n: int, degrees: list, size: int) -> dict:
    """Exhaustive-record procedure: |T_B(n; degrees)| == size, B the operator table of arity k."""
    return class_result(compose_class(operator, n, degrees, k=k, progress=False), size)


def threshold_size_check(n: int, degree: int, size: int) -> dict:
    """Exhaustive-record procedure: the engine's list T(n; degree) has ``size`` distinct tables."""
    t = threshold_list(n, degree)
    distinct = len(np.unique(t))
    return {"cases": int(len(t)), "holds": distinct == len(t) == int(size),
            "digest": hashlib.sha256(t.astype("<u8").tobytes()).hexdigest()}


def negation_closed(n: int, degree: int) -> dict:
    """Exhaustive-record procedure: T(n; degree) is closed under output negation f -> not f."""
    t = threshold_list(n, degree)
    neg = np.sort(t ^ np.uint64(full(n)))
    return {"cases": int(len(t)), "holds": bool(np.array_equal(neg, t)),
            "digest": hashlib.sha256(t.astype("<u8").tobytes()).hexdigest()}


def binary_family(n: int, degrees=(1, 1), threads: int | None = None, progress: bool | None = None,
                  direct: bool = False) -> dict:
    """|T_B(n; d0, d1)| for the ten irreducible binary B.

    Representatives (AND, XOR) are computed; every other B is related to one of them by argument
    negations and output negation (checked on {0,1}^2), and T(n; d) is checked to be closed under
    negation on the engine's list, so |T_B| = |T_rep|.  ``direct``: compute all ten instead.
    Returns {name: {"size", "from", "relation", "seconds"}}.
    """
    from quarks.base.boolean import BINARY_OPERATORS
    from quarks.solvers.operators import is_irreducible

    ops = {name: int(B.bits) for name, B in BINARY_OPERATORS.items() if is_irreducible(int(B.bits), 2)}
    degrees = list(degrees)
    out: dict = {}
    if not direct:
        for d in set(degrees):
            if not negation_closed(n, d)["holds"]:
                raise AssertionError(f"T({n};{d}) is not closed under negation")
    reps = {}
    for name, B in ops.items():
        t0 = time.perf_counter()
        rel = None
        if not direct:
            for rep, R in reps.items():
                rel = operator_relation(R, B, 2, allow_perm=False)
                if rel and operator_relation_check(R, B, 2, *rel)["holds"]:
                    out[name] = {"size": out[rep]["size"], "from": rep, "relation": rel,
                                 "seconds": time.perf_counter() - t0}
                    break
                rel = None
        if rel is None:
            cls = compose_class(B, n, degrees, k=2, threads=threads, progress=progress)
            out[name] = {"size": cls.size, "from": name, "relation": None, "seconds": time.perf_counter() - t0}
            reps[name] = B
            del cls
    return out


MAX_CAPACITY_N = 5   # the classes are bitmaps over all 2^(2^n) tables


def check_capacity(max_n: int) -> None:
    """The bound of ``quarks capacity`` and ``quarks.capacity``: UsageError unless 1 <= max_n <= 5."""
    from quarks.base.errors import UsageError

    if not isinstance(max_n, int) or not 1 <= max_n <= MAX_CAPACITY_N:
        raise UsageError(f"--max-n must be in 1..{MAX_CAPACITY_N} (the classes are bitmaps over 2^(2^n) tables), "
                         f"got {max_n}")


def binary_rows(max_n: int, degrees, threads=None, progress=False) -> list[dict]:
    """For n = 1..max_n: the ten binary classes |T_B(n; d0, d1)| with the bounds prod |T(n-1;d_j)| and
    prod |T(n;d_j)| of Theorem 4.2."""
    import math

    rows = []
    for n in range(1, max_n + 1):
        fam = binary_family(n, degrees, threads=threads, progress=progress)
        T = [len(threshold_list(n, d)) for d in degrees]
        L = [len(threshold_list(n - 1, d)) for d in degrees]
        rows.append({"n": n, "family": fam, "upper": math.prod(T), "lower": math.prod(L), "T": T, "L": L})
    return rows
