"""quarks prove: check the Coq theorems that prove claims for all parameters."""
from __future__ import annotations

import json
import sys


def add_parser(sub, verb):
    p = sub.add_parser(verb, help="check the Coq proofs (all parameters) of the claims that have them",
                       description="Compile the Coq theories of quarks/proofs/coq/ (and of a claims module's "
                                   "coq_dir; cached after the first run) and check, for each claim matching the PATTERNs that names Coq "
                                   "theorems, that they compile with no Admitted and only the allowed axioms. "
                                   "Exit 0: all proved; 1: some proof failed; 2: bad input; 3: coqc is not "
                                   "installed (nothing checked).")
    p.add_argument("patterns", nargs="*", metavar="PATTERN", help="claim ids or glob patterns (default: all)")
    p.add_argument("--out", default=None, metavar="DIR", help="also write CLAIM/proof=coq.json certificates here")
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(func=run)


def run(args) -> int:
    from quarks import api
    from quarks.base.errors import UsageError
    from quarks.claims import registry

    try:
        rows = api.prove(*args.patterns, out=args.out, progress=not args.json)
    except registry.UnknownClaim as exc:
        raise UsageError(str(exc)) from None
    from quarks.certify.coq import installed_toolchain

    status = {r["status"] for r in rows}
    code = 1 if "failed" in status else (3 if "not checked" in status else 0)
    made_on = installed_toolchain() if rows and "not checked" not in status else None
    if args.json:
        json.dump({"proofs": rows, "exit_code": code, "toolchain": made_on}, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return code
    if not rows:
        print("no selected claim has a Coq proof")
        return 0
    for r in rows:
        print(f"{r['status']:<12} {r['claim']}: {r['message']}")
        for t in r["theorems"]:
            print(f"    {t['status']:<11} {t['theorem']}")
    if made_on is not None:
        print(f"toolchain: Coq {made_on['coq']}, MathComp {made_on['mathcomp']}")
    n = {s: sum(r["status"] == s for r in rows) for s in ("proved", "not checked", "failed")}
    print(f"{n['proved']} proved, {n['failed']} failed" + (f", {n['not checked']} not checked (coqc not installed)"
                                                          if n["not checked"] else ""))
    return code
