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
from dataclasses import asdict
from pathlib import Path
from typing import Any

from quarks.certify.base import Limits
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

    def check(self, path: Path, limits: Limits) -> CheckResult:
        """The result of one file, never raising for a bad file (see quarks.checking.binding.check_file)."""
        for _ in range(3):   # a child that cannot take the file retires; the next is fresh
            if self.proc is None:
                self._start(limits)
            try:
                self.conn.send((str(path), limits))
            except OSError:
                self.close()
                continue
            if not self.conn.poll(limits.seconds):
                self.close()
                return CheckResult(str(path), "?", "?", False, f"checking took more than {limits.seconds:g} s")
            try:
                message = self.conn.recv()
            except (EOFError, OSError):
                code = self.close()
                why = (f"checking used more than {math.ceil(limits.seconds)} s of CPU" if code == -signal.SIGXCPU
                       else "checking crashed")
                return CheckResult(str(path), "?", "?", False, why)
            if message[0] == "retire":
                self.close()
                continue
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
        return CheckResult(str(path), "?", "?", False, "checking failed: no checking process could be started")

    def _start(self, limits: Limits) -> None:
        registry.claims()   # loaded once here, inherited by every forked check
        ctx = mp.get_context("fork")
        self.conn, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_worker, args=(child, self.work, limits, *self.options))
        self.proc.start()
        child.close()

    def close(self) -> int | None:
        """End the child and everything it started (its process group); its exit code."""
        if self.proc is None:
            return None
        binding.kill_group(self.proc.pid)
        self.proc.join()
        self.conn.close()
        code, self.proc, self.conn = self.proc.exitcode, None, None
        return code


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
            path, limits = conn.recv()
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
