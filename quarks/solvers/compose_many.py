"""Composition classes with three and four operands, n <= 4 (the entry point is
:func:`quarks.solvers.compose.compose_operands`).

B(f_1, ..., f_k) = f_k ? B(f_1, .., f_{k-1}, 1) : B(f_1, .., f_{k-1}, 0), pointwise.  So after the first
two operands only the *slices* matter: the 2^(k-2) tables B_c(f_1, f_2), c in {0,1}^(k-2) the values of
the remaining arguments.  Each further operand h halves the slices (h ? slice_{c,1} : slice_{c,0}) and
only the distinct slice tuples are kept; the last operand gives the tables of the class.  At n <= 4 a
table has at most 16 bits, so four slices pack into one 64-bit word.
"""
from __future__ import annotations

import numpy as np

from quarks.solvers.bitmaps import (
    NUMPY_PAIR_LIMIT,
    apply_operator,
    bitmap_words,
    compiled_kernels,
    full,
    is_symmetric,
    pair_bar,
    set_threads,
)

SLICE_WORK_LIMIT = 2_000_000_000   # slice tuples x operand tables per step: beyond this, refuse
CHUNK = 1 << 22                    # elements per numpy block


# --- three operands, n <= 4 ----------------------------------------------------------------------------

def compose3(B: int, ops, n: int, threads, progress, label) -> np.ndarray:
    F, G, H = ops
    sym = is_symmetric(B, 3, 0, 1) and np.array_equal(F, G)
    B1 = (B >> 4) & 0xF  # B(., ., 1) as a binary operator
    B0 = B & 0xF  # B(., ., 0)
    width = 1 << n
    pairs = []
    step = max(1, (1 << 22) // max(len(G), 1))
    for s in range(0, len(F), step):
        f = F[s:s + step, None]
        u = apply_operator(B1, 2, [f, G[None, :]], n)
        v = apply_operator(B0, 2, [f, G[None, :]], n)
        uv = (u << np.uint64(width)) | v
        if sym:  # pairs (f_a, g_b) with a <= b suffice
            uv = uv[np.arange(s, s + len(f))[:, None] <= np.arange(len(G))[None, :]]
        pairs.append(np.unique(uv))
        if len(pairs) >= 64:
            pairs = [np.unique(np.concatenate(pairs))]
    P = np.unique(np.concatenate(pairs))
    u, v = P >> np.uint64(width), P & np.uint64((1 << width) - 1)
    H = np.asarray(H, dtype=np.uint64)
    if len(u) * len(H) <= NUMPY_PAIR_LIMIT or n < 3:
        seen = np.zeros(1 << width, dtype=bool)
        step = max(1, NUMPY_PAIR_LIMIT // max(len(H), 1) // 8)
        for s in range(0, len(u), step):
            x = (H[None, :] & u[s:s + step, None]) | (~H[None, :] & v[s:s + step, None])
            seen[(x & np.uint64(full(n))).astype(np.int64).ravel()] = True
        bm = np.packbits(seen, bitorder="little")
        return np.frombuffer(np.pad(bm, (0, (-len(bm)) % 8)).tobytes(), dtype="<u8").astype(np.uint64)
    K = compiled_kernels()
    set_threads(threads)
    tasks = 64
    edges = np.linspace(0, len(u), tasks + 1).astype(np.int64)
    scratch = np.zeros((tasks, bitmap_words(n)), dtype=np.uint64)
    bar = pair_bar(len(u), label, progress)
    per = 8
    for s in range(0, tasks, per):
        K["mux_tasks"](u, v, H, edges[s:s + per], edges[s + 1:s + per + 1], scratch[s:s + per])
        bar.update(float(edges[min(s + per, tasks)] - edges[s]))
    bar.close()
    return np.bitwise_or.reduce(scratch, axis=0)


# --- any arity k >= 3 at n <= 4: slices ---------------------------------------------------------------

def _bits_of(bm_bool: np.ndarray) -> np.ndarray:
    bm = np.packbits(bm_bool, bitorder="little")
    return np.frombuffer(np.pad(bm, (0, (-len(bm)) % 8)).tobytes(), dtype="<u8").astype(np.uint64)


def _slice(S: np.ndarray, c: int, width: int) -> np.ndarray:
    return (S >> np.uint64(c * width)) & np.uint64((1 << width) - 1)


def compose_slices(B: int, k: int, ops, n: int) -> np.ndarray:
    """The bitmap of { B(f_1..f_k) : f_j in ops[j] }, k >= 3, 2^(k-2) 2^n <= 64, by distinct slice tuples."""
    width = 1 << n
    if (1 << (k - 2)) * width > 64:
        raise ValueError(f"{k} operands at n = {n}: slices do not fit 64 bits")
    F, G = ops[0], ops[1]
    parts = []
    step = max(1, CHUNK // max(len(G), 1))
    for s in range(0, len(F), step):      # the slices B_c(f, g) of every pair
        f = F[s:s + step, None]
        S = np.zeros((len(f), len(G)), dtype=np.uint64)
        for c in range(1 << (k - 2)):
            S |= apply_operator((B >> (4 * c)) & 0xF, 2, [f, G[None, :]], n) << np.uint64(c * width)
        parts.append(np.unique(S))
    S = np.unique(np.concatenate(parts))
    for j in range(2, k):                 # operand j halves the slices
        H = ops[j]
        if float(len(S)) * len(H) > SLICE_WORK_LIMIT:
            raise ValueError(f"{len(S)} slice tuples x {len(H)} tables of operand {j + 1}: too large "
                             f"(limit {SLICE_WORK_LIMIT:,}); restrict the operand lists")
        half = 1 << (k - 1 - j)
        parts = []
        step = max(1, CHUNK // max(len(H), 1))
        for s in range(0, len(S), step):
            blk, h = S[s:s + step, None], H[None, :]
            new = np.zeros((blk.shape[0], len(H)), dtype=np.uint64)
            for c in range(half):
                one, zero = _slice(blk, 2 * c + 1, width), _slice(blk, 2 * c, width)
                new |= ((h & one) | (~h & zero) & np.uint64(full(n))) << np.uint64(c * width)
            parts.append(np.unique(new))
            if len(parts) >= 64:
                parts = [np.unique(np.concatenate(parts))]
        S = np.unique(np.concatenate(parts))
    seen = np.zeros(1 << width, dtype=bool)
    seen[(S & np.uint64(full(n))).astype(np.int64)] = True
    return _bits_of(seen)
