"""Certificates packed into 63-bit words for Coq (``Packed.v``).

Coq spends about 80 us parsing and elaborating each literal of a list, and little checking
it: a representative file of T(5;2) written as 921,000 small numerals took 100 s and 3.3 GB,
almost all of it before the check ran.  Packed, the same data is about 60,000 machine-integer
literals.  The encoding (the inverse of ``Packed.v``'s ``unpack``):

* an integer z is zigzag-encoded as u = 2z (z >= 0) or -2z - 1 (z < 0);
* u is written in 6-bit digits, least significant first, each a 7-bit chunk whose bit 6 says
  that more digits follow (so u < 2^60: at most ten digits);
* chunks are packed nine to a word, the first in the low bits; the last word is padded with
  zero chunks, which decode as trailing zeros and are dropped by the count the reader is given.

A certificate is ``tag, length, values``: tag 0 ``Real cs`` (the values are cs), tag 1 ``Fark u``
(the values alternate point index and multiplier).
"""
from __future__ import annotations

LIMIT = 1 << 59                     # |z| < 2^59, so the zigzag code is < 2^60


def zigzag(z: int) -> int:
    if not -LIMIT <= z < LIMIT:
        raise ValueError(f"{z} does not fit the packed encoding (|z| < 2^59)")
    return 2 * z if z >= 0 else -2 * z - 1


def unzigzag(u: int) -> int:
    return u >> 1 if u % 2 == 0 else -(u >> 1) - 1


def _chunks(u: int) -> list:
    out = []
    while u >= 64:
        out.append(64 | (u & 63))
        u >>= 6
    out.append(u)
    return out


def pack(numbers: list) -> list:
    """Non-negative numbers (< 2^60) as 63-bit words."""
    stream: list = []
    for u in numbers:
        if not 0 <= u < 1 << 60:
            raise ValueError(f"{u} does not fit the packed encoding (0 <= u < 2^60)")
        stream += _chunks(u)
    stream += [0] * (-len(stream) % 9)
    return [sum(c << (7 * j) for j, c in enumerate(stream[i:i + 9])) for i in range(0, len(stream), 9)]


def unpack(words: list) -> list:
    """The numbers of a word list, padding zeros included (Packed.v's ``unpack``)."""
    out, acc, sh = [], 0, 0
    for w in words:
        for j in range(9):
            c = (w >> (7 * j)) & 127
            if c & 64:
                acc, sh = acc | ((c & 63) << sh), sh + 6
            else:
                out.append(acc | (c << sh))
                acc, sh = 0, 0
    return out


def cert_numbers(cert: tuple) -> list:
    """("real", cs) or ("fark", [(k, u_k), ..]) as the numbers tag, length, values."""
    kind, vals = cert
    if kind == "real":
        flat, tag = list(vals), 0
    elif kind == "fark":
        flat, tag = [x for kv in vals for x in kv], 1
    else:
        raise ValueError(f"unknown certificate kind {kind!r}")
    return [tag, len(flat)] + [zigzag(z) for z in flat]


def pack_certs(certs: list) -> list:
    return pack([u for c in certs for u in cert_numbers(c)])


def unpack_certs(k: int, words: list) -> list:
    """The first k certificates of a word list (Packed.v's ``unpack_certs``)."""
    s, out, i = unpack(words), [], 0
    while len(out) < k and i + 1 < len(s):
        tag, ln = s[i], s[i + 1]
        vals = [unzigzag(u) for u in s[i + 2:i + 2 + ln]]
        out.append(("real", vals) if tag == 0 else ("fark", list(zip(vals[0::2], vals[1::2]))))
        i += 2 + ln
    return out


def cert_text(cert: tuple) -> str:
    """A certificate as Coq text (Classify.v's ``cert``)."""
    kind, vals = cert
    if kind == "real":
        return "Real [:: " + "; ".join(map(str, vals)) + "]"
    return "Fark [:: " + "; ".join(f"({k}, {w})" for k, w in vals) + "]"


def words_text(words: list, chunk: int = 2048) -> str:
    """A word list as Coq text: concatenated literals of at most ``chunk`` words."""
    parts = ["[:: " + "; ".join(map(str, words[lo:lo + chunk])) + "]%uint63"
             for lo in range(0, max(len(words), 1), chunk)]
    return "(" + "\n  ++ ".join(parts) + ")"
