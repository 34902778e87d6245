"""quarks report: a static HTML page and Markdown of the results store, with plots."""
from __future__ import annotations

import json


def add_parser(sub, verb):
    p = sub.add_parser(
        verb, help="build a static HTML/Markdown report of the results store",
        description="Build DIR/index.html and DIR/README.md from the results store: every claim with its "
                    "source, statement, verdict, time and a link to its certificate (copied into DIR, so the "
                    "report works offline), the exact-count tables read from the certificates, and PNG plots. "
                    "DIR is replaced as a whole. Exit code 2 when the store is empty.")
    p.add_argument("--out", default="report", metavar="DIR", help="output directory (default report)")
    p.add_argument("--store", default=None, metavar="PATH", help="results database (default $QUARKS_HOME/results.sqlite, else .quarks/)")
    p.add_argument("--json", action="store_true", help="print what was written as a JSON object")
    p.set_defaults(func=run)


def run(args) -> int:
    from quarks import api

    summary = api.write_report(args.out, args.store)
    if getattr(args, "json", False):
        print(json.dumps(summary, default=str))
        return 0
    plots = ", ".join(summary["plots"]) or "no plots"
    print(f"wrote {summary['index']} and {summary['readme']}: {summary['claims']} claims, "
          f"{summary['verdicts']} verdicts, {summary['tables']} count tables, {plots}")
    return 0
