"""quarks check-cert: re-verify certificates with exact arithmetic."""
from __future__ import annotations

import json
import sys
from pathlib import Path


def add_parser(sub, verb):
    p = sub.add_parser(verb, help="re-verify certificates",
                       description="Re-verify certificate files (or every *.json under a directory) "
                                   "with exact arithmetic, every file reported (an unreadable or malformed "
                                   "one as rejected). Exit 0 when all are valid, 1 when any is rejected or "
                                   "nothing was found to check, 2 when a path does not exist, 3 when none "
                                   "is rejected but some could not be checked here (a Coq proof without "
                                   "coqc installed).")
    p.add_argument("paths", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true")
    p.add_argument("--evidence-only", action="store_true",
                   help="only re-verify the evidence (solver-free); do not re-derive what each certificate "
                        "has to prove from its claim and instance (by default the claim's check is run again "
                        "in a child process and the certificate must match it)")
    p.add_argument("--coq", action="store_true",
                   help="check the threshold witnesses with Coq's kernel instead: export each realization / "
                        "non-realization record as a theorem about the formal T(n;d) (see export-coq) and "
                        "compile it; other kinds are listed as having no Coq checker")
    p.set_defaults(func=run)


def run_coq(paths) -> int:
    """check-cert --coq: one line per evidence record; 1 when Coq rejects one, 3 without coqc."""
    from .. import coq, coq_export
    from ..evidence import CertificateError

    if not coq.available():
        print("quarks check-cert: coqc is not installed (apt-get install coq libcoq-mathcomp ...): "
              "nothing checked by Coq", file=sys.stderr)
        return 3
    rejected = valid = 0
    for path in _expand(paths):
        try:
            items = coq_export.export(path)
        except CertificateError as exc:
            print(f"REJECTED {path}: {exc}")
            rejected += 1
            continue
        for e, msg in coq_export.check(items):
            print(f"{'OK      ' if msg.startswith('valid') else 'REJECTED' if msg.startswith('rejected') else 'SKIPPED '}"
                  f" {path} evidence[{e.index}]: {msg}")
            valid += msg.startswith("valid")
            rejected += msg.startswith("rejected")
    print(f"{valid} valid (Coq), {rejected} rejected")
    return 1 if rejected or not valid else 0


TRUST = {"coq": "Coq's kernel", "witness": "witnesses checked exactly",
         "sympy": "SymPy derivation re-run", "re-run": "re-run of the project's own procedure"}


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

    from ..certificate import CheckResult

    results = []
    for p in map(Path, args.paths):
        if not p.exists():
            raise UsageError(f"{p}: no such file or directory")
    if args.coq:
        return run_coq(args.paths)
    for path in _expand(args.paths):
        try:
            results.append(check_file(path, statements=not args.evidence_only))
        except CertificateError as exc:  # every file is reported; a bad one does not stop the others
            results.append(CheckResult(str(path), "?", "?", False, str(exc).replace(f"{path}: ", "")))
    if not results:
        print(f"quarks check-cert: nothing to check: no certificate (*.json) under {' '.join(args.paths)}",
              file=sys.stderr)
        return 1
    if args.json:
        json.dump([r.__dict__ for r in results], sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        for r in results:
            tag = "OK      " if r.ok else ("NOT CHECKED" if not r.checked else "REJECTED")
            trust = f" [trust: {TRUST[r.trust]}]" if r.ok else ""
            print(f"{tag} {r.path}: {r.claim}: {r.message}{trust}")
        unchecked = sum(not r.checked for r in results)
        bad = sum(not r.ok and r.checked for r in results)
        print(f"{len(results) - bad - unchecked} valid, {bad} rejected"
              + (f", {unchecked} not checked" if unchecked else ""))
    if any(not r.ok and r.checked for r in results):
        return 1
    return 3 if any(not r.checked for r in results) else 0
