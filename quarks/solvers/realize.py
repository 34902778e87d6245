"""Realizability of a Boolean function by a polynomial threshold of degree <= d, with certificates.

f is in T(n;d) iff some real polynomial p of degree <= d has p(x) > 0 where f is true and
p(x) < 0 where f is false (x in {0,1}^n).  By scaling, and since the conditions are finitely many,
this holds iff an integer p has ``p >= 1`` on true and ``p <= -1`` on false points.  By Farkas'
lemma (Gordan's alternative) it fails iff non-negative multipliers on the points, not all zero,
give equal weighted monomial sums over true and false points for every monomial of degree <= d.

:func:`realize` returns a :class:`Realization` (the integer polynomial) or a
:class:`NonRealizability` (the integer multipliers); both are verified exactly before they are
returned: by the pure-integer checkers of :mod:`quarks.certify.threshold`, or (backend ``lp``)
realizations in int64 on all 2^n points with an overflow bound.  Backends (imported lazily):

``lp``   the reduced route (:mod:`quarks.solvers.reduced`): at degree 1 unateness, the counting
         kernel's regular LP in floats, 2-summability, a Farkas LP on the boundary points; at
         degree >= 2 the bare feasibility LP, the Farkas LP if infeasible; its fallback is ``lp-full``;
``lp-full`` scipy/HiGHS on all 2^n rows (min |v|_1) in floats, then exact repair
         (:mod:`quarks.solvers.lp`; the route before the reduced one);
``z3``   exact linear real arithmetic (:mod:`quarks.solvers.smt`);
``sat``  bounded integer weights and bounded integer multipliers, both encoded to CNF
         (:mod:`quarks.solvers.sat`); an independent opinion, inconclusive beyond its bounds.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import ClassVar

from quarks.base.boolean import TruthTable
from quarks.base.errors import UsageError
from quarks.certify import threshold as cert
from quarks.solvers.monomials import monomial_name

BACKENDS = {
    "lp": "quarks.solvers.reduced:solve",
    "lp-full": "quarks.solvers.lp:solve",
    "z3": "quarks.solvers.smt:solve",
    "sat": "quarks.solvers.sat:solve",
}
SELF_VERIFIED = {"lp"}  # backends whose solve returns only exactly verified certificates
MAX_N = 16  # 2^16 = 65,536 points: the LP and the exact check stay within memory and seconds


class Inconclusive(RuntimeError):
    """A backend could not decide within its bounds (only the SAT backend has bounds)."""


class InvalidCertificate(RuntimeError):
    """A backend returned a certificate that failed exact verification (a bug, never a verdict)."""


@dataclass(frozen=True)
class Realization:
    """p(x) = sum_S w_S x^S - t with p >= 1 on the true points and p <= -1 on the false points.

    ``monomials`` are bit masks S of degree 1..d (order: :func:`quarks.solvers.monomials.monomials`
    unless a backend drops zero weights), ``weights`` the integers w_S, ``threshold`` the integer t.
    """

    f: TruthTable
    degree: int
    monomials: tuple[int, ...]
    weights: tuple[int, ...]
    threshold: int
    backend: str = field(default="", compare=False)
    realizable: ClassVar[bool] = True

    def __bool__(self) -> bool:
        """The answer: f is in T(n;d) (a realization)."""
        return self.realizable

    def polynomial(self) -> str:
        """p(x) as text, e.g. ``2*x1 + 2*x2 - 3``."""
        terms = [(w, monomial_name(S)) for S, w in zip(self.monomials, self.weights) if w]
        terms.append((-self.threshold, ""))
        out = ""
        for w, name in terms:
            if w == 0 and name == "":
                continue
            mag = abs(w)
            body = name if (mag == 1 and name) else (f"{mag}*{name}" if name else str(mag))
            out += (" - " if w < 0 else " + ") + body if out else ("-" if w < 0 else "") + body
        return out or "0"

    def formula(self) -> str:
        """``f(x) = 1 iff <weighted sum> > t``, with the margin stated."""
        lhs = Realization(self.f, self.degree, self.monomials, self.weights, 0).polynomial()
        return f"f(x) = 1 iff {lhs} > {self.threshold}   (p(x) = {self.polynomial()}: p >= 1 on true, p <= -1 on false points)"

    def problem(self) -> str | None:
        """None when the certificate is exactly correct on all 2^n points, else what fails."""
        return cert.check_realization_data(
            self.f.n, self.degree, self.f.bits, self.monomials, self.weights, self.threshold
        )

    def to_evidence(self, asserts: str | None = None) -> dict:
        rec = {
            "kind": "realization",
            "n": self.f.n,
            "degree": self.degree,
            "table": self.f.to_hex(),
            "monomials": list(self.monomials),
            "weights": list(self.weights),
            "threshold": self.threshold,
        }
        if asserts is not None:
            rec["asserts"] = asserts
        return rec

    def to_json(self) -> dict:
        """The certificate with a readable formula (for the CLI)."""
        return {**self.to_evidence(), "polynomial": self.polynomial(), "backend": self.backend}


    @classmethod
    def from_evidence(cls, rec: dict) -> "Realization":
        n, d, bits = cert.parse_table(rec)
        return cls(TruthTable(n, bits), d, tuple(rec["monomials"]), tuple(rec["weights"]), rec["threshold"])


@dataclass(frozen=True)
class NonRealizability:
    """Non-negative integers a_x (true points) and b_y (false points), not all zero, with
    sum_x a_x x^S = sum_y b_y y^S for every monomial S of degree 0..d.  Stored sparsely as
    ``((x, a_x), ...)`` and ``((y, b_y), ...)`` in increasing x."""

    f: TruthTable
    degree: int
    true_multipliers: tuple[tuple[int, int], ...]
    false_multipliers: tuple[tuple[int, int], ...]
    backend: str = field(default="", compare=False)
    realizable: ClassVar[bool] = False

    def __bool__(self) -> bool:
        """The answer: f is in T(n;d) (never, for a Farkas certificate)."""
        return self.realizable

    def problem(self) -> str | None:
        return cert.check_nonrealization_data(
            self.f.n, self.degree, self.f.bits, self.true_multipliers, self.false_multipliers
        )

    def describe(self) -> str:
        """The certificate as text: the two weighted point sets with equal monomial sums."""

        def side(pairs):
            return " + ".join(f"{a}*[{format(x, f'0{self.f.n}b')[::-1] if self.f.n else ''}]" for x, a in pairs)

        return (
            f"not in T({self.f.n};{self.degree}): true points {side(self.true_multipliers)}"
            f"  and false points {side(self.false_multipliers)}"
            f"  have equal totals and equal sums of every monomial of degree <= {self.degree}"
            " (points written x1..xn)"
        )

    def to_evidence(self, asserts: str | None = None) -> dict:
        rec = {
            "kind": "nonrealization",
            "n": self.f.n,
            "degree": self.degree,
            "table": self.f.to_hex(),
            "true": [list(p) for p in self.true_multipliers],
            "false": [list(p) for p in self.false_multipliers],
        }
        if asserts is not None:
            rec["asserts"] = asserts
        return rec

    def to_json(self) -> dict:
        return {**self.to_evidence(), "backend": self.backend}


    @classmethod
    def from_evidence(cls, rec: dict) -> "NonRealizability":
        n, d, bits = cert.parse_table(rec)
        return cls(
            TruthTable(n, bits), d,
            tuple(tuple(p) for p in rec["true"]), tuple(tuple(p) for p in rec["false"]),
        )

    @classmethod
    def from_vector(cls, f: TruthTable, degree: int, y, backend: str = "") -> "NonRealizability":
        """From multipliers y_x >= 0 indexed by all points (a dict or a sequence)."""
        items = y.items() if isinstance(y, dict) else enumerate(y)
        pairs = sorted((int(x), int(a)) for x, a in items if a)
        return cls(
            f, degree,
            tuple(p for p in pairs if f(p[0])), tuple(p for p in pairs if not f(p[0])), backend,
        )


def interpolant(f: TruthTable) -> Realization:
    """The multilinear interpolant of the ±1 values (Möbius transform): p(x) = ±1 exactly, so a
    realization of degree deg(p) <= n with margin exactly 1."""
    n = f.n
    c = [1 if f(x) else -1 for x in range(1 << n)]
    for i in range(n):  # Möbius inversion over subsets
        s = 1 << i
        for x in range(1 << n):
            if x & s:
                c[x] -= c[x ^ s]
    masks = tuple(S for S in range(1, 1 << n) if c[S])
    degree = max((bin(S).count("1") for S in masks), default=0)
    return Realization(f, max(degree, 0), masks, tuple(c[S] for S in masks), -c[0], "interpolant")


def unateness_certificate(f: TruthTable) -> "NonRealizability | None":
    """A Farkas certificate for degree 1 from a variable in which f is not monotone, or None.

    If f(a) = 0, f(a + e_i) = 1 and f(b) = 1, f(b + e_i) = 0, then the true points a + e_i, b
    and the false points a, b + e_i have equal sums (both are a + b + e_i): f is not in T(n;1).
    """
    from quarks.base.boolean import zero_mask

    for i in range(f.n):
        m, s = zero_mask(f.n, i), 1 << i
        lo, hi = f.bits & m, (f.bits >> s) & m
        up, down = hi & ~lo, lo & ~hi
        if up and down:
            a = (up & -up).bit_length() - 1
            b = (down & -down).bit_length() - 1
            true = tuple(sorted([(a + s, 1), (b, 1)]))
            false = tuple(sorted([(a, 1), (b + s, 1)]))
            return NonRealizability(f, 1, true, false, "unateness")
    return None


def check_degree(f: TruthTable, degree: int):
    if not isinstance(degree, int) or not 0 <= degree <= f.n:
        raise UsageError(f"degree must be in 0..n = {f.n}, got {degree!r}")


def realize(f: TruthTable, degree: int = 1, backend: str = "lp"):
    """A verified :class:`Realization` if f is in T(n;degree), else a verified :class:`NonRealizability`.

    Raises :class:`Inconclusive` when a bounded backend cannot decide.  When degree = n every
    function is realizable and the Möbius interpolant is returned whatever the backend.
    """
    check_degree(f, degree)
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (choose {', '.join(BACKENDS)})")
    if f.n > MAX_N:
        raise ValueError(f"n = {f.n} is above the supported {MAX_N} (2^n LP rows and exact checks)")
    if degree == f.n:
        r = interpolant(f)
        result = Realization(f, degree, r.monomials, r.weights, r.threshold, "interpolant")
    else:
        module, _, name = BACKENDS[backend].partition(":")
        result = getattr(importlib.import_module(module), name)(f, degree)
        if backend in SELF_VERIFIED:  # e.g. the reduced route: weights checked in int64 on all 2^n points
            return result
    problem = result.problem()
    if problem is not None:
        raise InvalidCertificate(f"backend {backend} returned a wrong certificate for {f!r}: {problem}")
    return result


@lru_cache(maxsize=1 << 16)
def _is_threshold(n: int, bits: int, degree: int) -> bool:
    return realize(TruthTable(n, bits), degree).realizable


def is_threshold(f: TruthTable, degree: int = 1) -> bool:
    """f in T(n;degree) (decided by :func:`realize` with an exactly verified certificate; cached)."""
    return _is_threshold(f.n, f.bits, degree)
