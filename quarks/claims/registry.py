"""The claim registry: every claim of every paper, found by id or glob pattern."""
from __future__ import annotations

import difflib
import fnmatch
import importlib
import os
import pkgutil

from quarks.claims.claim import Claim

# One package per paper (quarks.proofs.baldi, .navon, .yang), found under quarks.proofs; a
# package's modules are scanned in name order.
PROOF_MODULES = ("quarks.proofs.baldi", "quarks.proofs.navon", "quarks.proofs.yang")
# Extra claim modules (comma-separated), e.g. the test suite's deliberately failing claims.
EXTRA_ENV = "QUARKS_EXTRA_CLAIMS"


class UnknownClaim(LookupError):
    """A pattern that matches no claim."""


def _modules():
    extra = tuple(m for m in os.environ.get(EXTRA_ENV, "").split(",") if m)
    for name in PROOF_MODULES + extra:
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # a paper not yet checked
                continue
            raise
        yield mod
        if hasattr(mod, "__path__"):
            for info in sorted(pkgutil.iter_modules(mod.__path__), key=lambda i: i.name):
                yield importlib.import_module(f"{name}.{info.name}")


_CACHE: dict[str, Claim] | None = None


def claims() -> dict[str, Claim]:
    """Every registered claim, by id, in declaration order."""
    global _CACHE
    if _CACHE is None:
        found: dict[str, Claim] = {}
        for mod in _modules():
            for obj in vars(mod).values():
                if isinstance(obj, Claim):
                    if obj.id in found and found[obj.id] is not obj:
                        raise RuntimeError(f"claim {obj.id} declared twice")
                    found[obj.id] = obj
        _CACHE = found
    return _CACHE


def get(claim_id: str) -> Claim:
    """The claim with this id; an unknown id raises with the closest ids."""
    table = claims()
    if claim_id in table:
        return table[claim_id]
    raise UnknownClaim(_unknown_message(claim_id, table))


def select(patterns=()) -> list[Claim]:
    """Claims whose id matches any glob pattern (all when none are given)."""
    table = claims()
    if not patterns:
        return list(table.values())
    chosen: list[Claim] = []
    for pat in patterns:
        hits = [c for cid, c in table.items() if fnmatch.fnmatchcase(cid, pat) or cid == pat]
        if not hits:
            raise UnknownClaim(_unknown_message(pat, table))
        chosen.extend(c for c in hits if c not in chosen)
    return chosen


def _unknown_message(pattern: str, table) -> str:
    close = difflib.get_close_matches(pattern, list(table), n=3, cutoff=0.4)
    hint = f"; closest: {', '.join(close)}" if close else ""
    return f"no claim matches {pattern!r}{hint}"
