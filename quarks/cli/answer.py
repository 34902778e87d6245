"""An exploration verb's answer as a certificate: ``--out FILE`` writes it, ``--json`` prints it.

The answer is an instance of the verb's question claim (quarks.claims.questions), so ``quarks
check-cert FILE`` binds it to the question asked and re-verifies its witnesses.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path


def add_out(p) -> None:
    p.add_argument("--out", metavar="FILE", default=None,
                   help="write the answer as a certificate (re-check it with quarks check-cert FILE)")


def check_out(args) -> None:
    """UsageError, before any work, when --out names a file that cannot be written."""
    if getattr(args, "out", None) is not None:
        from quarks.cli import paths

        paths.output_file(args.out, "--out")


def wanted(args) -> bool:
    """Whether the answer is to be certified: --out or --json given."""
    return bool(getattr(args, "out", None) or getattr(args, "json", False))


def certify(claim_id: str, instance: dict, why: str = "", verdict=None, elapsed: float | None = None):
    """quarks.claims.answers.certify: (verdict, certificate) of the question ``instance``."""
    from quarks.claims import answers

    return answers.certify(claim_id, instance, why, verdict, elapsed)


def emit(cert: dict, args) -> None:
    """Write the certificate to --out (saying where, on stderr when stdout carries JSON) and print it with --json."""
    from quarks.certificates import certificate

    if getattr(args, "out", None):
        path = certificate.write(cert, Path(args.out))
        print(f"certificate written to {path}", file=sys.stderr if args.json else sys.stdout)
    if getattr(args, "json", False):
        print(json.dumps(cert, sort_keys=True))
