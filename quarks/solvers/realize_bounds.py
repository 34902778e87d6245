"""What ``realize`` accepts: each backend's largest n and the LP's size, checked before any work by
``quarks realize`` and ``quarks.realize`` alike (a UsageError naming the bound)."""
from __future__ import annotations

from quarks.base.errors import UsageError

LIMITS = {
    "lp": (16, "the LP has 2^n rows; 2^16 = 65,536 points is the supported maximum"),
    "lp-full": (16, "the LP has 2^n rows; 2^16 = 65,536 points is the supported maximum"),
    "z3": (10, "exact LRA on 2^n constraints; beyond 2^10 = 1,024 points z3 takes minutes"),
    "sat": (8, "the CNF grows with 2^n adders per query; beyond 2^8 points it is impractical"),
}
MAX_MATRIX = 1 << 24  # 2^n x (number of monomials + 1) LP entries


def check_request(f, degree, backend: str, where: str = "") -> None:
    """UsageError when the backend is unknown, f is beyond the backend's n, the degree outside 0..n,
    or the LP too large; ``where`` prefixes the message (a line of a file)."""
    from quarks.solvers.monomials import monomials

    if backend not in LIMITS:
        raise UsageError(f"backend {backend!r} is not one of {', '.join(sorted(LIMITS))}")
    limit, why = LIMITS[backend]
    if f.n > limit:
        raise UsageError(f"{where}n = {f.n} is above the {backend} backend's limit of {limit}: {why}")
    if not isinstance(degree, int) or not 0 <= degree <= f.n:
        raise UsageError(f"{where}degree {degree} is outside 0..n = {f.n}")
    entries = (1 << f.n) * (len(monomials(f.n, degree)) + 1)
    if degree < f.n and entries > MAX_MATRIX:
        raise UsageError(
            f"{where}n = {f.n}, degree {degree}: 2^n x {len(monomials(f.n, degree)) + 1} monomials "
            f"= {entries:,} LP entries is above the supported {MAX_MATRIX:,} (memory)"
        )
