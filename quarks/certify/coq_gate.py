"""The Coq layer: compile the theories of ``quarks/proofs/coq/`` and read what each theorem assumes.

A claim's ``coq`` field names theorems ("File.v:theorem") that prove it for all parameters; the file
is cited by its bare name and found in its folder through ``_CoqProject`` (:func:`theory_path`), so
file names are unique across the folders.  This module compiles the theories of ``_CoqProject``
(independent ones in parallel) into a build cache keyed by the sources and the Coq version, so a
second run costs nothing, and runs ``Print Assumptions`` on each claim's theorems together (one term
pairing them, so the libraries they share are traversed once: a claim's assumptions are the union of its
theorems'), once per build (:func:`remembered_assumptions`).  A proof counts only when

* no theory file is named like a module of Coq's standard library or of an installed library
  (``Uint63.v``, ``Raxioms.v``, ...), and no source uses, outside comments, ``Admitted``, ``admit``,
  ``Axiom``, ``Parameter``, ``Conjecture``, ``Variable``/``Context``/``Hypothesis`` outside a
  section, ``Unset``/``Set ... Checking``, ``bypass_check``, ``Primitive``, ``Register``,
  ``Declare ML Module``, ``Load`` (quarks.certify.coq_source.forbidden);
* its file compiles;
* ``Print Assumptions`` in a fresh ``coqc`` on the compiled theories lists only assumptions whose
  fully qualified names (read back with ``Locate``) are in :data:`ALLOWED_AXIOMS` or under one of
  :data:`ALLOWED_MODULES` (classical logic, extensionality, the standard library's real numbers,
  and Coq's primitive machine numbers, which the interval tactic computes with).

Environment: ``QUARKS_COQC`` (the coqc binary), ``QUARKS_COQ_CACHE`` (the cache directory, default
``$XDG_CACHE_HOME/quarks/coq``, that is ``~/.cache/quarks/coq``), ``QUARKS_COQ_JOBS`` (parallel coqc processes, default the number of cores).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from quarks.certify.coq_print import locate_script, parse_assumptions, read_locate, split_outputs
from quarks.certify.coq_source import forbidden, strip_comments

THEORIES = Path(__file__).resolve().parents[1] / "proofs" / "coq"
LOGICAL = "Quarks"

# The standard library's logical root: ``Coq`` up to Coq 8.20, ``Stdlib`` in Rocq 9.  Every allowed name
# below is allowed under each, so nothing here depends on which one the toolchain prints.
STDLIB_ROOTS = ("Coq", "Stdlib")

# Axioms a proof may rest on, by fully qualified name without the root: classical logic and choice,
# extensionality, proof irrelevance, and the axioms of the standard library's real numbers (Coq 8.16
# and 8.20 build R from classical Dedekind cuts).
AXIOMS = (
    "Logic.Classical_Prop.classic",
    "Logic.ClassicalEpsilon.constructive_indefinite_description",
    "Logic.FunctionalExtensionality.functional_extensionality_dep",
    "Logic.PropExtensionality.propositional_extensionality",
    "Logic.ProofIrrelevance.proof_irrelevance",
    "Logic.Classical_Prop.proof_irrelevance",
    "Reals.ClassicalDedekindReals.sig_forall_dec",
    "Reals.ClassicalDedekindReals.sig_not_dec",
    "Logic.Eqdep.Eq_rect_eq.eq_rect_eq",
    "Logic.JMeq.JMeq_eq",
)
ALLOWED_AXIOMS = frozenset(f"{root}.{a}" for root in STDLIB_ROOTS for a in AXIOMS)
# Whole modules, by prefix without the root, whose axioms are Coq's own: the real-number axioms of the
# standard library and the primitive machine numbers (floats, 63-bit integers, arrays).
MODULES = ("Reals.Raxioms.", "Reals.Rdefinitions.", "Floats.PrimFloat.", "Floats.FloatAxioms.",
           "Numbers.Cyclic.Int63.PrimInt63.", "Numbers.Cyclic.Int63.Uint63.", "Numbers.Cyclic.Int63.Sint63.",
           "Array.PArray.")
ALLOWED_MODULES = tuple(f"{root}.{m}" for root in STDLIB_ROOTS for m in MODULES)

QUALID = re.compile(r"[^\W\d]\w*(?:'\w*)*(?:\.[^\W\d]\w*(?:'\w*)*)*")


# The OCaml runtime's settings for coqc when the user sets none (OCAMLRUNPARAM).  A major collection a
# quarter as eager as coqc's own (o=400) takes about 15 % less CPU compiling these theories (104-112 s
# against 123 s for all 82 files); a 32 M-word minor heap helps the long Print Assumptions traversals
# (about 7 %) but costs each short coqc about 0.15 s of page faults (126-130 s for the build).
GC_SETTINGS = "o=400"
GC_SETTINGS_TRAVERSAL = "s=32M,o=400"


def env(traversal: bool = False) -> dict:
    """The environment of a coqc process: this one's, with OCAMLRUNPARAM set unless it is set, to
    GC_SETTINGS, or GC_SETTINGS_TRAVERSAL for a ``traversal`` (Print Assumptions on many theorems)."""
    if "OCAMLRUNPARAM" in os.environ:
        return dict(os.environ)
    return {**os.environ, "OCAMLRUNPARAM": GC_SETTINGS_TRAVERSAL if traversal else GC_SETTINGS}


class CoqUnavailable(RuntimeError):
    """coqc is not installed (or not where QUARKS_COQC says)."""


def coqc() -> str:
    """The coqc binary; raises CoqUnavailable when there is none."""
    name = os.environ.get("QUARKS_COQC", "coqc")
    path = shutil.which(name)
    if path is None:
        raise CoqUnavailable("coqc not installed")
    return path


def available() -> bool:
    try:
        coqc()
        return True
    except CoqUnavailable:
        return False


def version() -> str:
    out = _asked(coqc(), "--version")
    return out.stdout.strip().splitlines()[0] if out.stdout else "unknown"


def _asked(path: str, flag: str) -> subprocess.CompletedProcess:
    """What ``path flag`` prints (``--version``, ``-where``), asked once per process and coqc binary
    (its path, inode, size and modification time): a check of many Coq certificates, or check-cert's
    parent before it forks the checks, starts coqc for it once, not at every build key."""
    st = os.stat(path)
    key = (path, flag, st.st_ino, st.st_size, st.st_mtime_ns)
    if key not in _ASKED:
        _ASKED[key] = subprocess.run([path, flag], capture_output=True, text=True, timeout=60, env=env())
    return _ASKED[key]


_ASKED: dict = {}


@dataclass(frozen=True)
class Toolchain:
    """The Coq toolchain a build runs on: coqc's version and MathComp's major version (1: Debian 12's
    Coq 8.16 with MathComp 1.15; 2: Debian 13's Coq 8.20 with MathComp 2.3; 0: no MathComp found)."""

    coq: str
    mathcomp: int

    @property
    def compat(self) -> str:
        """The folder of ``compat/`` whose QuarksCompat.v this toolchain compiles (``mc1``, ``mc2``)."""
        return f"mc{self.mathcomp}"

    def as_dict(self) -> dict:
        return {"coq": self.coq, "mathcomp": self.mathcomp}

    def __str__(self) -> str:
        return f"Coq {self.coq}, MathComp {self.mathcomp}" if self.mathcomp else f"Coq {self.coq}, no MathComp"


def coq_release(version_line: str) -> str:
    """The release number in coqc's ``--version`` line (``The Coq Proof Assistant, version 8.20.1``,
    ``The Rocq Prover, version 9.0.0``), or the line itself when it has none."""
    m = re.search(r"version\s+(\S+)", version_line)
    return m.group(1) if m else version_line


# MathComp 2 (Hierarchy Builder) declares equality types with the mixin hasDecEq, MathComp 1 has none:
# `Fail` succeeds on MathComp 1 (no such record) and fails ("has not failed") on MathComp 2.
MATHCOMP_PROBE = "From mathcomp Require Import ssreflect eqtype.\nFail Check @hasDecEq.axioms_.\n"


def mathcomp_major(probe_output: str, returncode: int) -> int:
    """MathComp's major version from the run of :data:`MATHCOMP_PROBE`: 1, 2, or 0 (not found)."""
    if returncode == 0:
        return 1
    return 2 if "has not failed" in probe_output else 0


_TOOLCHAINS: dict = {}


def toolchain() -> Toolchain:
    """The toolchain of :func:`coqc`: its ``--version``, and MathComp's major version from a probe
    that requires MathComp's eqtype (:data:`MATHCOMP_PROBE`), remembered per coqc, version and
    installed ``eqtype.vo`` in this process and in ``toolchains.json`` of the cache."""
    path, line = coqc(), version()
    eqtype = _coqlib()
    eqtype = eqtype / "user-contrib" / "mathcomp" / "ssreflect" / "eqtype.vo" if eqtype is not None else None
    try:
        st = os.stat(eqtype) if eqtype is not None else None
    except OSError:
        st = None
    stamp = json.dumps([path, line, str(eqtype), st.st_mtime_ns if st else 0, st.st_size if st else 0])
    if stamp in _TOOLCHAINS:
        return _TOOLCHAINS[stamp]
    shared = os.environ.get(READ_ONLY_CACHE, "")
    remembered = [d / "toolchains.json" for d in [cache_root()] + ([Path(shared)] if shared else [])]
    for f in remembered if st is not None else []:
        try:
            major = json.loads(f.read_text()).get(stamp)
        except (OSError, ValueError, AttributeError):
            continue
        if type(major) is int:
            _TOOLCHAINS[stamp] = Toolchain(coq_release(line), major)
            return _TOOLCHAINS[stamp]
    with tempfile.TemporaryDirectory(prefix="quarks-coq-t-") as tmp:
        probe = Path(tmp) / "QuarksProbe.v"
        probe.write_text(MATHCOMP_PROBE)
        res = subprocess.run([path, "-q", str(probe)], cwd=tmp, capture_output=True, text=True, timeout=300, env=env())
    tc = _TOOLCHAINS[stamp] = Toolchain(coq_release(line), mathcomp_major(res.stdout + res.stderr, res.returncode))
    if st is not None and tc.mathcomp:
        _remember_toolchain(remembered[0], stamp, tc.mathcomp)
    return tc


def _remember_toolchain(path: Path, stamp: str, major: int) -> None:
    try:
        known = json.loads(path.read_text()) if path.is_file() else {}
        known = known if isinstance(known, dict) else {}
        known[stamp] = major
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".tmp", delete=False) as f:
            f.write(json.dumps(known))
        os.replace(f.name, path)
    except (OSError, ValueError):   # not remembered: probed again next time
        pass


COMPAT = "compat"                 # the folder of the per-toolchain compatibility files
COMPAT_FILE = "QuarksCompat.v"    # compat/mc1/QuarksCompat.v, compat/mc2/QuarksCompat.v: renamed names
# the same file name under every toolchain's folder; a theory requires the ones it needs (QuarksMpoly.v:
# the multinomials library, SsrMultinomials.mpoly on MathComp 1, mathcomp.multinomials.mpoly on 2)


def compat_base(root: Path = THEORIES) -> Path:
    """The folder whose ``compat/`` a build of ``root`` uses: ``root``'s own, else the package's."""
    return root if (root / COMPAT).is_dir() else THEORIES


def compat_files(root: Path = THEORIES) -> list[str]:
    """The compatibility files of every toolchain (``compat/mc1/QuarksCompat.v``, ...), relative to
    :func:`compat_base`."""
    base = compat_base(root)
    return sorted(p.relative_to(base).as_posix() for p in (base / COMPAT).glob("*/*.v"))


def compat_sources(root: Path, tc: Toolchain) -> list[Path]:
    """The compatibility files that a build of ``root`` on toolchain ``tc`` compiles (each as
    ``compat/<name>.v``, so ``From Quarks Require Import QuarksCompat`` finds exactly one)."""
    return sorted((compat_base(root) / COMPAT / tc.compat).glob("*.v"))


def compat_source(root: Path, tc: Toolchain) -> Path:
    """The QuarksCompat.v of toolchain ``tc`` (see :func:`compat_sources` for all its files)."""
    return compat_base(root) / COMPAT / tc.compat / COMPAT_FILE


def unrooted(name: str) -> str:
    """An assumption's name without the standard library's root (:data:`STDLIB_ROOTS`): the same
    axiom on Coq 8.x (``Coq.Logic...``) and Rocq 9 (``Stdlib.Logic...``)."""
    root, _, rest = name.partition(".")
    return rest if root in STDLIB_ROOTS and rest else name


def same_assumptions(recorded, printed: dict) -> bool:
    """Whether a record's assumptions (theorem -> names) are those printed, up to the standard
    library's root, so a certificate made on one toolchain is checked on another."""
    if not isinstance(recorded, dict) or sorted(recorded) != sorted(printed):
        return False
    return all(isinstance(recorded[t], list) and all(isinstance(a, str) for a in recorded[t])
               and [unrooted(a) for a in recorded[t]] == [unrooted(a) for a in printed[t]] for t in printed)


def project_files(root: Path = THEORIES) -> list[str]:
    """The .v files of ``_CoqProject`` (paths relative to ``root``, e.g. ``threshold/Threshold.v``), in
    compilation order."""
    lines = (root / "_CoqProject").read_text().splitlines()
    return [ln.strip() for ln in lines if ln.strip().endswith(".v") and not ln.strip().startswith("#")]


def duplicate_names(files) -> list[str]:
    """The file names (``Name.v``) that more than one theory of the project has: citations name a
    theory by its bare file name, so names must be unique across the folders."""
    seen: dict[str, int] = {}
    for f in files:
        seen[Path(f).name] = seen.get(Path(f).name, 0) + 1
    return sorted(n for n, k in seen.items() if k > 1)


def theory_paths(root: Path = THEORIES) -> dict[str, str]:
    """Each theory's bare file name (``Threshold.v``, as claims cite it) -> its path in ``_CoqProject``
    (``threshold/Threshold.v``); raises ValueError when two theories share a file name."""
    files = project_files(root)
    dup = duplicate_names(files)
    if dup:
        raise ValueError(f"theory file names must be unique across folders: {', '.join(dup)}")
    return {Path(f).name: f for f in files}


def theory_path(name: str, root: Path = THEORIES) -> Path:
    """The file of a theory cited by its bare name (``Threshold.v``) or by its project path."""
    paths = theory_paths(root)
    return root / paths.get(Path(name).name, name)


def stdlib_modules() -> set:
    """The module names (file stems) of Coq's standard library and installed libraries."""
    root = _coqlib()
    if root is None:
        return set()
    return {p.stem for p in root.rglob("*.v")} | {p.stem for p in root.rglob("*.vo")}


def library_roots() -> set:
    """The first components of the installed libraries' logical names: ``Coq``, ``Stdlib`` and each
    folder of ``user-contrib`` (``mathcomp``, ``Interval``, ...)."""
    root = _coqlib()
    contrib = root / "user-contrib" if root is not None else None
    found = {p.name for p in contrib.iterdir() if p.is_dir()} if contrib and contrib.is_dir() else set()
    return {"Coq", "Stdlib", "mathcomp"} | found


def _coqlib() -> Path | None:
    try:
        out = _asked(coqc(), "-where")
    except (CoqUnavailable, OSError, subprocess.SubprocessError):
        return None
    return Path(out.stdout.strip()) if out.returncode == 0 and out.stdout.strip() else None


def shadowing(files) -> list[str]:
    """The theory files named like a standard-library (or installed library) module, or with a file
    or folder named like a library root (``Coq.v``, ``mathcomp/X.v``)."""
    names, roots = stdlib_modules(), library_roots()
    return [f for f in files
            if Path(f).stem in names or any(Path(part).stem in roots for part in Path(f).parts)]


def sha256(path: Path) -> str:
    """The file's sha256, read again whenever its inode, size, modification or change time differ from
    the last reading in this process (any write changes the change time): a check of many Coq
    certificates, each comparing the installed theories with its record, hashes them once."""
    st = os.stat(path)
    key = (str(path), st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    if key not in _HASHED:
        _HASHED[key] = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    return _HASHED[key]


_HASHED: dict = {}


def cache_root() -> Path:
    """The compiled theories: ``$QUARKS_COQ_CACHE``, else ``$XDG_CACHE_HOME/quarks/coq`` (quarks.base.home)."""
    from quarks.base import home

    return home.coq_cache()


# A cache whose finished builds may be used but never written (check-cert's children: they write
# only in their scratch directory, and reuse the theories `quarks verify` or `prove` compiled).
READ_ONLY_CACHE = "QUARKS_COQ_CACHE_READ_ONLY"
# Set: every theorem's assumptions are printed again by coqc, never read from its build (check-cert --rederive).
FRESH_ASSUMPTIONS = "QUARKS_COQ_FRESH_ASSUMPTIONS"
# what a proof says when its assumptions were read back from the build cache, not printed by coqc now
FROM_CACHE = "assumptions read from this machine's build cache"
# and when coqc printed them now, from the .vo files compiled from sources of the recorded hashes
PRINTED = "coqc run on the .vo files built from these sources (their hashes bound to the sources' hashes)"


def _finished(target: Path, hashes: dict) -> Build | None:
    marker = target / "build.json"
    if not marker.is_file():
        return None
    info = json.loads(marker.read_text())
    return Build(target, hashes, info["seconds"], info.get("error", ""), cached=True)


@dataclass
class Build:
    """A compiled copy of the theories: where it is, how long each file took, or what failed."""

    directory: Path
    files: dict = field(default_factory=dict)      # file -> sha256
    seconds: dict = field(default_factory=dict)    # file -> compile seconds
    error: str = ""                                # first failure, "" when everything compiled
    cached: bool = False

    @property
    def ok(self) -> bool:
        return not self.error


_REQUIRES = re.compile(r"From\s+" + LOGICAL + r"\s+Require\s+(?:Import\s+|Export\s+)?([^.]*)\.")


def dependencies(root: Path, files: list[str]) -> dict[str, set[str]]:
    """Each theory's direct dependencies among the earlier files of the project (its
    ``From Quarks Require`` lines, comments removed)."""
    deps: dict[str, set[str]] = {}
    for k, f in enumerate(files):
        earlier = {Path(g).stem: g for g in files[:k]}
        names = " ".join(_REQUIRES.findall(strip_comments((root / f).read_text()))).split()
        deps[f] = {earlier[m] for m in names if m in earlier}
    return deps


def jobs() -> int:
    """Parallel coqc processes: ``QUARKS_COQ_JOBS``, else the number of cores."""
    try:
        return max(1, int(os.environ.get("QUARKS_COQ_JOBS", "")))
    except ValueError:
        return max(1, os.cpu_count() or 1)


def build(root: Path = THEORIES, progress=None) -> Build:
    """Compile every theory of ``_CoqProject`` (through the cache), independent files in parallel
    (:func:`jobs`), each as soon as the theories it requires are compiled."""
    files, hashes, key = _key(root)
    target = cache_root() / key
    found = _finished(target, hashes)
    if found is None and os.environ.get(READ_ONLY_CACHE):
        found = _finished(Path(os.environ[READ_ONLY_CACHE]) / key, hashes)
    if found is not None:
        return found
    with build_lock(target):              # another process building the same theories: wait for it
        return _finished(target, hashes) or _compile(root, files, hashes, target, progress)


def _key(root: Path) -> tuple[list, dict, str]:
    """The theory files of ``root``, their sha256, and the cache key of their build."""
    files = project_files(root)
    hashes = {f: sha256(root / f) for f in files}
    tc = toolchain()
    compat = [sha256(src) for src in compat_sources(root, tc)]
    return files, hashes, hashlib.sha256(json.dumps([version(), tc.as_dict(), compat, files, hashes],
                                                    sort_keys=True).encode()).hexdigest()[:24]


def compiled(root: Path = THEORIES) -> bool:
    """True when the theories at ``root`` are in the cache (a build would compile nothing)."""
    try:
        _, hashes, key = _key(root)
    except (OSError, ValueError, CoqUnavailable):
        return False
    return (cache_root() / key / "build.json").is_file()


def finished_build(root: Path = THEORIES) -> Build | None:
    """The finished build of the theories at ``root`` in this process's cache or the read-only one
    (READ_ONLY_CACHE), as :func:`build` would find it; None when there is none (nothing is compiled here)."""
    try:
        _, hashes, key = _key(root)
    except (OSError, ValueError, CoqUnavailable, subprocess.SubprocessError):
        return None
    shared = os.environ.get(READ_ONLY_CACHE)
    for base in [cache_root()] + ([Path(shared)] if shared else []):
        try:
            found = _finished(base / key, hashes)
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            continue
        if found is not None:
            return found
    return None


@contextmanager
def build_lock(target: Path):
    """An exclusive lock on ``target.lock`` (fcntl; none where it is missing): processes compiling
    the same cache entry (pytest workers, parallel runs) compile it once."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:                   # not POSIX: duplicated work, still correct (os.replace)
        yield
        return
    with open(target.with_name(target.name + ".lock"), "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _stage_compat(root: Path, files: list, work: Path) -> tuple[list[str], str]:
    """Copy the toolchain's compatibility files that some theory requires into ``work`` as
    ``compat/<name>.v``: (those files, relative to ``work``; the reason they cannot be, or "")."""
    uses = {m for f in files for m in " ".join(_REQUIRES.findall(strip_comments((root / f).read_text()))).split()}
    tc = toolchain()
    staged = []
    for name in sorted({Path(f).name for f in compat_files(root)}):
        if Path(name).stem not in uses:
            continue                  # no theory requires it: nothing to compile
        src = compat_base(root) / COMPAT / tc.compat / name
        if not src.is_file():
            return [], f"no compatibility file for {tc} ({COMPAT}/{tc.compat}/{name})"
        bad = forbidden(src.read_text())
        if bad:
            return [], f"{COMPAT}/{tc.compat}/{name}: uses {', '.join(bad)}"
        (work / COMPAT).mkdir(exist_ok=True)
        shutil.copy2(src, work / COMPAT / name)
        staged.append(f"{COMPAT}/{name}")
    return staged, ""


def _compile(root: Path, files: list, hashes: dict, target: Path, progress) -> Build:
    from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait

    work = Path(tempfile.mkdtemp(prefix="quarks-coq-"))
    seconds, errors = {}, {}
    shadows = shadowing(files)
    if shadows:
        errors[files[0]] = f"{shadows[0]}: named like a module of Coq's standard library or a library root"
    dup = duplicate_names(files)
    if dup:
        errors[files[0]] = f"{dup[0]}: more than one theory has this file name"
    for f in files if not errors else []:   # no file is compiled unless every file is clean
        bad = forbidden((root / f).read_text())
        if bad:
            errors[f] = f"{f}: uses {', '.join(bad)}"
            break
        (work / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / f, work / f)

    staged: list[str] = []
    if not errors:
        staged, why = _stage_compat(root, files, work)
        if why:
            errors[files[0]] = why

    def compile_one(f: str) -> None:
        if progress:
            progress(f)
        t0 = time.perf_counter()
        out = subprocess.run([coqc(), "-q", "-R", ".", LOGICAL, f], cwd=work, capture_output=True, text=True, env=env())
        seconds[f] = round(time.perf_counter() - t0, 2)
        if out.returncode != 0:
            errors[f] = f"{f}: " + " ".join((out.stderr or out.stdout).split())[:600]

    for compat in staged if not errors else []:   # first: every theory may require them
        compile_one(compat)
        seconds.pop(compat, None)
        if compat in errors:
            errors[files[0]] = errors.pop(compat)
            break
    if not errors:
        done: set[str]
        running: dict[Future[None], str]
        deps, done, running = dependencies(root, files), set(), {}
        with ThreadPoolExecutor(max_workers=jobs()) as pool:
            while len(done) < len(files) and not errors:
                for f in files:
                    if f not in done and f not in running.values() and deps[f] <= done and len(running) < jobs():
                        running[pool.submit(compile_one, f)] = f
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for fut in finished:
                    fut.result()
                    done.add(running.pop(fut))
            wait(running)
    error = next((errors[f] for f in files if f in errors), "")   # the first failure in project order
    (work / "build.json").write_text(json.dumps({"seconds": seconds, "error": error, "files": hashes}))
    if error:  # failures are not cached: the next run tries again
        return Build(work, hashes, seconds, error)
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists():
        shutil.rmtree(work, ignore_errors=True)
    else:
        os.replace(work, target)
    return Build(target, hashes, seconds, "")


def _head(files) -> str:
    """The Require lines of a probe on the theories ``files``: the environment a theorem is checked in."""
    return "".join(f"From {LOGICAL} Require {Path(f).stem}.\n" for f in sorted(set(files)))


# The names under which Print Assumptions may print an allowed axiom (every dotted suffix of its full
# name): located in the same coqc, so a second one (qualify) runs only for a name outside them.
EXPECTED_NAMES = tuple(sorted({".".join(a.split(".")[-k:]) for a in ALLOWED_AXIOMS
                               for k in range(1, a.count(".") + 2)}))


def print_script(targets) -> str:
    """The commands that print what each of ``targets`` assumes, after ``Locate`` on
    :data:`EXPECTED_NAMES` (read back by :func:`read_assumptions`)."""
    return locate_script(EXPECTED_NAMES) + "".join(f"Print Assumptions {t}.\n" for t in targets)


def read_assumptions(stdout: str, count: int, directory: Path, head: str, args=()) -> list[tuple[list | None, str]]:
    """What a coqc running :func:`print_script` on ``count`` targets printed: each target's assumptions
    by fully qualified name, or (None, why).  A printed name outside the located ones is resolved by
    :func:`qualify` in the same environment (the Require lines ``head``, coqc ``args``); a name that
    does not resolve rejects."""
    located, rest = read_locate(stdout, list(EXPECTED_NAMES))
    chunks = split_outputs(rest)
    if located is None or len(chunks) != count:
        return [(None, f"unreadable Print Assumptions output: {rest.strip()[:200]}")] * count
    parsed = [parse_assumptions(c) for c in chunks]
    other = sorted({a for names in parsed if names for a in names if a not in located})
    full = qualify(directory, [], other, head=head, args=args)
    if full is not None:
        full.update(located)
    out: list[tuple[list | None, str]] = []
    for chunk, names in zip(chunks, parsed):
        if names is None:
            out.append((None, f"unreadable Print Assumptions output: {chunk.strip()[:200]}"))
        elif full is None or any(a not in full for a in names):
            missing = [a for a in names if full is None or a not in full]
            out.append((None, f"assumes {', '.join(missing)[:300]}, which Locate does not resolve in the "
                              "environment of the proof"))
        else:
            out.append(([full[a] for a in names], ""))
    return out


def _print_assumptions(directory: Path, groups) -> tuple[bool, str]:
    """Run :func:`print_script` against a build, once per group of (file, theorem) pairs: a group of
    several is printed as one term pairing its theorems, so the library they share is traversed once
    (about 0.5 s per theorem on the reals otherwise); (ok, stdout or error)."""
    script, targets = _head(f for g in groups for f, _ in g), []
    for i, g in enumerate(groups):
        names = [f"@{Path(f).stem}.{name}" for f, name in g]
        if len(g) == 1:
            targets.append(names[0][1:])
        else:
            script += f"Definition quarks_group_{i} := ({', '.join(names)}).\n"
            targets.append(f"quarks_group_{i}")
    with tempfile.TemporaryDirectory(prefix="quarks-coq-q-") as tmp:
        probe = Path(tmp) / "QuarksAssumptions.v"
        probe.write_text(script + print_script(targets))
        res = subprocess.run([coqc(), "-q", "-R", str(directory), LOGICAL, str(probe)], cwd=tmp,
                             capture_output=True, text=True, env=env(traversal=True))
    if res.returncode != 0:
        msg = " ".join((res.stderr or res.stdout).split())
        return False, re.sub(r'File "[^"]*", line \d+, characters [\d-]+: ', "", msg)[:400]
    return True, res.stdout


def assumptions(directory: Path, groups) -> list[tuple[list | None, str]]:
    """Each group's assumptions (the union over its theorems) by fully qualified name, or (None, why):
    ``Print Assumptions`` on all groups in one environment (the Require lines of their files), every
    printed name resolved with ``Locate`` in exactly that environment (:func:`read_assumptions`).  A
    group of one (file, theorem) pair gives that theorem's own assumptions."""
    groups = [tuple(g) for g in groups]
    ok, stdout = _print_assumptions(directory, groups)
    if not ok:
        return [(None, f"Print Assumptions failed: {stdout}")] * len(groups)
    return read_assumptions(stdout, len(groups), directory, _head(f for g in groups for f, _ in g))


def allowed(axiom: str) -> bool:
    """Whether an assumption, by its fully qualified name, may appear in a proof."""
    return axiom in ALLOWED_AXIOMS or axiom.startswith(ALLOWED_MODULES)


def qualify(directory: Path, requires: list, names: list, head: str | None = None, args=()) -> dict | None:
    """The fully qualified name of each printed assumption (``Locate`` in a fresh coqc, with the same
    files required as the ``Print Assumptions`` that printed it: ``requires`` from the theories, or
    the Require lines ``head`` with extra coqc ``args``); None when coqc fails or a name does not
    resolve: the caller then rejects, never compares the printed short name."""
    if not names:
        return {}
    if not all(QUALID.fullmatch(n) for n in names):   # a printed name is a qualid, nothing else
        return None
    script = head if head is not None else "".join(f"From {LOGICAL} Require {stem}.\n" for stem in requires)
    with tempfile.TemporaryDirectory(prefix="quarks-coq-q-") as tmp:
        probe = Path(tmp) / "QuarksLocate.v"
        probe.write_text(script + locate_script(names))
        res = subprocess.run([coqc(), "-q", "-R", str(directory), LOGICAL, *args, str(probe)], cwd=tmp,
                             capture_output=True, text=True, env=env())
    if res.returncode != 0:
        return None
    full, _ = read_locate(res.stdout, names)
    return full if full is not None and len(full) == len(names) else None


@dataclass
class Proof:
    """One theorem: did it compile, what does it assume, is that allowed."""

    ref: str                     # "File.v:theorem"
    status: str                  # proved, failed, not checked
    message: str = ""
    axioms: list = field(default_factory=list)
    seconds: float = 0.0

    @property
    def proved(self) -> bool:
        return self.status == "proved"

    def as_dict(self) -> dict:
        return {"theorem": self.ref, "status": self.status, "message": self.message, "axioms": self.axioms,
                "seconds": self.seconds}


def _split(ref: str) -> tuple[str, str]:
    file, _, name = ref.partition(":")
    if not file.endswith(".v") or not name:
        raise ValueError(f"a Coq theorem is named 'File.v:theorem', got {ref!r}")
    return file, name


def remembered_assumptions(b: Build, pairs: list, groups: list | None = None) -> list[tuple[list | None, str]]:
    """:func:`assumptions` of (file, theorem) pairs, each its own group, or of ``groups`` (lists of
    pairs): one result per pair (of the groups' pairs in order), a group's union for each of its
    members.  A group whose union does not resolve, or names an assumption not :func:`allowed`, is
    printed again theorem by theorem, so a rejection always names the theorem.  Every process that prints them keeps them in the build
    (``assumptions/``, only in a cache it may write); check-cert (READ_ONLY_CACHE set) reads them back,
    as it reuses the compiled files, unless FRESH_ASSUMPTIONS is set (check-cert --rederive)."""
    keys = [tuple(g) for g in groups] if groups is not None else [(pair,) for pair in pairs]
    memo = b.directory / "assumptions"
    known: dict = {}
    for key in keys if os.environ.get(READ_ONLY_CACHE) and not os.environ.get(FRESH_ASSUMPTIONS) else []:
        named = _remembered(memo, key)
        if named is not None:
            known[key] = (named, FROM_CACHE)
    todo = list(dict.fromkeys(k for k in keys if k not in known))
    if todo:
        results = assumptions(b.directory, todo)
        if len(todo) > 1 and any(names is None for names, _ in results):
            # find which group fails: each in its own environment, its names resolved there
            results = [assumptions(b.directory, [key])[0] for key in todo]
        for key, (named, why) in zip(todo, results):
            if len(key) > 1 and (named is None or not all(allowed(a) for a in named)):
                known[key] = remembered_assumptions(b, list(key))
                continue
            known[key] = (named, why)
            if named is not None and _writable(b.directory):
                _remember(memo, key, named)
    return [r for key in keys for r in (known[key] if isinstance(known[key], list) else [known[key]] * len(key))]


def _memo_file(memo: Path, key) -> Path:
    return memo / (hashlib.sha256(json.dumps([list(p) for p in key]).encode()).hexdigest()[:32] + ".json")


def _remembered(memo: Path, key) -> list | None:
    try:
        entry = json.loads(_memo_file(memo, key).read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict) or entry.get("theorems") != [list(p) for p in key]:
        return None
    axioms = entry.get("axioms")
    if not isinstance(axioms, list) or not all(isinstance(a, str) and QUALID.fullmatch(a) for a in axioms):
        return None
    return axioms


def _remember(memo: Path, key, named: list) -> None:
    try:
        memo.mkdir(exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=memo, suffix=".tmp", delete=False) as f:
            f.write(json.dumps({"theorems": [list(p) for p in key], "axioms": named}))
        os.replace(f.name, _memo_file(memo, key))
    except OSError:   # not remembered: printed again next time
        pass


def _writable(directory: Path) -> bool:
    """Whether a build lies in this process's own cache (not the read-only one check-cert reuses)."""
    return directory.resolve().is_relative_to(cache_root().resolve())


def check_theorems(refs, root: Path = THEORIES, progress=None, together: bool = False) -> list[Proof]:
    """Compile the theories (cached) and check each named theorem's assumptions; ``together``: print
    them once for all ``refs`` (a claim's theorems), each theorem recording that union."""
    refs = list(refs)
    return [p for g in check_groups([refs] if together else [[r] for r in refs], root, progress) for p in g]


def check_groups(groups, root: Path = THEORIES, progress=None) -> list[list[Proof]]:
    """:func:`check_theorems` of several groups of references (each group printed together) in one
    ``coqc``: the Proofs of each group, in its order."""
    groups = [list(g) for g in groups]
    refs = [r for g in groups for r in g]
    if not refs:
        return [[] for _ in groups]
    if not (root / "_CoqProject").is_file():
        return [[Proof(r, "failed", f"no _CoqProject in {root}") for r in g] for g in groups]
    try:
        coqc()
    except CoqUnavailable as exc:
        return [[Proof(r, "not checked", f"not checked: {exc}") for r in g] for g in groups]
    t0 = time.perf_counter()
    b = build(root, progress)
    try:
        paths = theory_paths(root)          # "File.v" as cited -> its path in _CoqProject
    except ValueError as exc:
        return [[Proof(r, "failed", str(exc)) for r in g] for g in groups]
    out: list[dict] = []
    wanted: list[list] = []
    for g in groups:
        out.append({})
        wanted.append([])
        for r in g:
            try:
                f, name = _split(r)
            except ValueError as exc:
                out[-1][r] = Proof(r, "failed", str(exc))
                continue
            if f not in paths:
                out[-1][r] = Proof(r, "failed", f"{f} is not in _CoqProject")
            elif not b.ok:
                out[-1][r] = Proof(r, "failed", f"the theories do not compile: {b.error}")
            else:
                wanted[-1].append((r, f, name))
    asked = [w for w in wanted if w]
    results = iter(remembered_assumptions(b, [], groups=[[(f, name) for _, f, name in w] for w in asked]))
    for w, found in zip(wanted, out):
        together = f"; assumptions printed for its {len(w)} theorems together" if len(w) > 1 else ""
        for r, f, _ in w:
            named, why = next(results)
            extra = [a for a in named if not allowed(a)] if named is not None else []
            if named is None:
                found[r] = Proof(r, "failed", why)
            elif extra:
                found[r] = Proof(r, "failed", f"assumes {', '.join(extra)}", named)
            else:
                found[r] = Proof(r, "proved", f"{f} compiled in {b.seconds.get(paths[f], 0):.1f} s"
                                 + (" (cached)" if b.cached else "") + together
                                 + f"; {FROM_CACHE if why == FROM_CACHE else PRINTED}", named)
    elapsed = round(time.perf_counter() - t0, 2)
    for found in out:
        for p in found.values():
            p.seconds = elapsed
    return [[found[r] for r in g] for g, found in zip(groups, out)]
