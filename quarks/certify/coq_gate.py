"""The Coq layer: compile the theories of ``quarks/proofs/coq/`` and read what each theorem assumes.

A claim's ``coq`` field names theorems ("File.v:theorem") that prove it for all parameters; the file
is cited by its bare name and found in its folder through ``_CoqProject`` (:func:`theory_path`), so
file names are unique across the folders.  This module compiles the theories of ``_CoqProject``
(independent ones in parallel) into a build cache keyed by the sources and the Coq version, so a
second run costs nothing, and runs ``Print Assumptions`` on each named theorem (once per build:
:func:`remembered_assumptions`).  A proof counts only when

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

from quarks.certify.coq_source import forbidden, strip_comments

THEORIES = Path(__file__).resolve().parents[1] / "proofs" / "coq"
LOGICAL = "Quarks"

# Axioms a proof may rest on, by fully qualified name: classical logic and choice, extensionality,
# proof irrelevance, and the axioms of the standard library's real numbers (Coq 8.16 builds R from
# classical Dedekind cuts).
ALLOWED_AXIOMS = frozenset({
    "Coq.Logic.Classical_Prop.classic",
    "Coq.Logic.ClassicalEpsilon.constructive_indefinite_description",
    "Coq.Logic.FunctionalExtensionality.functional_extensionality_dep",
    "Coq.Logic.PropExtensionality.propositional_extensionality",
    "Coq.Logic.ProofIrrelevance.proof_irrelevance",
    "Coq.Logic.Classical_Prop.proof_irrelevance",
    "Coq.Reals.ClassicalDedekindReals.sig_forall_dec",
    "Coq.Reals.ClassicalDedekindReals.sig_not_dec",
    "Coq.Logic.Eqdep.Eq_rect_eq.eq_rect_eq",
    "Coq.Logic.JMeq.JMeq_eq",
})
# Whole modules, by fully qualified prefix, whose axioms are Coq's own: the real-number axioms of the
# standard library and the primitive machine numbers (floats, 63-bit integers, arrays).
ALLOWED_MODULES = ("Coq.Reals.Raxioms.", "Coq.Reals.Rdefinitions.", "Coq.Floats.PrimFloat.",
                   "Coq.Floats.FloatAxioms.", "Coq.Numbers.Cyclic.Int63.PrimInt63.",
                   "Coq.Numbers.Cyclic.Int63.Uint63.", "Coq.Numbers.Cyclic.Int63.Sint63.",
                   "Coq.Array.PArray.")

QUALID = re.compile(r"[^\W\d]\w*(?:'\w*)*(?:\.[^\W\d]\w*(?:'\w*)*)*")


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
    out = subprocess.run([coqc(), "--version"], capture_output=True, text=True, timeout=60)
    return out.stdout.strip().splitlines()[0] if out.stdout else "unknown"


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
        out = subprocess.run([coqc(), "-where"], capture_output=True, text=True, timeout=60)
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
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cache_root() -> Path:
    """The compiled theories: ``$QUARKS_COQ_CACHE``, else ``$XDG_CACHE_HOME/quarks/coq`` (quarks.base.home)."""
    from quarks.base import home

    return home.coq_cache()


# A cache whose finished builds may be used but never written (check-cert's children: they write
# only in their scratch directory, and reuse the theories `quarks verify` or `prove` compiled).
READ_ONLY_CACHE = "QUARKS_COQ_CACHE_READ_ONLY"
# Set: every theorem's assumptions are printed again by coqc, never read from its build (check-cert --rederive).
FRESH_ASSUMPTIONS = "QUARKS_COQ_FRESH_ASSUMPTIONS"


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
    return files, hashes, hashlib.sha256(json.dumps([version(), files, hashes], sort_keys=True).encode()).hexdigest()[:24]


def compiled(root: Path = THEORIES) -> bool:
    """True when the theories at ``root`` are in the cache (a build would compile nothing)."""
    try:
        _, hashes, key = _key(root)
    except (OSError, ValueError, CoqUnavailable):
        return False
    return (cache_root() / key / "build.json").is_file()


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

    def compile_one(f: str) -> None:
        if progress:
            progress(f)
        t0 = time.perf_counter()
        out = subprocess.run([coqc(), "-q", "-R", ".", LOGICAL, f], cwd=work, capture_output=True, text=True)
        seconds[f] = round(time.perf_counter() - t0, 2)
        if out.returncode != 0:
            errors[f] = f"{f}: " + " ".join((out.stderr or out.stdout).split())[:600]

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


def parse_assumptions(text: str) -> list[str] | None:
    """The axiom names of one ``Print Assumptions`` output (None when it cannot be read)."""
    text = text.strip()
    if text.startswith("Closed under the global context"):
        return []
    lines = text.splitlines()
    if not lines or lines[0].strip() != "Axioms:":
        return None
    names = []
    for ln in lines[1:]:
        if ln and not ln[0].isspace():
            names.append(ln.split(" : ", 1)[0].strip())
    return names


def split_outputs(stdout: str) -> list[str]:
    """The outputs of consecutive ``Print Assumptions`` commands, one string each."""
    chunks: list[list[str]] = []
    for ln in stdout.splitlines():
        if ln.strip() == "Axioms:" or ln.startswith("Closed under the global context"):
            chunks.append([])
        if chunks:
            chunks[-1].append(ln)
    return ["\n".join(c) for c in chunks]


def _head(files) -> str:
    """The Require lines of a probe on the theories ``files``: the environment a theorem is checked in."""
    return "".join(f"From {LOGICAL} Require {Path(f).stem}.\n" for f in sorted(set(files)))


def _print_assumptions(directory: Path, theorems) -> tuple[bool, str]:
    """Run Print Assumptions on (file, theorem) pairs against a build; (ok, stdout or error)."""
    script = _head(f for f, _ in theorems)
    script += "".join(f"Print Assumptions {Path(f).stem}.{name}.\n" for f, name in theorems)
    with tempfile.TemporaryDirectory(prefix="quarks-coq-q-") as tmp:
        probe = Path(tmp) / "QuarksAssumptions.v"
        probe.write_text(script)
        res = subprocess.run([coqc(), "-q", "-R", str(directory), LOGICAL, str(probe)], cwd=tmp,
                             capture_output=True, text=True)
    if res.returncode != 0:
        msg = " ".join((res.stderr or res.stdout).split())
        return False, re.sub(r'File "[^"]*", line \d+, characters [\d-]+: ', "", msg)[:400]
    return True, res.stdout


def assumptions(directory: Path, theorems) -> list[tuple[list | None, str]]:
    """Each (file, theorem)'s assumptions by fully qualified name, or (None, why): ``Print Assumptions``
    on all of them in one environment (the Require lines of their files), then every printed name is
    resolved with ``Locate`` in exactly that environment.  A name that does not resolve rejects."""
    theorems = list(theorems)
    ok, stdout = _print_assumptions(directory, theorems)
    if not ok:
        return [(None, f"Print Assumptions failed: {stdout}")] * len(theorems)
    chunks = split_outputs(stdout)
    if len(chunks) != len(theorems):
        return [(None, f"unreadable Print Assumptions output: {stdout.strip()[:200]}")] * len(theorems)
    parsed = [parse_assumptions(c) for c in chunks]
    short = sorted({a for names in parsed if names for a in names})
    full = qualify(directory, [], short, head=_head(f for f, _ in theorems))
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
    # "Locate Term": a bare "Locate File.x" parses as "Locate File <string>"; "I" ends each answer
    script += "".join(f"Locate Term {name}.\nCheck I.\n" for name in names)
    with tempfile.TemporaryDirectory(prefix="quarks-coq-q-") as tmp:
        probe = Path(tmp) / "QuarksLocate.v"
        probe.write_text(script)
        res = subprocess.run([coqc(), "-q", "-R", str(directory), LOGICAL, *args, str(probe)], cwd=tmp,
                             capture_output=True, text=True)
    if res.returncode != 0:
        return None
    answers: list[list[list[str]]]
    current: list[list[str]]
    answers, current = [], []
    for ln in res.stdout.splitlines():
        if ln.strip() == "I":
            answers.append(current)
            current = []
        elif ln and not ln[0].isspace():
            current.append(ln.split())
    if len(answers) != len(names):
        return None
    full = {}
    for name, lines in zip(names, answers):
        first = lines[0] if lines else []   # the object the name denotes comes first
        if len(first) >= 2 and first[0] in ("Constant", "Inductive", "Constructor"):
            full[name] = first[1]
    return full if len(full) == len(names) else None


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


def remembered_assumptions(b: Build, pairs: list) -> list[tuple[list | None, str]]:
    """:func:`assumptions` of (file, theorem) pairs.  Every process that prints them keeps them in the
    build (``assumptions/``, only in a cache it may write); check-cert (READ_ONLY_CACHE set) reads them
    back, as it reuses the compiled files, unless FRESH_ASSUMPTIONS is set (check-cert --rederive)."""
    memo = b.directory / "assumptions"
    known: dict = {}
    for pair in pairs if os.environ.get(READ_ONLY_CACHE) and not os.environ.get(FRESH_ASSUMPTIONS) else []:
        named = _remembered(memo, pair)
        if named is not None:
            known[pair] = (named, "")
    todo = [pair for pair in pairs if pair not in known]
    if todo:
        results = assumptions(b.directory, todo)
        if len(todo) > 1 and any(names is None for names, _ in results):
            # find which theorem fails: each in its own environment, its names resolved there
            results = [assumptions(b.directory, [pair])[0] for pair in todo]
        known.update(zip(todo, results))
        if _writable(b.directory):
            for pair, (named, _) in zip(todo, results):
                if named is not None:
                    _remember(memo, pair, named)
    return [known[pair] for pair in pairs]


def _memo_file(memo: Path, pair) -> Path:
    return memo / (hashlib.sha256(json.dumps(list(pair)).encode()).hexdigest()[:32] + ".json")


def _remembered(memo: Path, pair) -> list | None:
    try:
        entry = json.loads(_memo_file(memo, pair).read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict) or entry.get("theorem") != list(pair):
        return None
    axioms = entry.get("axioms")
    if not isinstance(axioms, list) or not all(isinstance(a, str) and QUALID.fullmatch(a) for a in axioms):
        return None
    return axioms


def _remember(memo: Path, pair, named: list) -> None:
    try:
        memo.mkdir(exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=memo, suffix=".tmp", delete=False) as f:
            f.write(json.dumps({"theorem": list(pair), "axioms": named}))
        os.replace(f.name, _memo_file(memo, pair))
    except OSError:   # not remembered: printed again next time
        pass


def _writable(directory: Path) -> bool:
    """Whether a build lies in this process's own cache (not the read-only one check-cert reuses)."""
    return directory.resolve().is_relative_to(cache_root().resolve())


def check_theorems(refs, root: Path = THEORIES, progress=None) -> list[Proof]:
    """Compile the theories (cached) and check each named theorem's assumptions."""
    refs = list(refs)
    if not refs:
        return []
    if not (root / "_CoqProject").is_file():
        return [Proof(r, "failed", f"no _CoqProject in {root}") for r in refs]
    try:
        coqc()
    except CoqUnavailable as exc:
        return [Proof(r, "not checked", f"not checked: {exc}") for r in refs]
    t0 = time.perf_counter()
    b = build(root, progress)
    try:
        paths = theory_paths(root)          # "File.v" as cited -> its path in _CoqProject
    except ValueError as exc:
        return [Proof(r, "failed", str(exc)) for r in refs]
    out = []
    wanted = []
    for r in refs:
        try:
            f, name = _split(r)
        except ValueError as exc:
            out.append(Proof(r, "failed", str(exc)))
            continue
        if f not in paths:
            out.append(Proof(r, "failed", f"{f} is not in _CoqProject"))
        elif not b.ok:
            out.append(Proof(r, "failed", f"the theories do not compile: {b.error}"))
        else:
            wanted.append((r, f, name))
    if wanted:
        pairs = [(f, name) for _, f, name in wanted]
        results = remembered_assumptions(b, pairs)
        for (r, f, _), (named, why) in zip(wanted, results):
            if named is None:
                out.append(Proof(r, "failed", why))
                continue
            extra = [a for a in named if not allowed(a)]
            if extra:
                out.append(Proof(r, "failed", f"assumes {', '.join(extra)}", named))
            else:
                out.append(Proof(r, "proved", f"{f} compiled in {b.seconds.get(paths[f], 0):.1f} s"
                                 + (" (cached)" if b.cached else ""), named))
    elapsed = round(time.perf_counter() - t0, 2)
    for p in out:
        p.seconds = elapsed
    order = {r: i for i, r in enumerate(refs)}
    return sorted(out, key=lambda p: order[p.ref])
