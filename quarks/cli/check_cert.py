"""quarks check-cert: re-verify certificates with exact arithmetic."""
from __future__ import annotations

import json
import sys
from pathlib import Path


def add_parser(sub, verb):
    p = sub.add_parser(verb, help="re-verify certificates",
                       description="Re-verify certificate files (or every *.json under a directory) "
                                   "with exact arithmetic. Exit 0 when all are valid, 1 when any is "
                                   "rejected, 2 when a file is unreadable or not a certificate.")
    p.add_argument("paths", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def _expand(paths):
    for p in map(Path, paths):
        if p.is_dir():
            yield from sorted(q for q in p.rglob("*.json") if not q.name.endswith(".payload.json"))
        else:
            yield p


def run(args) -> int:
    from ..certificate import check_file
    from ..errors import UsageError
    from ..evidence import CertificateError

    results = []
    for path in _expand(args.paths):
        try:
            results.append(check_file(path))
        except CertificateError as exc:
            raise UsageError(str(exc)) from None
    if args.json:
        json.dump([r.__dict__ for r in results], sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        for r in results:
            print(f"{'OK      ' if r.ok else 'REJECTED'} {r.path}: {r.claim}: {r.message}")
        bad = sum(not r.ok for r in results)
        print(f"{len(results) - bad} valid, {bad} rejected")
    return 0 if all(r.ok for r in results) else 1
