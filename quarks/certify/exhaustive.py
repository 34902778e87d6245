"""Evidence kind ``exhaustive``: the record of an exhaustive check that only re-running can confirm.

The record says which procedure of ours ran (``procedure``, ``args``) and what it found
(``result``: ``cases``, ``holds``, a ``digest`` of everything checked).  The kernel never runs
anything a certificate names: such a record is valid only when the binding layer, re-deriving the
certificate from its claim id and instance alone, produced the identical record (its canonical
form's sha256 is then in ``ctx.rerun``).  Without that re-derivation (``--evidence-only``) it is *not
checked*.  Trust: "re-run".
"""
from __future__ import annotations

import hashlib
import json

from quarks.certify.base import CertificateError, CheckContext, NotChecked, Outcome

# Procedures that moved when the package was laid out in folders (issue 35), by their old names:
# certificates written before still name them so, and read as the same procedure.
RENAMED = {"quarks.proofs.navon_ranks:eps_ball_ranks": "quarks.proofs.navon.ranks:eps_ball_ranks"}


def current(record):
    """An evidence record with an old procedure name replaced by today's (anything else unchanged)."""
    if (isinstance(record, dict) and record.get("kind") == "exhaustive" and isinstance(record.get("procedure"), str)
            and record["procedure"] in RENAMED):
        return {**record, "procedure": RENAMED[record["procedure"]]}
    return record


def canonical(record: dict) -> str:
    """The record as compared with a re-run one: every key counts (timings live outside evidence)."""
    return json.dumps(current(record), sort_keys=True)


def rerun_digest(record: dict) -> str:
    """The sha256 of the record's canonical form: what ``ctx.rerun`` holds of a re-run record."""
    return hashlib.sha256(canonical(record).encode()).hexdigest()


def check_exhaustive(record: dict, ctx: CheckContext) -> Outcome:
    result = record.get("result")
    if not isinstance(result, dict) or not isinstance(result.get("holds"), bool):
        raise CertificateError("exhaustive record needs a result with holds")
    if rerun_digest(record) in ctx.rerun:
        return Outcome(True, result["holds"], "re-run from the claim and instance")
    raise NotChecked("not checked: an exhaustive record is confirmed only by re-deriving the certificate "
                     "from its claim (drop --evidence-only)")
