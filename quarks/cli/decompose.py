"""quarks decompose: is f = B(f_1, ..., f_k) with threshold functions f_j?  A witness or a proof.

    quarks decompose 0110 --op AND                 XOR = AND(OR, NAND): both realizations
    quarks decompose 0x6996 --op AND --json        parity of 4: no; Farkas cuts + a DRUP proof
    quarks decompose 0x6996 --ops all              a table over the ten irreducible binary B
    quarks decompose 0x17e8 --op MAJ3 --degrees 1,1,1
"""
from __future__ import annotations

import json
import sys

from quarks.base.terminal import abbreviate
from quarks.cli import answer
from quarks.cli.realize import parse_function


def add_parser(sub, verb):
    p = sub.add_parser(
        verb, help="find threshold functions f_j with B(f_1..f_k) = f, or prove there are none",
        description="Decide whether f = B(f_1, ..., f_k) for threshold functions f_j in T(n;d_j). "
        "A yes comes with the k integer realizations; a no with Farkas-certified cuts and a DRUP "
        "proof (CaDiCaL) that our own RUP checker re-verifies. Exit code 0 either way.",
    )
    p.add_argument("table", metavar="TRUTHTABLE",
                   help="0/1 string of length 2^n listing f(0), f(1), ... (x1 is bit 0), or hex "
                        "(0x prefix, or any string with --n)")
    p.add_argument("--n", type=int, default=None, help="number of variables (for hex without 0x)")
    p.add_argument("--op", default=None,
                   help="the operator B: AND, OR, XOR, NAND, NOR, XNOR, X_AND_NOT_Y, ... (binary), "
                        "AND3, MAJ3, XOR3, MUX (ternary), or a 0/1 table of length 2^k (z = 0 first)")
    p.add_argument("--ops", choices=("all",), default=None,
                   help="'all': try each of the ten irreducible binary operators and print a table")
    p.add_argument("--degrees", default=None,
                   help="comma-separated degrees d_1,...,d_k (default 1 for every operand)")
    p.add_argument("--timeout", type=float, default=None, metavar="S",
                   help="give up after S seconds per operator (exit code 1: undecided)")
    p.add_argument("--json", action="store_true",
                   help="with --op: print the answer's certificate (the document --out writes); with --ops all: "
                        '{"table", "degrees", "operators": {B: {"decomposable": bool, "evidence": ...}}}')
    answer.add_out(p)
    p.set_defaults(func=run)


def parse_degrees(text, k: int, n: int) -> list[int]:
    from quarks.base.errors import UsageError

    if text is None:
        return [1] * k
    try:
        degrees = [int(t) for t in text.split(",")]
    except ValueError:
        raise UsageError(f"--degrees must be comma-separated integers, got {text!r}") from None
    if len(degrees) != k:
        raise UsageError(f"--degrees gives {len(degrees)} degrees but the operator has {k} arguments")
    if any(d < 0 for d in degrees):
        raise UsageError(f"--degrees must be non-negative, got {text}")
    return [min(d, n) for d in degrees]


def _summary(result) -> dict:
    out = {"decomposable": result.decomposable, "evidence": result.to_evidence(),
           "stats": {k: (round(v, 4) if isinstance(v, float) else v) for k, v in result.stats.items()}}
    if result.decomposable:
        out["operands"] = [{"table": r.f.to_hex(), "polynomial": r.polynomial()} for r in result.operands]
    return out


def _describe(result, name: str) -> list[str]:
    f, s = result.f, result.stats
    k = result.operator.n
    degs = ",".join(map(str, result.degrees))
    if result.decomposable:
        lines = [f"decomposable: f = {name}(f_1..f_{k}) with f_j in T({f.n};{degs})"]
        for j, r in enumerate(result.operands, 1):
            lines.append(f"  f_{j} = {r.f.to_hex()}: {r.formula()}")
        lines.append("each realization verified exactly on all 2^n points, and "
                     f"{name}(f_1..f_{k}) = f at every point")
    else:
        lines = [f"not decomposable: no f_j in T({f.n};{degs}) has {name}(f_1..f_{k}) = f",
                 f"  proof: {len(result.cuts)} Farkas-certified cuts ({s['unate_cuts']} unateness, "
                 f"{s['lp_cuts']} LP), {s['proof_lines']} DRUP proof lines; "
                 f"every cut and the proof re-checked by our checker"]
    lines.append(f"  {s['rounds']} SAT rounds, {s['seconds']:.2f} s")
    return lines


def _progress(stats) -> None:
    cuts = stats["unate_cuts"] + stats["lp_cuts"]
    print(f"\r  searching: {stats['rounds']} SAT rounds, {cuts} cuts ...", end="", file=sys.stderr, flush=True)


def _decide(f, B, degrees, timeout):
    """decompose(), with a progress line on a terminal."""
    from quarks.solvers.decompose import decompose

    show = _progress if sys.stderr.isatty() else None
    try:
        return decompose(f, B, degrees, timeout=timeout, progress=show)
    finally:
        if show is not None:
            print("\r" + " " * 60 + "\r", end="", file=sys.stderr, flush=True)


def run(args) -> int:
    from quarks.base.errors import UsageError
    from quarks.solvers.decompose import MAX_N, Undecided, operator_name, operator_table

    if args.timeout is not None and not args.timeout > 0:
        raise UsageError(f"--timeout must be positive, got {args.timeout:g}")
    try:
        return _run(args, MAX_N, operator_name, operator_table)
    except Undecided as exc:
        print(f"quarks decompose: {exc}; raise --timeout to search longer", file=sys.stderr)
        return 1


def _run(args, MAX_N, operator_name, operator_table) -> int:
    from quarks.base.errors import UsageError


    f = parse_function(args.table, args.n)
    if args.n is not None and f.n != args.n:
        raise UsageError(f"truth table has 2^{f.n} entries but --n is {args.n}")
    if not 1 <= f.n <= MAX_N:
        raise UsageError(f"n = {f.n} is outside the supported 1..{MAX_N}")
    if (args.op is None) == (args.ops is None):
        raise UsageError("give exactly one of --op B and --ops all")
    if args.ops == "all":
        from quarks.base.boolean import IRREDUCIBLE_BINARY

        if args.out is not None:
            raise UsageError("--out writes the certificate of one --op B, not of --ops all")

        degrees = parse_degrees(args.degrees, 2, f.n)
        results = {name: _decide(f, B, degrees, args.timeout) for name, B in IRREDUCIBLE_BINARY.items()}
        if args.json:
            json.dump({"table": f.to_hex(), "degrees": degrees,
                       "operators": {name: _summary(r) for name, r in results.items()}}, sys.stdout)
            sys.stdout.write("\n")
            return 0
        print(f"f = {abbreviate(f.to_hex())} (n = {f.n}), operands in T({f.n};{degrees[0]}) x T({f.n};{degrees[1]})")
        print(f"{'operator':<12} {'decomposable':<13} {'f_1':<20} {'f_2':<20} {'proof':<28} seconds")
        for name, r in results.items():
            if r.decomposable:
                a, b = (o.f.to_hex() for o in r.operands)
                proof = "both realizations"
            else:
                a = b = "-"
                proof = f"{len(r.cuts)} cuts, {r.stats['proof_lines']} DRUP lines"
            print(f"{name:<12} {'yes' if r.decomposable else 'no':<13} {a:<20} {b:<20} {proof:<28} {r.stats['seconds']:.2f}")
        yes = [name for name, r in results.items() if r.decomposable]
        print(f"{len(yes)} of 10 operators decompose f; every witness and proof re-checked")
        return 0
    try:
        B = operator_table(args.op)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    degrees = parse_degrees(args.degrees, B.n, f.n)
    answer.check_out(args)
    result = _decide(f, B, degrees, args.timeout)
    if answer.wanted(args):
        from quarks.claims.questions import decompose_check

        inst = {"table": f.to_hex(), "n": f.n, "operator": B.to_string(), "degrees": degrees}
        _, cert = answer.certify("explore.decompose", inst, verdict=decompose_check(inst, result),
                                 elapsed=result.stats["seconds"])
        if args.json:
            answer.emit(cert, args)
            return 0
    print(f"f = {f.to_hex()} (n = {f.n}), B = {operator_name(B)} (k = {B.n})")
    print("\n".join(_describe(result, operator_name(B))))
    if answer.wanted(args):
        answer.emit(cert, args)
    return 0
