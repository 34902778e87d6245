"""The fields of a certificate, and which step of ``check-cert`` fills or checks each.

The steps (:func:`quarks.checking.binding.check`): **load** (the kernel reads the file: limits,
shape, exactly these fields), **claim** (the claim is registered; a claim from outside the package, by the claims module the
certificate names, loaded with --claims and of the same sha256), **domain** (the instance lies in
the claim's domain), **meaning** (what the claim fixes: source, statement, kind, expected, and the
trust the evidence kinds give), **re-derive** (what the claim declares, ``Claim.recheck``: its
obligation or its cheap check run again on the instance must say the same; skipped, and said so, for
a check too long to repeat unless ``--rederive``), **kernel** (every evidence record re-verified, and the verdict follows from them).
"""
from __future__ import annotations

STEPS = ("load", "claim", "domain", "meaning", "re-derive", "kernel")

FIELDS = {
    "schema": ("load",),
    "claim": ("load", "claim"),
    "claims_module": ("load", "claim", "meaning"),
    "source": ("load", "meaning"),
    "statement": ("load", "meaning"),
    "kind": ("load", "meaning"),
    "expected": ("load", "meaning"),
    "instance": ("load", "domain", "re-derive"),
    "verdict": ("load", "re-derive", "kernel"),
    "summary": ("load", "re-derive"),
    "counterexample": ("load", "re-derive", "kernel"),
    "reason": ("load", "re-derive"),
    "evidence": ("load", "re-derive", "kernel"),
    "trust": ("load", "meaning", "re-derive"),
    "data": ("load", "re-derive"),
    "package": ("load",),
    "created": ("load",),
    "elapsed": ("load",),
}

# what a certificate says, compared with the re-derived one; the rest says when and by whom it was made
MEANING_FIELDS = tuple(f for f, steps in FIELDS.items() if "re-derive" in steps or "meaning" in steps or f == "claim")
VOLATILE_FIELDS = tuple(f for f, steps in FIELDS.items() if steps == ("load",) and f != "schema")

# The one place where a certificate records timings, never compared with the re-derivation: the
# top-level ``elapsed`` and the object ``data.timings`` (names to non-negative seconds, shape checked
# on load).  A key named "seconds" (or anything else) anywhere else is meaning, and compared.
TIMINGS = (("elapsed",), ("data", "timings"))
