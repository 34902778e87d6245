"""The claim registry: every claim of every paper, and of the claims modules a user names, found by
id or glob pattern.

Claims from outside the package come, as pytest finds plugins, from: the ``quarks.claims`` entry
point group of installed distributions (each entry point names a module); the modules named with
``--claims MODULE_OR_PATH`` (:func:`use`: a module name, a ``.py`` file, a package directory, or a
directory of ``.py`` files); and, as a fallback, ``QUARKS_EXTRA_CLAIMS`` (comma-separated, the same
forms).  Each such claim carries its :class:`Origin` (the module, what to pass to ``--claims``, the
sha256 of its file), which its certificates record.  A certificate never causes a module to load.
"""
from __future__ import annotations

import difflib
import fnmatch
import hashlib
import importlib
import importlib.util
import os
import pkgutil
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from quarks.base.errors import UsageError
from quarks.claims.claim import Claim

# One package per paper (quarks.proofs.baldi, .navon, .yang), found under quarks.proofs; a
# package's modules are scanned in name order.
PROOF_MODULES = ("quarks.proofs.baldi", "quarks.proofs.navon", "quarks.proofs.yang")
# The exploration verbs' questions (realize, decompose, classes, count, ltl, export-torch), whose answers are certified
# as instances of these claims.
QUESTION_MODULES = ("quarks.claims.questions", "quarks.claims.exports")
# Extra claim modules (comma-separated), e.g. the test suite's deliberately failing claims.
EXTRA_ENV = "QUARKS_EXTRA_CLAIMS"
# The entry point group of installed claims modules (pyproject: [project.entry-points."quarks.claims"]).
ENTRY_POINTS = "quarks.claims"


class UnknownClaim(LookupError):
    """A pattern that matches no claim."""


class ClaimsModuleError(UsageError):
    """A claims module that cannot be loaded, or whose claims collide with others."""


@dataclass(frozen=True)
class Origin:
    """Where a claim from outside the package comes from: the module's name, what to pass to
    ``--claims`` to load it again, and the sha256 of its file (of its ``.py`` files, for a package)."""

    module: str
    load: str
    sha256: str

    def as_dict(self) -> dict:
        return {"module": self.module, "load": self.load, "sha256": self.sha256}


def module_sha256(mod: ModuleType) -> str:
    """The sha256 of a module's file (``sha256sum mine.py``); for a package, of its ``.py`` files'
    relative paths and contents, in path order."""
    paths = getattr(mod, "__path__", None)
    if paths:
        root = Path(list(paths)[0])
        h = hashlib.sha256()
        for f in sorted(root.rglob("*.py")):
            if "__pycache__" in f.parts:
                continue
            data = f.read_bytes()
            h.update(f"{f.relative_to(root).as_posix()}\0{len(data)}\0".encode() + data)
        return h.hexdigest()
    file = getattr(mod, "__file__", None)
    return hashlib.sha256(Path(file).read_bytes()).hexdigest() if file else ""


def _from_file(name: str, file: Path, package: bool = False) -> ModuleType:
    """The module at ``file`` imported under ``name`` (kept in sys.modules, so workers see it)."""
    known = sys.modules.get(name)
    if known is not None:
        where = getattr(known, "__file__", None)
        if where and Path(where).resolve() == file.resolve():
            return known
        raise ClaimsModuleError(f"--claims {file}: the module name {name!r} is already taken by "
                                f"{where or 'a built-in module'}")
    spec = importlib.util.spec_from_file_location(
        name, file, submodule_search_locations=[str(file.parent)] if package else None)
    if spec is None or spec.loader is None:
        raise ClaimsModuleError(f"--claims {file}: not a Python module")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
    except BaseException:
        del sys.modules[name]
        raise
    return mod


def load(spec: str, missing_ok: bool = False) -> list[tuple[ModuleType, Origin]]:
    """The claims modules ``spec`` names: a module name, a ``.py`` file, a package directory (with
    ``__init__.py``) or a directory whose ``.py`` files are each a module; with ``missing_ok`` a
    module name that is not installed gives none."""
    path = Path(spec)
    name = path.name[:-3] if spec.endswith(".py") else path.name if (os.sep in spec or "/" in spec or path.is_dir()) else spec
    if _ours(name) or (path.is_dir() and _ours(path.resolve().name)):
        raise ClaimsModuleError(f"--claims {spec}: the name {name[:60]!r} is in the quarks namespace, which is the "
                                "package's own (rename the module)")
    try:
        if spec.endswith(".py") or os.sep in spec or "/" in spec or path.is_dir():
            if path.is_file() and path.suffix == ".py":
                mods = [(_from_file(path.stem, path), spec)]
            elif path.is_dir() and (path / "__init__.py").is_file():
                mods = [(_from_file(path.resolve().name, path / "__init__.py", package=True), spec)]
            elif path.is_dir():
                files = sorted(f for f in path.glob("*.py") if not f.name.startswith(("_", "test_")))
                if not files:
                    raise ClaimsModuleError(f"--claims {spec}: no .py file in this directory")
                if any(_ours(f.stem) for f in files):
                    raise ClaimsModuleError(f"--claims {spec}: a module in it is named in the quarks namespace, "
                                            "which is the package's own (rename it)")
                mods = [(_from_file(f.stem, f), str(f)) for f in files]
            else:
                raise ClaimsModuleError(f"--claims {spec}: no such .py file or directory")
        else:
            try:
                mods = [(importlib.import_module(spec), spec)]
            except ModuleNotFoundError as exc:
                if exc.name != spec.partition(".")[0] and exc.name != spec:
                    raise
                if missing_ok:
                    return []
                raise ClaimsModuleError(f"--claims {spec}: no module named {spec!r} "
                                        "(give a module name, a .py file or a directory)") from None
    except ClaimsModuleError:
        raise
    except Exception as exc:  # noqa: BLE001 - the user's module failed to import: one line
        raise ClaimsModuleError(f"--claims {spec}: importing it failed: {type(exc).__name__}: {exc}") from None
    return [(m, Origin(m.__name__, again, module_sha256(m))) for m, again in mods]


def _ours(name: str) -> bool:
    """A module name in the package's namespace (quarks, quarks.*): never a claims module's."""
    return name == "quarks" or name.startswith("quarks.")


def _in_package(mod: ModuleType) -> bool:
    """The module's file lies inside the installed quarks package (its origin decided by file, not name)."""
    file = getattr(mod, "__file__", None)
    if not file:
        return False
    root = Path(__file__).resolve().parent.parent
    return Path(file).resolve().is_relative_to(root)


# the modules named with --claims (quarks.claims.registry.use), in the order given
_USED: list[tuple[ModuleType, Origin]] = []


def use(spec: str) -> list[Claim]:
    """Load the claims module(s) ``spec`` names (see :func:`load`) into the registry; their claims."""
    claims()   # the package's claims modules first: a module named later can never stand in for one
    loaded = load(spec)
    global _CACHE
    for item in loaded:
        if all(item[0] is not m for m, _ in _USED):
            _USED.append(item)
    _CACHE = None
    table = claims()
    return [c for c in table.values() if c.origin is not None and any(c.origin.module == o.module for _, o in loaded)]


# claims handed to the Python API as objects (quarks.verify(claim)), by id
_ADDED: dict[str, Claim] = {}


def add(claim: Claim) -> Claim:
    """Register a claim object (from a notebook, or a module imported by hand); the same id added
    again replaces it.  Its origin is the module of its check when that is a file outside quarks."""
    global _CACHE
    known = claims().get(claim.id)
    if known is claim:
        return claim
    if known is not None and claim.id not in _ADDED:
        raise ClaimsModuleError(f"claim {claim.id} declared twice")
    mod = sys.modules.get(getattr(claim.check, "__module__", "") or "")
    file = getattr(mod, "__file__", None)
    if mod is not None and file and Path(file).is_file() and not mod.__name__.startswith("quarks."):
        claim.origin = Origin(mod.__name__, str(file), module_sha256(mod))
    else:
        claim.origin = Origin(getattr(mod, "__name__", "__main__"), "", "")
    _ADDED[claim.id] = claim
    _CACHE = None
    return claim


def _entry_points() -> list[str]:
    from importlib.metadata import entry_points

    return [ep.module for ep in entry_points(group=ENTRY_POINTS)]


def _sources():
    """(module, origin) of every claims module: the papers' (origin None), then the entry points', the
    environment's and those named with --claims."""
    for name in PROOF_MODULES + QUESTION_MODULES:
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:   # a paper not yet checked is skipped; a broken import is not
                raise
            continue
        if not _in_package(mod):
            raise ClaimsModuleError(f"module {name} is not the package's own (loaded from {getattr(mod, '__file__', '?')})")
        yield mod, None
    for name in _entry_points():
        yield from load(name)
    for spec in (m.strip() for m in os.environ.get(EXTRA_ENV, "").split(",")):
        if spec:
            yield from load(spec, missing_ok=True)
    yield from _USED


def _modules():
    for mod, origin in _sources():
        yield mod, origin
        if hasattr(mod, "__path__"):
            for info in sorted(pkgutil.iter_modules(mod.__path__), key=lambda i: i.name):
                sub = importlib.import_module(f"{mod.__name__}.{info.name}")
                if origin is None and not _in_package(sub):
                    raise ClaimsModuleError(f"module {sub.__name__} is not the package's own "
                                            f"(loaded from {getattr(sub, '__file__', '?')})")
                yield sub, origin


_CACHE: dict[str, Claim] | None = None


def claims() -> dict[str, Claim]:
    """Every registered claim, by id, in declaration order."""
    global _CACHE
    if _CACHE is None:
        found: dict[str, Claim] = {}
        for mod, origin in _modules():
            for obj in vars(mod).values():
                if isinstance(obj, Claim):
                    if obj.id in found and found[obj.id] is not obj:
                        where = f" (claims module {origin.module})" if origin else ""
                        raise ClaimsModuleError(f"claim {obj.id} declared twice{where}")
                    if obj.id not in found:
                        obj.origin = origin
                    found[obj.id] = obj
        for cid, obj in _ADDED.items():
            if found.get(cid, obj) is not obj:
                raise ClaimsModuleError(f"claim {cid} declared twice")
            found[cid] = obj
        _CACHE = found
    return _CACHE


def listed() -> dict[str, Claim]:
    """The claims that ``list``, ``verify``, the report and the coverage table show: every registered
    claim but the exploration verbs' questions (QUESTION_MODULES), which are named by id only."""
    return {cid: c for cid, c in claims().items() if getattr(c.check, "__module__", "") not in QUESTION_MODULES}


def get(claim_id: str) -> Claim:
    """The claim with this id; an unknown id raises with the closest ids."""
    table = claims()
    if claim_id in table:
        return table[claim_id]
    raise UnknownClaim(_unknown_message(claim_id, table))


def select(patterns=()) -> list[Claim]:
    """Claims whose id matches any glob pattern (all :func:`listed` claims when none are given); an
    exploration question only by its exact id."""
    table = listed()
    if not patterns:
        return list(table.values())
    every = claims()
    chosen: list[Claim] = []
    for pat in patterns:
        hits = [c for cid, c in table.items() if fnmatch.fnmatchcase(cid, pat) or cid == pat]
        if not hits and pat in every:
            hits = [every[pat]]
        if not hits:
            raise UnknownClaim(_unknown_message(pat, every))
        chosen.extend(c for c in hits if c not in chosen)
    return chosen


def _unknown_message(pattern: str, table) -> str:
    close = difflib.get_close_matches(pattern, list(table), n=3, cutoff=0.4)
    hint = f"; closest: {', '.join(close)}" if close else ""
    return f"no claim matches {pattern!r}{hint}"
