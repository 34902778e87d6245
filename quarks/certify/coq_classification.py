"""Evidence kind ``coq-classification``: #|T(n;d)| = count, proved by Coq's kernel.

The record states ``n``, ``degree`` and ``count``; its payload (an ``.npz`` side file) holds one
certificate per function of n variables.  The checker writes the Coq files from the stated n,
degree and count and the payload's integers (quarks.coq_classification.theory_files), compiles
them, and requires ``card_T{n}_{d}`` and ``mem_T{n}_{d}`` to rest only on the allowed axioms.
Without coqc the record is *not checked*, never valid.
"""
from __future__ import annotations

from .base import CertificateError, NotChecked, Outcome


def check_coq_classification(record: dict, ctx) -> Outcome:
    from .. import coq
    from ..coq_classification import MAX_N, prove
    from .halves import _inline, integer

    n, d, count = integer(record, "n"), integer(record, "degree"), integer(record, "count")
    data = record.get("data")
    if not isinstance(data, dict):
        raise CertificateError("coq-classification record needs a payload")
    if not 1 <= n <= MAX_N or not 0 <= d <= n:
        raise CertificateError(f"coq-classification supports 1 <= n <= {MAX_N} and 0 <= d <= n, not n={n}, d={d}")
    if "npz_base64" in data:  # inline, before the certificate is written
        P = _inline(data["npz_base64"])
    elif isinstance(data.get("$payload"), dict) and data["$payload"].get("format") == "npz":
        P = ctx.load_payload(data["$payload"])
    else:
        raise CertificateError("coq-classification data must be an .npz payload")
    if not coq.available():
        raise NotChecked("not checked: coqc not installed")
    res = prove(n, d, count, P)
    return Outcome(res.proved, res.proved, res.message)
