"""Boolean functions as bit-packed truth tables.

Conventions (fixed; every other module relies on them):

* An input ``x in {0,1}^n`` is indexed by the integer ``x = sum_i x_i 2^(i-1)``: variable
  ``x_1`` is bit 0.  In code variables are numbered from 0 (variable ``i`` is bit ``i``, printed
  as ``x{i+1}``); a monomial or a set of variables is a bit mask over the same bits.
* A truth table is the integer whose bit ``x`` is 1 iff ``f(x)`` is true.  "True" is output 1 in
  the 0/1 encoding and output +1 in the ±1 encoding; input bit 1 is +1 and input bit 0 is -1.
* Storage: a Python ``int`` of ``2^n`` bits.  For ``n <= 6`` this is one 64-bit word (bits above
  ``2^n`` zero); for ``n > 6`` :meth:`TruthTable.words` gives ``2^(n-6)`` uint64 words, least
  significant word first.
* Strings: a 0/1 string has length ``2^n`` and lists ``f(0), f(1), ..., f(2^n-1)`` (x = 0 first);
  hex is the integer above written in base 16.

The hyperoctahedral group ``S_n x Z_2^n`` (permute and negate inputs) times ``Z_2`` (negate the
output) acts on functions; :func:`canonical` picks the least truth table of the orbit.

Vectorised helpers (``*_array``) act on numpy ``uint64`` arrays of tables with ``n <= 6``.
"""
from __future__ import annotations

import itertools
import math
import re
from functools import lru_cache

import numpy as np

WORD = 6  # log2 of the bits in one machine word

# positions x (0 <= x < 64) whose bit i is 0
_ZERO_MASKS64 = (
    0x5555555555555555,
    0x3333333333333333,
    0x0F0F0F0F0F0F0F0F,
    0x00FF00FF00FF00FF,
    0x0000FFFF0000FFFF,
    0x00000000FFFFFFFF,
)


def full_mask(n: int) -> int:
    """The table of the constant true function on n variables: 2^n one bits."""
    return (1 << (1 << n)) - 1


@lru_cache(maxsize=None)
def zero_mask(n: int, i: int) -> int:
    """The table of the function ``x_{i+1} == 0`` on n variables (positions with bit i clear)."""
    if not 0 <= i < n:
        raise ValueError(f"variable {i} out of range for n = {n}")
    if i < WORD:
        word = _ZERO_MASKS64[i]
        if n <= WORD:
            return word & full_mask(n)
        return int.from_bytes(word.to_bytes(8, "little") * (1 << (n - WORD)), "little")
    block = (1 << (1 << i)) - 1  # 2^i ones, then 2^i zeros, repeated
    period = 1 << (i + 1)
    out = 0
    for start in range(0, 1 << n, period):
        out |= block << start
    return out


def _negate_input_int(bits: int, n: int, i: int) -> int:
    m, s = zero_mask(n, i), 1 << i
    return ((bits & m) << s) | ((bits >> s) & m)


def _swap_inputs_int(bits: int, n: int, i: int, j: int) -> int:
    if i == j:
        return bits
    if i > j:
        i, j = j, i
    a = ~zero_mask(n, i) & zero_mask(n, j)  # bit i = 1, bit j = 0
    d = (1 << j) - (1 << i)
    keep = full_mask(n) & ~(a | (a << d))
    return (bits & keep) | ((bits & a) << d) | ((bits >> d) & a)


def _transpositions(perm) -> list[tuple[int, int]]:
    """Transpositions t_1..t_k whose successive application (see :meth:`TruthTable.permute`)
    realises ``perm``."""
    p = list(perm)
    out = []
    for i in range(len(p)):
        while p[i] != i:
            j = p[i]
            out.append((i, j))
            p[i], p[j] = p[j], p[i]
    return out


class TruthTable:
    """A Boolean function of ``n`` variables, stored as the integer ``bits`` (bit x = f(x))."""

    __slots__ = ("n", "bits")

    def __init__(self, n: int, bits: int):
        if not isinstance(n, int) or n < 0:
            raise ValueError(f"number of variables must be a non-negative integer, got {n!r}")
        bits = int(bits)
        if bits < 0 or bits >> (1 << n):
            raise ValueError(f"truth table {bits:#x} does not fit in 2^{n} bits")
        self.n = n
        self.bits = bits

    # --- construction ---------------------------------------------------------------------
    @classmethod
    def from_string(cls, text: str) -> "TruthTable":
        """From a 0/1 string of length 2^n, f(0) first."""
        text = text.strip()
        size = len(text)
        if size == 0 or size & (size - 1):
            raise ValueError(f"a 0/1 truth table has length 2^n; got length {size}")
        if set(text) - {"0", "1"}:
            raise ValueError("a binary truth table may contain only 0 and 1")
        return cls(size.bit_length() - 1, int(text[::-1], 2))

    @classmethod
    def from_hex(cls, text: str, n: int | None = None) -> "TruthTable":
        """From hex (``0x`` optional).  Without ``n`` it is read from the number of digits
        (1 digit: n = 2, 2: n = 3, 4: n = 4, 8: n = 5, ...)."""
        body = text.strip().lower()
        if body.startswith("0x"):
            body = body[2:]
        body = body.replace("_", "")
        if not body or not re.fullmatch(r"[0-9a-f]+", body):
            raise ValueError(f"not a hexadecimal truth table: {text!r}")
        value = int(body, 16)
        if n is None:
            digits = len(body)
            if digits & (digits - 1):
                raise ValueError(f"{digits} hex digits is not 2^n/4 for any n; give n")
            n = digits.bit_length() + 1
        if value >> (1 << n):
            raise ValueError(f"hex value {text} has more than 2^{n} = {1 << n} bits")
        return cls(n, value)

    @classmethod
    def parse(cls, text: str, n: int | None = None) -> "TruthTable":
        """A 0/1 string of length 2^n, or hex (``0x`` prefix, or any other string when n is given)."""
        t = text.strip()
        if t.lower().startswith("0x"):
            return cls.from_hex(t, n)
        if t and set(t) <= {"0", "1"} and (n is None or len(t) == 1 << n):
            return cls.from_string(t)
        if n is not None:
            return cls.from_hex(t, n)
        if t and set(t) <= {"0", "1"}:
            return cls.from_string(t)  # raises: length not a power of two
        raise ValueError(f"not a 0/1 string and no n given for hex: {text!r}")

    @classmethod
    def from_callable(cls, n: int, fn, encoding: str = "01") -> "TruthTable":
        """Tabulate ``fn(x_1, ..., x_n)``.  ``encoding="01"``: inputs 0/1, output 0/1 (or bool);
        ``"pm1"``: inputs and output ±1 (input bit 1 is +1, output +1 is true)."""
        if encoding not in ("01", "pm1"):
            raise ValueError(f"encoding must be '01' or 'pm1', got {encoding!r}")
        bits = 0
        for x in range(1 << n):
            xs = [(x >> i) & 1 for i in range(n)]
            if encoding == "pm1":
                xs = [2 * b - 1 for b in xs]
            y = fn(*xs)
            if encoding == "01":
                if y not in (0, 1):
                    raise ValueError(f"0/1-encoded function returned {y!r} at x = {x}")
                truth = bool(y)
            else:
                if y not in (-1, 1):
                    raise ValueError(f"±1-encoded function returned {y!r} at x = {x}")
                truth = y == 1
            bits |= truth << x
        return cls(n, bits)

    @classmethod
    def from_values(cls, values, encoding: str = "01") -> "TruthTable":
        """From a sequence of 2^n outputs (0/1 or ±1), f(0) first."""
        vals = list(int(v) for v in values)
        size = len(vals)
        if size == 0 or size & (size - 1):
            raise ValueError(f"need 2^n values, got {size}")
        true = 1 if encoding == "01" else 1
        false = 0 if encoding == "01" else -1
        if set(vals) - {true, false}:
            raise ValueError(f"values must be in {{{false}, {true}}} for encoding {encoding}")
        return cls(size.bit_length() - 1, sum(1 << x for x, v in enumerate(vals) if v == true))

    @classmethod
    def from_words(cls, n: int, words) -> "TruthTable":
        """From uint64 words, least significant first."""
        w = np.asarray(words, dtype=np.uint64).ravel()
        return cls(n, int.from_bytes(w.astype("<u8").tobytes(), "little"))

    @classmethod
    def constant(cls, n: int, value: bool) -> "TruthTable":
        return cls(n, full_mask(n) if value else 0)

    @classmethod
    def variable(cls, n: int, i: int) -> "TruthTable":
        """The projection x_{i+1} (0-based variable i)."""
        return cls(n, full_mask(n) & ~zero_mask(n, i))

    # --- views ------------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return 1 << self.n

    def __call__(self, x) -> bool:
        """f(x) for an index x, or for a sequence of n input bits (x_1 first)."""
        if not isinstance(x, (int, np.integer)):
            bits = list(x)
            if len(bits) != self.n:
                raise ValueError(f"expected {self.n} inputs, got {len(bits)}")
            x = sum(int(b) << i for i, b in enumerate(bits))
        return bool((self.bits >> int(x)) & 1)

    def to_string(self) -> str:
        return format(self.bits, f"0{self.size}b")[::-1]

    def to_hex(self) -> str:
        return "0x" + format(self.bits, f"0{max(1, self.size // 4)}x")

    def values(self, encoding: str = "01") -> np.ndarray:
        """The outputs f(0..2^n-1) as an int8 array, 0/1 or ±1."""
        b = bits_to_array(self.bits, self.n)
        if encoding == "01":
            return b.astype(np.int8)
        if encoding == "pm1":
            return (2 * b.astype(np.int8) - 1).astype(np.int8)
        raise ValueError(f"encoding must be '01' or 'pm1', got {encoding!r}")

    def words(self) -> np.ndarray:
        """The table as uint64 words, least significant first (one word when n <= 6)."""
        count = max(1, self.size >> WORD)
        return np.frombuffer(self.bits.to_bytes(8 * count, "little"), dtype="<u8").astype(np.uint64)

    def true_points(self) -> list[int]:
        return [x for x in range(self.size) if (self.bits >> x) & 1]

    def false_points(self) -> list[int]:
        return [x for x in range(self.size) if not (self.bits >> x) & 1]

    def weight(self) -> int:
        """The number of true points."""
        return self.bits.bit_count()

    # --- algebra ----------------------------------------------------------------------------
    def _same(self, other: "TruthTable"):
        if not isinstance(other, TruthTable):
            return NotImplemented
        if other.n != self.n:
            raise ValueError(f"functions of {self.n} and {other.n} variables")
        return other

    def __and__(self, other):
        o = self._same(other)
        return o if o is NotImplemented else TruthTable(self.n, self.bits & o.bits)

    def __or__(self, other):
        o = self._same(other)
        return o if o is NotImplemented else TruthTable(self.n, self.bits | o.bits)

    def __xor__(self, other):
        o = self._same(other)
        return o if o is NotImplemented else TruthTable(self.n, self.bits ^ o.bits)

    def __invert__(self):
        """Negate the output."""
        return TruthTable(self.n, self.bits ^ full_mask(self.n))

    def __eq__(self, other):
        return isinstance(other, TruthTable) and self.n == other.n and self.bits == other.bits

    def __lt__(self, other):
        o = self._same(other)
        return o if o is NotImplemented else self.bits < o.bits

    def __hash__(self):
        return hash((self.n, self.bits))

    def __int__(self):
        return self.bits

    def __repr__(self):
        return f"TruthTable(n={self.n}, {self.to_hex() if self.n > 4 else self.to_string()!r})"


    # --- restriction and dependence --------------------------------------------------------
    def restrict(self, i: int, value: int) -> "TruthTable":
        """The function of n-1 variables obtained by fixing variable i (0-based) to ``value``;
        the other variables keep their order."""
        if not 0 <= i < self.n:
            raise ValueError(f"variable {i} out of range for n = {self.n}")
        b = self.bits
        for j in range(i, self.n - 1):  # move variable i to the last position
            b = _swap_inputs_int(b, self.n, j, j + 1)
        half = 1 << (self.n - 1)
        return TruthTable(self.n - 1, (b >> half) if value else (b & ((1 << half) - 1)))

    def depends_on(self, i: int) -> bool:
        """True when f changes for some flip of variable i (0-based)."""
        m, s = zero_mask(self.n, i), 1 << i
        return (self.bits & m) != ((self.bits >> s) & m)

    def support(self) -> list[int]:
        """The variables f depends on."""
        return [i for i in range(self.n) if self.depends_on(i)]

    # --- the hyperoctahedral action ---------------------------------------------------------
    def negate_input(self, i: int) -> "TruthTable":
        """x -> f(x with x_{i+1} flipped)."""
        return TruthTable(self.n, _negate_input_int(self.bits, self.n, i))

    def negate_inputs(self, mask: int) -> "TruthTable":
        """x -> f(x XOR mask)."""
        b = self.bits
        for i in range(self.n):
            if (mask >> i) & 1:
                b = _negate_input_int(b, self.n, i)
        return TruthTable(self.n, b)

    def swap_inputs(self, i: int, j: int) -> "TruthTable":
        """x -> f(x with x_{i+1} and x_{j+1} exchanged)."""
        return TruthTable(self.n, _swap_inputs_int(self.bits, self.n, i, j))

    def permute(self, perm) -> "TruthTable":
        """g(x) = f(y) with y_i = x_{perm[i]} (0-based): argument i of f receives variable perm[i]."""
        perm = list(perm)
        if sorted(perm) != list(range(self.n)):
            raise ValueError(f"not a permutation of range({self.n}): {perm}")
        b = self.bits
        for i, j in _transpositions(perm):
            b = _swap_inputs_int(b, self.n, i, j)
        return TruthTable(self.n, b)

    def transform(self, perm=None, flips: int = 0, negate_output: bool = False) -> "TruthTable":
        """g(x) = [negate_output] XOR f(y) with y_i = (x XOR flips)_{perm[i]}."""
        g = self.negate_inputs(flips) if flips else self
        if perm is not None:
            g = g.permute(perm)
        return ~g if negate_output else g

    def orbit(self) -> set["TruthTable"]:
        """The orbit under permutations and negations of inputs and negation of the output."""
        return {TruthTable(self.n, int(b)) for b in _orbit_bits(self.bits, self.n)}


def bits_to_array(bits: int, n: int) -> np.ndarray:
    """The 2^n bits of a table as a uint8 array, bit x at index x."""
    size = 1 << n
    raw = np.frombuffer(bits.to_bytes(max(1, (size + 7) // 8), "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:size]


def compose(B: TruthTable, fs) -> TruthTable:
    """B(f_1, ..., f_k): the operator B on k inputs applied pointwise to k functions of n variables."""
    fs = list(fs)
    if len(fs) != B.n:
        raise ValueError(f"operator has {B.n} inputs, got {len(fs)} functions")
    if not fs:
        raise ValueError("compose needs at least one function")
    n = fs[0].n
    if any(f.n != n for f in fs):
        raise ValueError("all functions must have the same number of variables")
    full = full_mask(n)
    out = 0
    for z in range(B.size):
        if (B.bits >> z) & 1:
            term = full
            for j, f in enumerate(fs):
                term &= f.bits if (z >> j) & 1 else ~f.bits & full
            out |= term
    return TruthTable(n, out)


def operators(k: int) -> list[TruthTable]:
    """All 2^(2^k) operators on k inputs."""
    return [TruthTable(k, b) for b in range(1 << (1 << k))]


def is_irreducible(B: TruthTable) -> bool:
    """B depends on every one of its inputs."""
    return all(B.depends_on(i) for i in range(B.n))


def irreducible_operators(k: int) -> list[TruthTable]:
    """The operators on k inputs that depend on all k (2 binary... 10 binary, 218 ternary)."""
    return [B for B in operators(k) if is_irreducible(B)]


# The 16 binary operators B(x, y) with x = x_1 (bit 0) and y = x_2 (bit 1):
# table bit 0 = B(0,0), bit 1 = B(1,0), bit 2 = B(0,1), bit 3 = B(1,1).
BINARY_OPERATORS = {
    "FALSE": TruthTable(2, 0b0000),
    "NOR": TruthTable(2, 0b0001),
    "X_AND_NOT_Y": TruthTable(2, 0b0010),  # x and not y (non-implication)
    "NOT_Y": TruthTable(2, 0b0011),
    "NOT_X_AND_Y": TruthTable(2, 0b0100),  # not x and y (converse non-implication)
    "NOT_X": TruthTable(2, 0b0101),
    "XOR": TruthTable(2, 0b0110),
    "NAND": TruthTable(2, 0b0111),
    "AND": TruthTable(2, 0b1000),
    "XNOR": TruthTable(2, 0b1001),
    "X": TruthTable(2, 0b1010),
    "Y_IMPLIES_X": TruthTable(2, 0b1011),  # x or not y
    "Y": TruthTable(2, 0b1100),
    "X_IMPLIES_Y": TruthTable(2, 0b1101),  # not x or y
    "OR": TruthTable(2, 0b1110),
    "TRUE": TruthTable(2, 0b1111),
}

IRREDUCIBLE_BINARY = {name: B for name, B in BINARY_OPERATORS.items() if is_irreducible(B)}


# --- canonical form --------------------------------------------------------------------------

def _sjt_swaps(n: int) -> list[int]:
    """Adjacent transpositions (i, i+1), given by i, that walk through all n! permutations
    (Steinhaus-Johnson-Trotter)."""
    if n <= 1:
        return []
    swaps = []
    perm = list(range(n))
    direction = [-1] * n
    for _ in range(math.factorial(n) - 1):
        mobile, pos = -1, -1
        for p, v in enumerate(perm):
            q = p + direction[v]
            if 0 <= q < n and perm[q] < v and v > mobile:
                mobile, pos = v, p
        q = pos + direction[mobile]
        swaps.append(min(pos, q))
        perm[pos], perm[q] = perm[q], perm[pos]
        for v in range(mobile + 1, n):
            direction[v] = -direction[v]
    return swaps


_SJT = {n: _sjt_swaps(n) for n in range(WORD + 1)}


def _orbit_bits(bits: int, n: int) -> np.ndarray:
    """Every image of one table under the group (with repetitions), for n <= 6 as uint64."""
    if n > WORD:
        return np.array(sorted({b for b in _orbit_bits_generic(bits, n)}), dtype=object)
    arr = np.array([bits], dtype=np.uint64)
    for i in range(n):
        arr = np.concatenate([arr, negate_input_array(arr, n, i)])
    arr = np.concatenate([arr, negate_output_array(arr, n)])
    images = [arr]
    for i in _SJT[n]:
        arr = swap_inputs_array(arr, n, i, i + 1)
        images.append(arr)
    return np.unique(np.concatenate(images))


def _orbit_bits_generic(bits: int, n: int):
    f = TruthTable(n, bits)
    for perm in itertools.permutations(range(n)):
        g = f.permute(perm)
        for mask in range(1 << n):
            h = g.negate_inputs(mask).bits
            yield h
            yield h ^ full_mask(n)


def canonical(f: TruthTable) -> TruthTable:
    """The least truth table in the orbit of f under the hyperoctahedral group and output negation."""
    if f.n <= WORD:
        arr = np.array([f.bits], dtype=np.uint64)
        for i in range(f.n):
            arr = np.concatenate([arr, negate_input_array(arr, f.n, i)])
        arr = np.concatenate([arr, negate_output_array(arr, f.n)])
        best = int(arr.min())
        for i in _SJT[f.n]:
            arr = swap_inputs_array(arr, f.n, i, i + 1)
            best = min(best, int(arr.min()))
        return TruthTable(f.n, best)
    return TruthTable(f.n, min(_orbit_bits_generic(f.bits, f.n)))


def canonical_array(tables, n: int, chunk: int = 2048) -> np.ndarray:
    """Canonical forms of many tables (n <= 6) at once."""
    tables = np.asarray(tables, dtype=np.uint64).ravel()
    out = np.empty_like(tables)
    for start in range(0, len(tables), chunk):
        arr = tables[start:start + chunk, None]
        for i in range(n):
            arr = np.concatenate([arr, negate_input_array(arr, n, i)], axis=1)
        arr = np.concatenate([arr, negate_output_array(arr, n)], axis=1)
        best = arr.min(axis=1)
        for i in _SJT[n]:
            arr = swap_inputs_array(arr, n, i, i + 1)
            np.minimum(best, arr.min(axis=1), out=best)
        out[start:start + chunk] = best
    return out


# --- vectorised helpers on uint64 arrays (n <= 6) -------------------------------------------

def _check_small(n: int):
    if not 0 <= n <= WORD:
        raise ValueError(f"array helpers need n <= {WORD} (one 64-bit word per table), got {n}")


def negate_input_array(tables: np.ndarray, n: int, i: int) -> np.ndarray:
    """x -> f(x with bit i flipped), for every table."""
    _check_small(n)
    m = np.uint64(zero_mask(n, i))
    s = np.uint64(1 << i)
    t = np.asarray(tables, dtype=np.uint64)
    return ((t & m) << s) | ((t >> s) & m)


def swap_inputs_array(tables: np.ndarray, n: int, i: int, j: int) -> np.ndarray:
    """x -> f(x with bits i and j exchanged), for every table."""
    _check_small(n)
    t = np.asarray(tables, dtype=np.uint64)
    if i == j:
        return t.copy()
    if i > j:
        i, j = j, i
    a_int = ~zero_mask(n, i) & zero_mask(n, j)
    d_int = (1 << j) - (1 << i)
    a, d = np.uint64(a_int), np.uint64(d_int)
    keep = np.uint64(full_mask(n) & ~(a_int | (a_int << d_int)))
    return (t & keep) | ((t & a) << d) | ((t >> d) & a)


def permute_array(tables: np.ndarray, n: int, perm) -> np.ndarray:
    """g(x) = f(y), y_i = x_{perm[i]}, for every table (as :meth:`TruthTable.permute`)."""
    t = np.asarray(tables, dtype=np.uint64)
    for i, j in _transpositions(perm):
        t = swap_inputs_array(t, n, i, j)
    return t


def negate_inputs_array(tables: np.ndarray, n: int, mask: int) -> np.ndarray:
    """x -> f(x XOR mask), for every table."""
    t = np.asarray(tables, dtype=np.uint64)
    for i in range(n):
        if (mask >> i) & 1:
            t = negate_input_array(t, n, i)
    return t


def negate_output_array(tables: np.ndarray, n: int) -> np.ndarray:
    _check_small(n)
    return np.asarray(tables, dtype=np.uint64) ^ np.uint64(full_mask(n))


def restrict_array(tables: np.ndarray, n: int, i: int, value: int) -> np.ndarray:
    """Fix variable i to ``value`` in every table: tables of n-1 variables (others keep order)."""
    _check_small(n)
    t = np.asarray(tables, dtype=np.uint64)
    for j in range(i, n - 1):
        t = swap_inputs_array(t, n, j, j + 1)
    half = 1 << (n - 1)
    low = np.uint64((1 << half) - 1)
    return (t >> np.uint64(half)) if value else (t & low)


def extend_array(low: np.ndarray, high: np.ndarray, n: int) -> np.ndarray:
    """The tables of n variables with f|_{x_n=0} = low and f|_{x_n=1} = high (tables of n-1)."""
    _check_small(n)
    half = np.uint64(1 << (n - 1))
    return np.asarray(low, dtype=np.uint64) | (np.asarray(high, dtype=np.uint64) << half)


def depends_on_array(tables: np.ndarray, n: int, i: int) -> np.ndarray:
    """Boolean array: which tables depend on variable i."""
    _check_small(n)
    m, s = np.uint64(zero_mask(n, i)), np.uint64(1 << i)
    t = np.asarray(tables, dtype=np.uint64)
    return (t & m) != ((t >> s) & m)


def values_array(tables: np.ndarray, n: int) -> np.ndarray:
    """A (len(tables), 2^n) uint8 matrix of outputs, column x = f(x)."""
    _check_small(n)
    t = np.asarray(tables, dtype=np.uint64).ravel()
    raw = t.astype("<u8").view(np.uint8).reshape(len(t), 8)
    return np.unpackbits(raw, axis=1, bitorder="little")[:, : 1 << n]
