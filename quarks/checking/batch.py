"""Checking many certificate files in turn: one confined child checks several of them (a batch), each
with its own limits set afresh, so that forking the checker and first touching the engines' memory
(about 25 ms of CPU a file, most of the cost of a cheap certificate) is paid once per batch.

A hostile file must not change another file's verdict, so within a batch:

- each file has its own limits: before it, the child sets its CPU limit (``RLIMIT_CPU``) to the CPU it
  has used plus the file's seconds, its address space (``RLIMIT_AS``) to what it has mapped plus the
  file's memory, and moves the watchdog's wall limit to the file's seconds from now; the parent waits
  the file's seconds for its result.  The read, step and case budgets are per certificate, as ever;
- nothing a file's check derived is kept for the next but the run's digests of re-derivations, which
  separate children share as well (quarks.checking.obligations): the re-derived certificates are
  dropped between files;
- a batch ends (its group killed, the next file checked in a fresh child) after any file that is not
  valid and checked in full, once the child has used ``BATCH_CPU`` seconds of CPU or grown by
  ``BATCH_MEMORY`` bytes, while a process it started is still running, and after ``BATCH_FILES``
  files; a child killed during a file (CPU, memory or wall limit, a crash) takes only that file with it.

The one slack: a process a check starts (``coqc``, a forked re-derivation) inherits the child's CPU
limit, which counts the CPU of the batch's earlier files too: at most ``BATCH_CPU`` seconds more than
the file's own limit.
"""
from __future__ import annotations

import math
import multiprocessing as mp
import os
import resource
import signal
import struct
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import asdict
from multiprocessing import connection
from pathlib import Path
from typing import Any

from quarks.certify.base import LIMITS, Limits
from quarks.checking import binding, obligations
from quarks.checking.binding import MAX_MESSAGE, CheckResult
from quarks.claims import registry

BATCH_FILES = 64
BATCH_CPU = 10           # seconds of its own CPU after which a child checks no further file
BATCH_MEMORY = 1 << 30   # bytes of address space it may grow by before it checks no further file
GRACE = 2.0              # seconds the watchdog waits past a file's wall limit (the parent acts first)


class Checker:
    """Checks files one at a time (:meth:`check`), in a confined child kept for the next file while
    the rules of this module allow; :meth:`close` ends it."""

    def __init__(self, work: Path, evidence_only: bool = False, rederive: bool = False, coq: bool = False):
        self.work, self.options = Path(work), (evidence_only, rederive, coq)
        self.proc: Any = None
        self.conn: Any = None
        self.path, self.limits, self.tries, self.deadline = Path(), LIMITS, 0, math.inf
        self.seen = 0   # how many of the parent's digests the child has (quarks.checking.obligations.since)

    def check(self, path: Path, limits: Limits) -> CheckResult:
        """The result of one file, never raising for a bad file (see quarks.checking.binding.check_file)."""
        self.submit(path, limits)
        while True:
            if self.conn is None or not self.conn.poll(max(0.0, self.deadline - time.monotonic())):
                return self.expire()
            result = self.receive()
            if result is not None:
                return result

    def submit(self, path: Path, limits: Limits) -> None:
        """Hand a file to the child (started if there is none); its result comes by :meth:`receive`
        once :attr:`conn` is readable, or :meth:`expire` at :attr:`deadline`."""
        self.path, self.limits, self.tries = Path(path), limits, 0
        self._send()

    def _send(self) -> None:
        while self.tries < 3:   # a child that cannot take the file retires; the next is fresh
            self.tries += 1
            if self.proc is None:
                self._start(self.limits)
            # the digests of re-derivations the run's other children made since this one was forked or
            # last handed a file (a fresh child inherits them all)
            shared, self.seen = obligations.since(self.seen)
            try:
                self.conn.send((str(self.path), self.limits, shared))
            except OSError:
                self.close()
                continue
            self.deadline = time.monotonic() + self.limits.seconds
            return
        self.deadline = -math.inf   # no child could take it: receive() says so

    def expire(self) -> CheckResult:
        """The result of the file handed over, its wall limit passed: the child's group killed."""
        self.close()
        if self.deadline == -math.inf:
            return CheckResult(str(self.path), "?", "?", False, "checking failed: no checking process could be started")
        return CheckResult(str(self.path), "?", "?", False, f"checking took more than {self.limits.seconds:g} s")

    def receive(self) -> CheckResult | None:
        """The result of the file handed over, once the child has answered; None when the child
        retired and the file went to a fresh child (wait again)."""
        path, limits = self.path, self.limits
        if self.proc is None or self.deadline == -math.inf:
            return self.expire()
        try:
            message = self.conn.recv()
        except (EOFError, OSError):
            code = self.close()
            why = (f"checking used more than {math.ceil(limits.seconds)} s of CPU" if code == -signal.SIGXCPU
                   else "checking crashed")
            return CheckResult(str(path), "?", "?", False, why)
        if message[0] == "retire":
            self.close()
            self._send()
            return None if self.deadline != -math.inf else self.expire()
        if message[0] == "error":
            self.close()
            return CheckResult(str(path), "?", "?", False, str(message[1])[:MAX_MESSAGE])
        _, payload, shared, more = message
        obligations.adopt(shared)
        if not more:
            self.close()
        for k in ("message", "path", "claim", "verdict", "instance"):   # what the parent keeps: bounded
            payload[k] = str(payload[k])[:MAX_MESSAGE]
        return CheckResult(**payload)

    def _start(self, limits: Limits) -> None:
        registry.claims()   # loaded once here, inherited by every forked check
        ctx = mp.get_context("fork")
        self.conn, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_worker, args=(child, self.work, limits, *self.options))
        self.proc.start()
        child.close()
        self.seen = obligations.since(0)[1]

    def close(self) -> int | None:
        """End the child and everything it started (its process group); its exit code."""
        if self.proc is None:
            return None
        binding.kill_group(self.proc.pid)
        self.proc.join()
        self.conn.close()
        code, self.proc, self.conn = self.proc.exitcode, None, None
        return code


def default_jobs() -> int:
    """How many files are checked at once unless told: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:   # not Linux
        return max(1, os.cpu_count() or 1)


class Pool:
    """Up to ``jobs`` checkers (:class:`Checker`, each a confined child with its batches) checking files
    at once; :meth:`results` gives each file's result in the order of the files, whatever order they
    finish in.  Used as a context manager: on leaving it (an error, a signal's SystemExit) every
    child's group is killed."""

    def __init__(self, work: Path, jobs: int | None = None, evidence_only: bool = False, rederive: bool = False,
                 coq: bool = False):
        self.checkers = [Checker(work, evidence_only, rederive, coq) for _ in range(max(1, jobs or default_jobs()))]

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        for c in self.checkers:
            c.close()

    def results(self, paths, limits_for: Callable[[Path], Limits | CheckResult]) -> Iterator[CheckResult]:
        """Each file's result, in the order of ``paths``.  ``limits_for(path)``, asked as the file is
        about to be handed to a child: its limits, or the result to report without checking it (the
        run's --total-time spent)."""
        paths = [Path(p) for p in paths]
        done: dict[int, CheckResult] = {}
        busy: dict[Checker, int] = {}
        idle = list(reversed(self.checkers))
        given = shown = 0
        while shown < len(paths):
            while idle and given < len(paths):
                limits = limits_for(paths[given])
                if isinstance(limits, CheckResult):
                    done[given] = limits
                else:
                    c = idle.pop()
                    c.submit(paths[given], limits)
                    busy[c] = given
                given += 1
            while shown in done:   # in the order of the files
                yield done.pop(shown)
                shown += 1
            if not busy:
                continue
            wait = max(0.0, min(c.deadline for c in busy) - time.monotonic())
            ready = set(connection.wait([c.conn for c in busy if c.conn is not None], wait))
            for c in list(busy):
                if c.conn in ready:
                    result = c.receive()
                elif c.conn is None or c.deadline <= time.monotonic():
                    result = c.expire()
                else:
                    continue
                if result is not None:
                    done[busy.pop(c)] = result
                    idle.append(c)


def check_files(paths, work: Path, limits_for: Callable[[Path], Limits | CheckResult], jobs: int | None = None,
                evidence_only: bool = False, rederive: bool = False, coq: bool = False) -> Generator[CheckResult, None, None]:
    """The results of a run of checks (``quarks check-cert``, ``quarks.check_certificates``), in the
    order of ``paths``: the run's digests start from none, numba's cache directory is set to ``work``
    before anything imports numba, the engines are loaded once here before several files' checks are
    forked, then a :class:`Pool` of ``jobs`` children checks the files (``limits_for``: see
    :meth:`Pool.results`).  Close it (``contextlib.closing``) to end the children early."""
    import gc

    paths = list(paths)
    obligations.reset()   # a run shares re-derivations among its own files only
    seed_numba_cache(work / "numba")
    saved = os.environ.get("NUMBA_CACHE_DIR")
    os.environ["NUMBA_CACHE_DIR"] = str(work / "numba")   # before anything imports numba: nothing written beside the sources
    frozen = len(paths) > 4 and not evidence_only
    try:
        if frozen:
            from quarks.claims.engines import preload, warm_kernels

            preload()   # once here, not in every re-derivation forked below
            warm_kernels()   # the numba kernels loaded once, inherited by every check
            registry.claims()
            binding.libc()   # prctl looked up once (each check asks to die with this process)
            _ask_coq_once(work)
            gc.freeze()   # what is loaded stays out of the collector: forked checks do not copy its pages
        with Pool(work, jobs, evidence_only, rederive, coq) as pool:
            yield from pool.results(paths, limits_for)
    finally:   # a caller in the same process (a notebook) gets its environment back
        if frozen:
            gc.unfreeze()
        if saved is None:
            os.environ.pop("NUMBA_CACHE_DIR", None)
        else:
            os.environ["NUMBA_CACHE_DIR"] = saved


def seed_numba_cache(root: Path) -> None:
    """Copy the package's compiled numba kernels (``__pycache__/*.nbi, *.nbc``, read only) into the
    run's private numba cache, laid out as numba's NUMBA_CACHE_DIR locator looks for them (without
    importing numba, whose cache directory is read when it is imported): the checks
    load them rather than compile each kernel again, and nothing is written beside the sources."""
    import hashlib
    import shutil

    package = Path(__file__).resolve().parents[1]   # the quarks package
    for f in package.rglob("__pycache__/*.nb[ic]"):
        source_dir = str(f.parent.parent)   # numba's UserProvidedCacheLocator.get_suitable_cache_subpath
        where = root / f"{f.parent.parent.name}_{hashlib.sha1(source_dir.encode()).hexdigest()}"
        try:
            where.mkdir(parents=True, exist_ok=True)
            shutil.copy2(f, where / f.name)
        except OSError:   # not copied: that kernel is compiled again, in the private cache
            pass


def _ask_coq_once(work: Path) -> None:
    """What every Coq certificate's check asks of the installed toolchain and theories, asked here
    once before the checks are forked (they inherit it): coqc's version, library and MathComp's
    major version, the theory files' hashes (each check still compares them with its record, and
    hashes a file again if it changed since).  With the caches a check sees: the build cache read
    only, anything remembered written in this run's private directory."""
    from quarks.certify import coq_gate
    from quarks.certify.coq import theory_hashes

    saved = {k: os.environ.get(k) for k in (coq_gate.READ_ONLY_CACHE, "QUARKS_COQ_CACHE")}
    os.environ[coq_gate.READ_ONLY_CACHE] = str(coq_gate.cache_root())
    os.environ["QUARKS_COQ_CACHE"] = str(work / "coq")
    try:
        theory_hashes(coq_gate.THEORIES)
        if coq_gate.available():
            coq_gate.toolchain()
    except (OSError, ValueError, coq_gate.CoqUnavailable):   # each check meets it again and says so
        pass
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _worker(conn, work: Path, limits: Limits, evidence_only: bool, rederive: bool, coq: bool) -> None:
    try:
        read, write = os.pipe()
        binding.confine(limits, work, rederive, slack=(BATCH_CPU, BATCH_MEMORY), deadlines=read)
        os.close(read)
        start = binding.inherited_address_space()
        watchdog = _children()
        hard_cpu = resource.getrlimit(resource.RLIMIT_CPU)[1]
        hard_as = resource.getrlimit(resource.RLIMIT_AS)[1]
        for done in range(1, BATCH_FILES + 1):
            path, limits, others = conn.recv()
            obligations.adopt(others)   # what the run's other children re-derived since this one was forked
            cpu = math.ceil(_cpu()) + max(1, math.ceil(limits.seconds))
            memory = binding.inherited_address_space() + int(limits.memory_bytes)
            if cpu + 5 > hard_cpu or memory > hard_as:
                conn.send(("retire",))
                return
            os.write(write, struct.pack("d", time.monotonic() + limits.seconds + GRACE))
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, hard_cpu))
            resource.setrlimit(resource.RLIMIT_AS, (memory, hard_as))
            obligations.forget_derived()   # nothing of the last file's re-derivation but the run's digests
            result = binding.check_file(Path(path), evidence_only, limits=limits, isolate=False,
                                        rederive=rederive, coq=coq)
            more = (result.ok and result.checked and done < BATCH_FILES and _cpu() < BATCH_CPU
                    and binding.inherited_address_space() - start < BATCH_MEMORY
                    and watchdog is not None and _children() == watchdog)
            conn.send(("ok", asdict(result), obligations.shared(), more))
            if not more:
                return
    except BaseException as exc:  # noqa: BLE001 - reported as one line, never a traceback
        try:
            conn.send(("error", f"checking failed: {type(exc).__name__}: {str(exc)[:200]}"))
        except OSError:
            pass
    finally:
        conn.close()


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _children() -> set | None:
    """The pids of this process's children (Linux /proc; None where it cannot tell)."""
    found: set = set()
    try:
        for task in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{task}/children") as f:
                found.update(f.read().split())
    except OSError:
        return None
    return found
