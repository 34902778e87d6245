"""The code a claim's verdicts came from: a hash of its check's module and of every package source it
runs, so that ``verify --resume`` re-runs an instance whose check code changed (a stored verdict is
keyed on the package version and this hash).

"Runs" is read statically and conservatively: the modules of the package that the check's module
imports (at the top or inside a function), transitively, and the modules that a source names as a
procedure ("quarks.solvers.completeness:verify_regular_enumeration", run by an exhaustive record).
"""
from __future__ import annotations

import ast
import hashlib
import re
import sys
from functools import lru_cache
from pathlib import Path

from quarks.base.version import __version__

PACKAGE = Path(__file__).resolve().parents[1]   # the quarks package
_PROCEDURE = re.compile(r"^(quarks(?:\.[A-Za-z_][A-Za-z0-9_]*)+):[A-Za-z_][A-Za-z0-9_]*$")


def _file_of(module: str) -> Path | None:
    """The source file of a module of the package (a subpackage's __init__.py), None if there is none."""
    if module != "quarks" and not module.startswith("quarks."):
        return None
    parts = module.split(".")[1:]
    if not parts:
        return PACKAGE / "__init__.py"
    rel = Path(*parts)
    for candidate in (PACKAGE / rel.with_suffix(".py"), PACKAGE / rel / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


@lru_cache(maxsize=None)
def _named(path: Path) -> frozenset[str]:
    """The package modules a source imports or names as a procedure."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)   # a submodule imported by name
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            m = _PROCEDURE.match(node.value)
            if m:
                out.add(m.group(1))
    return frozenset(m for m in out if m == "quarks" or m.startswith("quarks."))


@lru_cache(maxsize=None)
def _closure(path: Path) -> tuple[Path, ...]:
    seen, todo = {path}, [path]
    while todo:
        for module in _named(todo.pop()):
            f = _file_of(module)
            if f is not None and f not in seen:
                seen.add(f)
                todo.append(f)
    return tuple(sorted(seen))


def _module_file(claim) -> Path | None:
    mod = sys.modules.get(getattr(claim.check, "__module__", "") or "")
    file = getattr(mod, "__file__", None)
    return Path(file).resolve() if file and Path(file).is_file() else None


@lru_cache(maxsize=None)
def _digest(files: tuple[Path, ...]) -> str:
    h = hashlib.sha256()
    for f in files:
        h.update(str(f.relative_to(PACKAGE) if f.is_relative_to(PACKAGE) else f.name).encode() + b"\0")
        h.update(f.read_bytes() + b"\0")
    return h.hexdigest()


def code_key(claim) -> str:
    """``<version>+<sha256 prefix>`` of the claim's check module and the package sources it runs."""
    start = _module_file(claim)
    if start is None:
        return __version__
    return f"{__version__}+{_digest(_closure(start))[:16]}"


def sources(claim) -> list[Path]:
    """The files :func:`code_key` hashes."""
    start = _module_file(claim)
    return list(_closure(start)) if start is not None else []
