"""quarks refute: look for the smallest counterexample to a claim outside its hypotheses."""
from __future__ import annotations

import json


def add_parser(sub, verb):
    p = sub.add_parser(
        verb, help="search the smallest counterexample to a claim with a hypothesis dropped",
        description="Run a claim's check on parameters outside its hypotheses (B reducible, the ±1 "
        "encoding, a temperature above the bound, a degree too small, ...), smallest instances first "
        "(fewest variables, then the canonical form), and report the first counterexample with a "
        "certificate (re-check it with quarks check-cert). Exit 0: counterexample found; 1: none in the "
        "range searched; 2: bad input. Use --searches to list the claims with a search.",
    )
    p.add_argument("claim", metavar="CLAIM", nargs="?", help="claim id, e.g. quarks.thm4.2")
    p.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                   help="a search parameter (repeatable); see --searches for each claim's parameters")
    p.add_argument("--out", default=None, metavar="DIR", help="certificate directory (default $QUARKS_HOME/refutations, else .quarks/refutations)")
    p.add_argument("--searches", action="store_true", help="list the registered searches and their parameters")
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(func=run)


def _short(inst: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in inst.items())


def run(args) -> int:
    from quarks import api
    from quarks.base.errors import UsageError

    if args.out is not None:
        from quarks.cli import paths
        paths.output_dir(args.out, "--out")
    if args.searches:
        rows = api.searches()
        if args.json:
            print(json.dumps(rows))
        else:
            for r in rows:
                params = " ".join(f"{k}={v}" for k, v in r["params"].items())
                print(f"{r['claim']}: {r['drops']}; params {params}"   # the hypothesis says how it is dropped
                      + (f"; Coq: {', '.join(r['coq'])}" if r["coq"] else ""))
        return 0
    if not args.claim:
        raise UsageError("name a claim (or --searches to list them)")
    params = {}
    for pair in args.param:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--param {pair!r}: expected KEY=VALUE")
        params[key.strip()] = value
    ref = api.refute(args.claim, out=args.out, **params)
    out = ref.as_dict()
    lines = [f"{args.claim}, {out['hypothesis_dropped']}:", f"  statement: {out['statement']}"]
    if ref.found:
        from quarks.base.exact import readable

        which = "smallest counterexample" if ref.smallest else (
            f"counterexample, not known to be the smallest ({len(ref.undecided)} earlier candidate(s) undecided)")
        lines += [f"  {which} (after {len(ref.tried)} instance(s), {ref.seconds:.2f} s): "
                  f"{_short(ref.instance)}",
                  f"  {ref.verdict.summary}",
                  f"  counterexample: {readable(ref.verdict.counterexample)}",
                  f"  certificate: {ref.path} (re-checked: {ref.checked.message})"]
        if ref.coq:
            lines += ["  in Coq (the negated statement, refute gallery):"] + [
                f"    {t['status']:<11} {t['theorem']}" for t in ref.coq]
    elif ref.undecided:   # never "none" past a candidate that decided nothing
        decided = len(ref.tried) - len(ref.undecided)
        lines.append(f"  no counterexample found: {len(ref.undecided)} of {len(ref.tried)} instance(s) undecided, "
                     f"{decided} decided (verified)")
    else:
        shown = "; ".join(_short(i) for i, _, _ in ref.tried[:3]) + ("; ..." if len(ref.tried) > 3 else "")
        lines.append(f"  no counterexample among {len(ref.tried)} instance(s) ({shown})")
    lines += [f"  undecided: {_short(i)}: {reason}" for i, reason in ref.undecided[:5]]
    if len(ref.undecided) > 5:
        lines.append(f"  ... and {len(ref.undecided) - 5} more undecided")
    print(json.dumps(out) if args.json else "\n".join(lines))
    return 0 if ref.found else 1
