"""quarks realize: is a Boolean function a (polynomial) threshold function?  With its certificate."""
from __future__ import annotations

import json
import sys

# per backend: largest n, and why
LIMITS = {
    "lp": (16, "the LP has 2^n rows; 2^16 = 65,536 points is the supported maximum"),
    "z3": (10, "exact LRA on 2^n constraints; beyond 2^10 = 1,024 points z3 takes minutes"),
    "sat": (8, "the CNF grows with 2^n adders per query; beyond 2^8 points it is impractical"),
}
MAX_MATRIX = 1 << 24  # 2^n x (number of monomials + 1) LP entries


def add_parser(sub, verb):
    p = sub.add_parser(
        verb, help="decide whether a Boolean function is in T(n;d), with a certificate",
        description="Decide whether f is a threshold function of degree <= D (sign of a real "
        "polynomial of degree <= D on {0,1}^n). Prints integer weights with margin 1, or a "
        "Farkas certificate of non-realizability; both are verified exactly. Exit code 0 either way.",
    )
    p.add_argument("table", metavar="TRUTHTABLE",
                   help="0/1 string of length 2^n listing f(0), f(1), ... (x1 is bit 0), or hex "
                        "(0x prefix, or any string with --n)")
    p.add_argument("--n", type=int, default=None, help="number of variables (needed for hex without 0x or with an unusual digit count)")
    p.add_argument("--degree", "-d", type=int, default=1, help="polynomial degree D (default 1)")
    p.add_argument("--backend", choices=sorted(LIMITS), default="lp", help="lp (default), z3 or sat")
    p.add_argument("--json", action="store_true", help='print {"realizable": bool, "certificate": ...}')
    p.set_defaults(func=run)


def parse_function(text: str, n: int | None):
    """The TruthTable named on the command line, or UsageError."""
    from quarks.base.boolean import TruthTable
    from quarks.base.errors import UsageError

    if n is not None and not 0 <= n <= 30:
        raise UsageError(f"--n {n} is outside 0..30")
    body = text.strip()
    if n is not None and not body.lower().startswith("0x"):
        binary = set(body) <= {"0", "1"} and len(body) == 1 << n
        hexa = n >= 2 and len(body) == (1 << n) // 4
        if not (binary or hexa):
            raise UsageError(f"truth table {text!r} has {len(body)} digit(s); a function of --n {n} variables has "
                             f"{1 << n} binary digits" + (f" or {(1 << n) // 4} hex digits" if n >= 2 else ""))
    try:
        return TruthTable.parse(text, n)
    except ValueError as exc:
        raise UsageError(f"bad truth table: {exc}") from None


def run(args) -> int:
    from quarks.base.errors import UsageError
    from quarks.solvers.monomials import monomials
    from quarks.solvers.realize import Inconclusive, realize

    f = parse_function(args.table, args.n)
    if args.n is not None and f.n != args.n:
        raise UsageError(f"truth table has 2^{f.n} entries but --n is {args.n}")
    limit, why = LIMITS[args.backend]
    if f.n > limit:
        raise UsageError(f"n = {f.n} is above the {args.backend} backend's limit of {limit}: {why}")
    if not 0 <= args.degree <= f.n:
        raise UsageError(f"degree {args.degree} is outside 0..n = {f.n}")
    entries = (1 << f.n) * (len(monomials(f.n, args.degree)) + 1)
    if args.degree < f.n and entries > MAX_MATRIX:
        raise UsageError(
            f"n = {f.n}, degree {args.degree}: 2^n x {len(monomials(f.n, args.degree)) + 1} monomials "
            f"= {entries:,} LP entries is above the supported {MAX_MATRIX:,} (memory)"
        )
    try:
        result = realize(f, args.degree, args.backend)
    except Inconclusive as exc:
        if args.json:
            json.dump({"realizable": None, "certificate": None, "reason": str(exc)}, sys.stdout)
            sys.stdout.write("\n")
        else:
            print(f"inconclusive: {exc}")
        return 0
    if args.json:
        json.dump({"realizable": result.realizable, "certificate": result.to_json()}, sys.stdout)
        sys.stdout.write("\n")
        return 0
    head = f"f = {f.to_hex()} (n = {f.n}), degree {args.degree}, backend {result.backend}"
    print(head)
    if result.realizable:
        print(f"realizable: f in T({f.n};{args.degree})")
        print(result.formula())
    else:
        print(f"not realizable: f not in T({f.n};{args.degree})")
        print(result.describe())
    print("certificate verified exactly on all 2^n points")
    return 0
