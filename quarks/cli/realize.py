"""quarks realize: is a Boolean function a (polynomial) threshold function?  With its certificate."""
from __future__ import annotations

import json

from quarks.base.terminal import abbreviate
from quarks.cli import answer
from quarks.solvers.realize_bounds import LIMITS  # per backend: largest n, and why


def add_parser(sub, verb):
    p = sub.add_parser(
        verb, help="decide whether a Boolean function is in T(n;d), with a certificate",
        description="Decide whether f is a threshold function of degree <= D (sign of a real "
        "polynomial of degree <= D on {0,1}^n). Prints integer weights with margin 1, or a "
        "Farkas certificate of non-realizability; both are verified exactly. Exit code 0 either way.",
    )
    p.add_argument("table", metavar="TRUTHTABLE", nargs="?",
                   help="0/1 string of length 2^n listing f(0), f(1), ... (x1 is bit 0), or hex "
                        "(0x prefix, or any string with --n)")
    p.add_argument("--n", type=int, default=None, help="number of variables (needed for hex without 0x or with an unusual digit count)")
    p.add_argument("--degree", "-d", type=int, default=1, help="polynomial degree D (default 1)")
    p.add_argument("--backend", choices=sorted(LIMITS), default="lp", help="lp (default), lp-full (HiGHS on all 2^n rows), z3 or sat")
    p.add_argument("--json", action="store_true",
                   help="print the answer's certificate (the document --out writes; with --file one object per line)")
    answer.add_out(p)
    p.add_argument("--file", metavar="F", default=None,
                   help="decide every function of F (one truth table per line, as TRUTHTABLE; blank lines "
                        "and lines starting with # are skipped) in one process: one line per function "
                        "(one JSON object per line with --json)")
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


def check_limits(f, args, where: str = "") -> None:
    """UsageError when f is beyond the backend's n, the degree's range, or the LP size."""
    from quarks.base.errors import UsageError
    from quarks.solvers.realize_bounds import check_request

    if args.n is not None and f.n != args.n:
        raise UsageError(f"{where}truth table has 2^{f.n} entries but --n is {args.n}")
    check_request(f, args.degree, args.backend, where)


def read_tables(path: str, args) -> list:
    """The functions of a --file, one per line, each checked as TRUTHTABLE is."""
    from quarks.base.errors import UsageError

    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except UnicodeDecodeError:
        raise UsageError(f"--file {path}: not a text file") from None
    out = []
    for k, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            f = parse_function(text, args.n)
        except UsageError as exc:
            raise UsageError(f"--file {path}, line {k}: {exc}") from None
        check_limits(f, args, f"--file {path}, line {k}: ")
        out.append(f)
    return out


def run_file(args) -> int:
    """Decide every function of ``args.file``: one line (or JSON object) per function."""
    from quarks.solvers.realize import Inconclusive, realize

    tables = read_tables(args.file, args)
    counts = [0, 0, 0]  # realizable, not, inconclusive
    for f in tables:
        try:
            result = realize(f, args.degree, args.backend)
        except Inconclusive as exc:
            counts[2] += 1
            if args.json:
                print(json.dumps({"table": f.to_hex(), "realizable": None, "certificate": None, "reason": str(exc)}))
            else:
                print(f"{abbreviate(f.to_hex())}  inconclusive: {exc}")
            continue
        counts[0 if result.realizable else 1] += 1
        if args.json:
            print(json.dumps({"table": f.to_hex(), "realizable": result.realizable, "certificate": result.to_json()}))
        else:
            verdict = "realizable" if result.realizable else "not realizable"
            print(f"{abbreviate(f.to_hex())}  n = {f.n}  {verdict}  ({result.backend})")
    if not args.json:
        print(f"{len(tables)} functions, degree {args.degree}: {counts[0]} realizable, {counts[1]} not"
              + (f", {counts[2]} inconclusive" if counts[2] else "")
              + "; every certificate verified exactly on all 2^n points")
    return 0


def run(args) -> int:
    from quarks.base.errors import UsageError
    from quarks.solvers.realize import Inconclusive, realize

    if args.file is not None:
        if args.table is not None:
            raise UsageError("give a TRUTHTABLE or --file F, not both")
        if args.out is not None:
            raise UsageError("--out writes the certificate of one TRUTHTABLE, not of a --file")
        return run_file(args)
    if args.table is None:
        raise UsageError("give a TRUTHTABLE or --file F")
    answer.check_out(args)
    f = parse_function(args.table, args.n)
    check_limits(f, args)
    if answer.wanted(args):
        from quarks.claims.questions import MAX_REALIZE_N

        _, cert = answer.certify("explore.realize", {"table": f.to_hex(), "n": f.n, "d": args.degree, "backend": args.backend},
                                 f"certificates cover n <= {MAX_REALIZE_N}")
        if args.json:
            answer.emit(cert, args)
            return 0
    try:
        result = realize(f, args.degree, args.backend)
    except Inconclusive as exc:
        print(f"inconclusive: {exc}")
        if answer.wanted(args):
            answer.emit(cert, args)
        return 0
    head = f"f = {abbreviate(f.to_hex())} (n = {f.n}), degree {args.degree}, backend {result.backend}"
    print(head)
    if result.realizable:
        print(f"realizable: f in T({f.n};{args.degree})")
        print(result.formula())
    else:
        print(f"not realizable: f not in T({f.n};{args.degree})")
        print(result.describe())
    print("certificate verified exactly on all 2^n points")
    if answer.wanted(args):
        answer.emit(cert, args)
    return 0
