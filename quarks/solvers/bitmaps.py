"""Truth tables of operators, bitmaps of function sets, and the compiled kernels that the
composition engines (quarks.solvers.compose, quarks.solvers.compose_many) share.

A function of n variables is its truth table, an integer of 2^n bits (bit x = f(x)); a set of such
functions is a bitmap of 2^(2^n) bits in uint64 words.
"""
from __future__ import annotations

import numpy as np

NUMPY_PAIR_LIMIT = 20_000_000  # above this many operand pairs, use the compiled kernel


def full(n: int) -> int:
    """The table of the constant-true function of n variables."""
    return (1 << (1 << n)) - 1


def apply_operator(B: int, k: int, operands, n: int):
    """B(f_1, ..., f_k) pointwise, for uint64 arrays (broadcast) or Python ints of tables."""
    mask = full(n)
    if isinstance(operands[0], (int, np.integer)) and all(isinstance(o, (int, np.integer)) for o in operands):
        ops = [int(o) for o in operands]
        out = 0
        for z in range(1 << k):
            if (B >> z) & 1:
                term = mask
                for j, f in enumerate(ops):
                    term &= f if (z >> j) & 1 else ~f & mask
                out |= term
        return out
    m = np.uint64(mask)
    ops = [np.asarray(o, dtype=np.uint64) for o in operands]
    out = np.zeros(np.broadcast_shapes(*(o.shape for o in ops)), dtype=np.uint64)
    for z in range(1 << k):
        if (B >> z) & 1:
            term = np.full(out.shape, m, dtype=np.uint64)
            for j, f in enumerate(ops):
                term &= f if (z >> j) & 1 else (~f & m)
            out |= term
    return out


def is_symmetric(B: int, k: int, i: int = 0, j: int = 1) -> bool:
    """B is unchanged by exchanging arguments i and j."""
    for z in range(1 << k):
        bi, bj = (z >> i) & 1, (z >> j) & 1
        w = (z & ~((1 << i) | (1 << j))) | (bj << i) | (bi << j)
        if (B >> z) & 1 != (B >> w) & 1:
            return False
    return True


def bitmap_words(n: int) -> int:
    return max(1, (1 << (1 << n)) >> 6)


def bitmap_from_tables(tables, n: int) -> np.ndarray:
    bm = np.zeros(bitmap_words(n), dtype=np.uint64)
    t = np.unique(np.asarray(tables, dtype=np.uint64))
    np.bitwise_or.at(bm, (t >> np.uint64(6)).astype(np.int64), np.uint64(1) << (t & np.uint64(63)))
    return bm


_BYTE_REVERSE = np.array([int(f"{b:08b}"[::-1], 2) for b in range(256)], dtype=np.uint8)


def negate_bitmap(bm: np.ndarray, n: int) -> np.ndarray:
    """The bitmap of { not h : h in S }."""
    universe = 1 << (1 << n)
    if universe < 64:
        word = int(bm[0])
        out = sum(1 << (universe - 1 - h) for h in range(universe) if (word >> h) & 1)
        return np.array([out], dtype=np.uint64)
    raw = np.ascontiguousarray(bm, dtype="<u8").view(np.uint8)[::-1]
    return _BYTE_REVERSE[raw].view("<u8").astype(np.uint64, copy=False)


def popcount(bm: np.ndarray) -> int:
    """The number of set bits of a uint64 array."""
    total = 0
    raw = np.ascontiguousarray(bm, dtype="<u8").view(np.uint8)
    step = 1 << 24
    for s in range(0, len(raw), step):
        total += int(np.unpackbits(raw[s:s + step]).sum(dtype=np.int64))
    return total


# --- progress ------------------------------------------------------------------------------------

def pair_bar(total: float, label: str, enabled: bool):
    """A tqdm bar over units of pair work (silent unless enabled)."""
    from quarks.base.progress import bar

    return bar(max(total, 1), label, enabled, unit="pair", scale=True, leave=True)


# --- numba kernels (built on first use, cached on disk) ---------------------------------------

_KERNELS: dict = {}


def compiled_kernels():
    if _KERNELS:
        return _KERNELS
    import numba as nb

    @nb.njit(cache=True, inline="always")
    def _popcount64(x):
        x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
        x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
        x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
        return (x * np.uint64(0x0101010101010101)) >> np.uint64(56)

    @nb.njit(cache=True, parallel=True)
    def pair_tasks(task_pair_lo, task_pair_hi, pa, pb, a_start, a_lo, b_start, b_lo,
                   m0, m1, m2, m3, lowmask, W, sym, scratch):
        """Fill one private row per task with the lower halves B(lo_f, lo_g) of its pairs."""
        for t in nb.prange(len(task_pair_lo)):
            row = scratch[t]
            for w in range(W):
                row[w] = np.uint64(0)
            for p in range(task_pair_lo[t], task_pair_hi[t]):
                a = pa[p]
                b = pb[p]
                same = sym and a == b
                for i in range(a_start[a], a_start[a + 1]):
                    x = a_lo[i]
                    one = ((x & m3) | (~x & m2)) & lowmask  # B(x, 1)
                    zero = ((x & m1) | (~x & m0)) & lowmask  # B(x, 0)
                    j0 = i - a_start[a] + b_start[b] if same else b_start[b]
                    for j in range(j0, b_start[b + 1]):
                        y = b_lo[j]
                        h = (y & one) | (~y & zero)
                        row[h >> np.uint64(6)] |= np.uint64(1) << (h & np.uint64(63))
                if W <= 64:  # a full row cannot grow: skip the task's remaining pairs
                    full_row = True
                    for w in range(W):
                        if row[w] != ~np.uint64(0):
                            full_row = False
                            break
                    if full_row:
                        break

    @nb.njit(cache=True)
    def merge_rows(scratch, task_key, W, out):
        for t in range(len(task_key)):
            base = task_key[t] * W
            row = scratch[t]
            for w in range(W):
                out[base + w] |= row[w]

    @nb.njit(cache=True, parallel=True)
    def count_bits(bm):
        total = 0
        for i in nb.prange(len(bm)):
            total += _popcount64(bm[i])
        return total

    @nb.njit(cache=True, parallel=True)
    def mux_tasks(u, v, h, lo, hi, scratch):
        """Private bitmaps: every (h & u_p) | (~h & v_p) for the pair ranges [lo[t], hi[t])."""
        W = scratch.shape[1]
        mask = np.uint64(W * 64 - 1)
        for t in nb.prange(len(lo)):
            row = scratch[t]
            for p in range(lo[t], hi[t]):
                up = u[p]
                vp = v[p]
                for q in range(len(h)):
                    x = ((h[q] & up) | (~h[q] & vp)) & mask
                    row[x >> np.uint64(6)] |= np.uint64(1) << (x & np.uint64(63))

    _KERNELS.update(pair_tasks=pair_tasks, merge_rows=merge_rows, count_bits=count_bits,
                    mux_tasks=mux_tasks)
    return _KERNELS


def set_threads(threads: int | None) -> None:
    import numba as nb

    limit = nb.config.NUMBA_NUM_THREADS
    nb.set_num_threads(max(1, min(threads or limit, limit)))


# --- two operands ----------------------------------------------------------------------------
