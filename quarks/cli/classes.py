"""quarks classes: count, list or sample a set of Boolean functions given by a class expression."""
from __future__ import annotations

import json
import sys

from quarks.cli import answer

EXAMPLES = ('examples:  quarks classes "all(3) - T_AND(3;1,1)" --list\n'
            '           quarks classes "T(4;2) - T(4;1)" --count\n'
            '           quarks classes "orbit(fn(3;0x96)) | ~T(3;2)" --list --json')


def add_parser(sub, verb):
    p = sub.add_parser(
        verb, help="count / list / sample a class expression over all(n), T(n;d), T_B(n;d..)",
        description="Evaluate a set of Boolean functions of n variables exactly. Atoms: all(n), none(n), "
        "T(n;d), T_B(n;d1,..,dk) with B an operator name (AND, XOR, X, ... ; AND3, MAJ3, XOR3, MUX; "
        "B3_0xe8), fn(n;TABLE); operations: | (union), & (intersection), - (difference), ~ or not "
        "(complement within all(n)), orbit(...) (image under permuting/negating inputs and negating "
        "the output), parentheses. Sets are bitmaps over all 2^(2^n) functions: n <= 4 fully; n = 5 "
        "(2^32 functions) for counts of what the engines list (T(5;0|1|5), T_B(5;d1,d2) with d <= 1, "
        "fn) and lists/samples of small results; n >= 6 is beyond reach.",
        epilog=EXAMPLES,
    )
    p.add_argument("expression", metavar="EXPR", help="the class expression (quote it)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--count", action="store_true", help="print the number of functions (default)")
    mode.add_argument("--list", action="store_true",
                      help="list the functions: one canonical representative per symmetry class with the "
                           "class size when the set is closed under the group, else every table")
    mode.add_argument("--sample", type=int, metavar="K", default=None, help="K members chosen at random")
    p.add_argument("--seed", type=int, default=0, help="random seed for --sample (default 0)")
    p.add_argument("--json", action="store_true",
                   help="print a JSON object; for n <= 4 the answer's certificate (the document --out writes), "
                        "its answer under data and evidence[0].result")
    answer.add_out(p)
    p.set_defaults(func=run)


def _hex(t: int, n: int) -> str:
    return "0x" + format(int(t), f"0{max(1, (1 << n) // 4)}x")


def _bits(t: int, n: int) -> str:
    return format(int(t), f"0{1 << n}b")[::-1]


def run(args) -> int:
    from quarks.base.errors import UsageError
    from quarks.classes import classes, denote, parse, sample, unparse

    if args.sample is not None and args.sample < 1:
        raise UsageError(f"--sample {args.sample}: K must be >= 1")
    answer.check_out(args)
    node = parse(args.expression)
    if args.out is not None or (args.json and node.n <= 4):
        return _certified(args, node)
    s = denote(node)
    n = node.n
    count = s.count()
    out = {"expression": unparse(node), "n": n, "count": count}
    lines = [f"{unparse(node)}: {count:,} function{'s' if count != 1 else ''} of {n} variable{'s' if n != 1 else ''}"]
    show_bits = n <= 4
    if args.list:
        closed, groups = classes(s)
        out["closed"] = closed
        if closed:
            out["classes"] = [{"canonical": _hex(r, n), "size": size} for r, size, _ in groups]
            lines[0] += (f" in {len(groups)} symmetry class{'es' if len(groups) != 1 else ''} (closed under "
                         f"permuting/negating inputs and negating the output)")
            if groups:
                lines.append(f"{'canonical':<{max(9, 2 + (1 << n) // 4)}}  " + (f"{'f(0) f(1) ...':<{max(13, 1 << n)}}  " if show_bits else "") + "class size")  # noqa: E501
            for r, size, _ in groups:
                lines.append(f"{_hex(r, n):<{max(9, 2 + (1 << n) // 4)}}  " + (f"{_bits(r, n):<{max(13, 1 << n)}}  " if show_bits else "") + f"{size}")  # noqa: E501
        else:
            tabs = s.members()
            out["tables"] = [_hex(t, n) for t in tabs]
            out["classes_met"] = [{"canonical": _hex(r, n), "size": size, "in_set": k} for r, size, k in groups]
            met = " and ".join(f"{k} of {size}" for _, size, k in groups)
            lines.append(f"not closed under the symmetry group: its members lie in {len(groups)} class"
                         f"{'es' if len(groups) != 1 else ''} (holding {met} of their functions); every table:")
            for t in tabs:
                lines.append(f"{_hex(t, n)}" + (f"  {_bits(t, n)}" if show_bits else ""))
    elif args.sample is not None:
        tabs = sample(s, args.sample, args.seed)
        out["sample"] = [_hex(t, n) for t in tabs]
        out["seed"] = args.seed
        lines[0] += f"; {len(tabs)} chosen at random (seed {args.seed}):"
        for t in tabs:
            lines.append(f"{_hex(t, n)}" + (f"  {_bits(t, n)}" if show_bits else ""))
    if args.json:
        print(json.dumps(out))
    elif args.list or args.sample is not None:
        print("\n".join(lines))
    else:
        print(count)
    sys.stdout.flush()
    return 0


def _certified(args, node) -> int:
    """The answer as a certificate of the claim explore.classes (n <= 4): written to --out, printed with --json."""
    from quarks.claims.questions import MAX_CLASSES_N
    from quarks.classes import unparse

    mode = "list" if args.list else "sample" if args.sample is not None else "count"
    inst = {"expression": unparse(node), "mode": mode}
    if mode == "sample":
        inst.update(k=args.sample, seed=args.seed)
    verdict, cert = answer.certify("explore.classes", inst, f"certificates cover expressions of n <= {MAX_CLASSES_N} variables")
    if not args.json:
        res = cert["evidence"][0]["result"]
        n = node.n
        print(verdict.summary if mode != "count" else res["count"])
        for row in res.get("classes", []) if mode == "list" and res["closed"] else []:
            print(f"{row['canonical']}  {_bits(int(row['canonical'], 16), n)}  {row['size']}")
        for t in res.get("tables", []) if mode == "list" else []:
            print(f"{t}  {_bits(int(t, 16), n)}")
    answer.emit(cert, args)
    return 0
