"""quarks list: every claim with its source, kind and last recorded status."""
from __future__ import annotations

import json
import sys

PIPED = 100   # the width of the rows when stdout is not a terminal and $COLUMNS is unset


def add_parser(sub, verb):
    p = sub.add_parser(verb, help="list the claims", description="List claims (matching PATTERNs) with "
                       "their source, kind, expected outcome (over the instances of the last run, else the full tier) "
                       "and last recorded status.  Rows are cut to the terminal's width ($COLUMNS, else 100 columns when "
                       "piped); --json has the full text.")
    p.add_argument("patterns", nargs="*", metavar="PATTERN", help="claim id or glob pattern (all when none)")
    p.add_argument("--store", default=None, metavar="PATH", help="results database (default $QUARKS_HOME/results.sqlite, else .quarks/)")
    p.add_argument("--json", action="store_true", help="print the rows as JSON (full text, not cut to the terminal)")
    p.set_defaults(func=run)


def run(args) -> int:
    from quarks.base import store as store_mod
    from quarks.base.errors import UsageError
    from quarks.claims import registry

    try:
        chosen = registry.select(args.patterns)
    except registry.UnknownClaim as exc:
        raise UsageError(str(exc)) from None
    from quarks.cli import paths

    path = paths.store(args.store, store_mod.DEFAULT_PATH, write=False)
    status = {}
    if path.exists():
        with store_mod.Store(path) as db:
            latest = {c.id: db.latest(c.id) for c in chosen}
            proofs = {c.id: db.proof(c.id) for c in chosen if c.coq}
            status = {c.id: _label(c, latest[c.id], proof=proofs.get(c.id)) for c in chosen}
            # the expected outcome over the same instances as the last run (not the full tier's)
            expected = {c.id: _label(c, latest[c.id], c.expected) for c in chosen if latest[c.id]}
    else:
        proofs, expected = {}, {}
        if not args.json:   # results are per directory (or $QUARKS_HOME): say where we looked
            print(f"quarks list: no results store at {path.resolve()} (quarks verify writes one; "
                  "--store PATH or QUARKS_HOME=DIR to read another)", file=sys.stderr)
    rows = [{"id": c.id, "source": str(c.source), "kind": c.kind, "expected": expected.get(c.id) or c.expected_label(),
             "last": status.get(c.id) or "-", "proof": _proof(c, proofs.get(c.id))} for c in chosen]
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    from quarks.base.terminal import table, width

    head = ("id", "source", "kind", "expected", "last", "proof")
    for line in table(head, [tuple(r.values()) for r in rows], limit=width() or PIPED, rule=False):
        print(line)
    return 0


def _label(claim, latest: list, status: str | None = None, proof: dict | None = None) -> str | None:
    """The claim's label (quarks.claims.labels.label) over the latest verdict of each recorded instance
    and its recorded Coq proof (with ``status``: the label had every one of them come out ``status``,
    and its Coq proof, if any, proved)."""
    from quarks.claims.labels import label

    if not latest:
        return None
    instances = [json.loads(r["instance"]) for r in latest]
    statuses = {status} if status else {r["status"] for r in latest}
    return label(claim, statuses, instances, proof="proved" if status else (proof or {}).get("status")).text


def _proof(claim, recorded: dict | None) -> str:
    """The claim's Coq proof: '-' when it has none, else the last recorded outcome (or 'not run')."""
    if not claim.coq:
        return "-"
    if recorded is None:
        return "Coq: not run"
    return f"Coq: {recorded['status']}"
