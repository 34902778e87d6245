"""An exploration verb's answer as a certificate: ``--out FILE`` writes it, ``--json`` prints it.

The answer is an instance of the verb's question claim (quarks.claims.questions), so ``quarks
check-cert FILE`` binds it to the question asked and re-verifies its witnesses.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from quarks.base.errors import UsageError


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
    """(verdict, certificate) of the question ``instance`` of the claim ``claim_id`` (``verdict``: the
    claim's check already run by the verb); UsageError when the instance is outside the claim's domain
    (``why`` says the bound); ``elapsed``: the seconds the verb took, when it ran the check."""
    from quarks.certificates import certificate
    from quarks.claims import registry

    claim = registry.get(claim_id)
    if not claim.in_domain(instance):
        raise UsageError(f"--out/--json: no certificate for this question ({why or 'outside the domain of ' + claim_id})")
    t0 = time.perf_counter()
    verdict = claim.run(instance) if verdict is None else verdict
    if verdict.status == "error":
        raise RuntimeError(f"{claim_id}: {verdict.summary}")
    seconds = time.perf_counter() - t0 if elapsed is None else elapsed
    return verdict, certificate.build(claim, instance, verdict, elapsed=round(seconds, 3))


def emit(cert: dict, args) -> None:
    """Write the certificate to --out (saying where, on stderr when stdout carries JSON) and print it with --json."""
    from quarks.certificates import certificate

    if getattr(args, "out", None):
        path = certificate.write(cert, Path(args.out))
        print(f"certificate written to {path}", file=sys.stderr if args.json else sys.stdout)
    if getattr(args, "json", False):
        print(json.dumps(cert, sort_keys=True))
