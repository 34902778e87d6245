"""``--claims MODULE_OR_PATH``: claims from outside the package, before the verb or after it."""
from __future__ import annotations

HELP = ("load claims from a module name, a .py file or a directory (repeatable); installed "
        "distributions add theirs with the quarks.claims entry point, QUARKS_EXTRA_CLAIMS is a fallback")

# the verbs that look claims up, each taking --claims after the verb too
VERBS = ("list", "show", "verify", "prove", "check-cert", "report", "export-coq", "refute", "claims-table")


def add(p, dest: str = "claims") -> None:
    """The --claims option of a parser."""
    p.add_argument("--claims", action="append", dest=dest, default=None, metavar="MODULE_OR_PATH", help=HELP)


def load(args) -> None:
    """Load the claims modules named before and after the verb (a bad one: UsageError, one line)."""
    from quarks.claims import registry

    for spec in (getattr(args, "claims_before", None) or []) + (getattr(args, "claims", None) or []):
        registry.use(spec)
