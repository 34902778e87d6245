"""quarks show: one claim's statement, instances, last results and certificate paths."""
from __future__ import annotations

import json
import sys
from pathlib import Path


def add_parser(sub, verb):
    p = sub.add_parser(verb, help="show one claim", description="Show a claim's source, statement, "
                       "instances, and its last recorded results with their certificate paths.")
    p.add_argument("id", metavar="ID", help="claim id (see quarks list)")
    p.add_argument("--store", default=None, metavar="PATH", help="results database (default $QUARKS_HOME/results.sqlite, else .quarks/)")
    p.add_argument("--json", action="store_true", help="print the claim and its recorded results as JSON")
    p.set_defaults(func=run)


def run(args) -> int:
    from quarks import api
    from quarks.base import store as store_mod
    from quarks.base.errors import UsageError
    from quarks.base.terminal import printable
    from quarks.claims import registry
    from quarks.claims.claim import SEEDS, instance_text
    from quarks.cli import paths

    paths.store(args.store, store_mod.DEFAULT_PATH, write=False)
    try:
        info = api.show(args.id, store=args.store)
    except registry.UnknownClaim as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        json.dump(info, sys.stdout, indent=1, default=str)
        sys.stdout.write("\n")
        return 0
    src = info["source"]
    print(f"{info['id']}  ({info['kind']}{'; ' + src['number'] if src['number'] else ''})")
    seed_file = f" [seed file {src['seed']}]" if src["seed"] in SEEDS.values() else ""
    print(f"{'paper' if seed_file else 'source'}: {info['paper']}{seed_file}")
    if info.get("claims_module"):
        origin = info["claims_module"]
        print(f"claims module: {origin['module']} (--claims {origin['load']}, sha256 {origin['sha256'][:16]})")
    print(f"label: {info['label']}")
    print(f"\n{info['statement']}\n\nLaTeX: {info['latex']}")
    if info["note"]:
        print(f"\nnote: {info['note']}")
    if info.get("coq"):
        proof = info.get("proof")
        state = "not run (quarks prove " + info["id"] + ")" if proof is None else proof["status"]
        what = "proved in part (not proved: " + info["coq_part"] + ")" if info.get("coq_part") else "proved for all parameters"
        print(f"\n{what} in Coq: {state}")
        from quarks.certify.coq_gate import theory_paths
        paths = theory_paths()
        for ref in info["coq"]:
            file, _, name = ref.partition(":")
            print(f"  quarks/proofs/coq/{paths.get(file, file)} : {name}")
        if proof and proof["status"] != "proved":
            print(f"  {proof['message']}")
    for tier in ("quick", "full"):
        labels = [instance_text(i) for i in info["instances"][tier]]
        shown = "; ".join(f"[{label}]" for label in labels[:12])   # "; " between instances, ", " inside one
        print(f"\n{tier} tier: {len(labels)} instance(s)" + (f": {shown}" if labels else "")
              + ("; ..." if len(labels) > 12 else ""))
    if info["results"]:
        print(f"\nverdict: {info.get('verdict', '-')}")
        print("\nlast results:")
        for r in info["results"]:
            print(printable(f"  {r['status']:<12} {instance_text(json.loads(r['instance'])):<30} v{r['version']} "
                            f"{r['elapsed'] or 0:.2f}s  {r['certificate']}"))   # the store's strings: escaped
            print(printable(f"      {r['summary']}"))
    else:
        where = Path(args.store) if args.store else store_mod.DEFAULT_PATH
        print(f"\nno recorded results in {where.resolve()} (run: quarks verify {info['id']})")
    return 0
