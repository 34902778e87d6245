"""The verification driver: claims x instances, each checked in its own worker process.

Each instance runs in a forked process (its own process group) with a wall-clock limit; when the
limit passes the group is killed and the verdict is ``inconclusive``.  A worker that dies gives
``error``.  The parent writes each certificate atomically, then records the verdict in the store
in its own transaction, so an interrupted run leaves complete certificates and a consistent store.
"""
from __future__ import annotations

import multiprocessing as mp
import multiprocessing.connection
import os
import signal
import sys
import time
import traceback
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from quarks.base import fileio, home
from quarks.base import progress as progress_bars
from quarks.base.errors import NeedsConfirmation
from quarks.base.version import __version__
from quarks.certificates import certificate
from quarks.claims import registry
from quarks.claims.claim import Verdict, failing_line, instance_key, instance_label, instance_text
from quarks.claims.engines import ENGINES, PRELOAD, preload, warm_kernels  # noqa: F401 (driver.preload, driver.PRELOAD: their old place)
from quarks.run.code_key import code_key

DEFAULT_TIMEOUT = 600.0

DEFAULT_OUT = home.results() / "certificates"   # $QUARKS_HOME, else .quarks/ here (quarks.base.home)


@dataclass
class Task:
    claim: str
    instance: dict
    timeout: float | None = None   # this instance's limit (None: the run's)

    @property
    def key(self) -> str:
        return instance_key(self.instance)

    @property
    def label(self) -> str:
        return instance_label(self.instance)


@dataclass
class Result:
    claim: str
    instance: dict
    status: str
    expected: str
    summary: str
    elapsed: float
    certificate: str | None = None
    counterexample: object = None
    skipped: bool = False
    reason: str = ""      # of an error: the check's traceback (verify --verbose prints it)

    @property
    def ok(self) -> bool:
        return self.status == self.expected

    def as_dict(self) -> dict:
        return {
            "claim": self.claim, "instance": self.instance, "status": self.status,
            "expected": self.expected, "ok": self.ok, "summary": self.summary,
            "elapsed": round(self.elapsed, 4), "certificate": self.certificate,
            "counterexample": self.counterexample, "skipped": self.skipped,
        }


# --- running one instance ----------------------------------------------------------------------

def execute(claim_id: str, instance: dict) -> dict:
    """Check one instance in this process; the verdict as a plain dict (with ``elapsed``)."""
    t0 = time.perf_counter()
    claim = None
    try:
        claim = registry.get(claim_id)
        verdict = claim.run(instance)
    except Exception as exc:  # noqa: BLE001 - reported as an error verdict
        check = claim.check if claim is not None else None
        verdict = Verdict("error", f"{type(exc).__name__}: {exc} ({failing_line(exc, check)})", reason=traceback.format_exc())
    out = {
        "status": verdict.status, "summary": verdict.summary, "evidence": verdict.evidence,
        "counterexample": verdict.counterexample, "reason": verdict.reason, "data": verdict.data,
    }
    out["elapsed"] = time.perf_counter() - t0
    return out


def _child(claim_id: str, instance: dict, conn) -> None:
    os.setpgrp()  # its own process group, so a timeout kills whatever it started
    try:
        conn.send(execute(claim_id, instance))
    except Exception as exc:  # noqa: BLE001 - e.g. an unpicklable verdict
        conn.send({"status": "error", "summary": f"cannot return verdict: {exc}", "evidence": [],
                   "counterexample": None, "reason": repr(exc), "data": {}, "elapsed": 0.0})
    finally:
        conn.close()


def _killgroup(proc) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.join()


def _timed_out(timeout: float) -> dict:
    return {"status": "inconclusive", "summary": f"timeout after {timeout:g} s", "evidence": [],
            "counterexample": None, "reason": f"timeout after {timeout:g} s", "data": {},
            "elapsed": timeout}


WARM_TASKS = 50   # a run this long compiles the numba kernels once in the parent (engines.warm_kernels)


def run_local(tasks, jobs: int, timeout: float, on_result) -> None:
    """Run tasks in up to ``jobs`` forked workers; ``on_result(task, payload)`` as each ends.
    A task's own ``timeout`` (a claim's declared budget) overrides ``timeout``."""
    ctx = mp.get_context("fork")
    if len(tasks) > 4:
        preload()
    if len(tasks) >= WARM_TASKS:
        warm_kernels()
    pending = deque(tasks)
    active: dict = {}
    try:
        while pending or active:
            while pending and len(active) < max(1, jobs):
                task = pending.popleft()
                recv, send = ctx.Pipe(duplex=False)
                proc = ctx.Process(target=_child, args=(task.claim, task.instance, send))
                proc.start()
                send.close()
                active[recv] = (task, proc, time.monotonic())
            now = time.monotonic()
            wait = min(start + (task.timeout or timeout) for task, _, start in active.values()) - now
            for conn in mp.connection.wait(list(active), timeout=max(0.0, wait)):
                task, proc, start = active.pop(conn)
                try:
                    payload = conn.recv()
                except (EOFError, OSError):
                    proc.join()
                    payload = {"status": "error", "evidence": [], "counterexample": None, "data": {},
                               "summary": f"worker died (exit code {proc.exitcode})",
                               "reason": f"exit code {proc.exitcode}", "elapsed": time.monotonic() - start}
                conn.close()
                proc.join()
                on_result(task, payload)
            now = time.monotonic()
            for conn, (task, proc, start) in list(active.items()):
                if now - start >= (task.timeout or timeout):
                    del active[conn]
                    _killgroup(proc)
                    conn.close()
                    on_result(task, _timed_out(task.timeout or timeout))
    finally:
        for _task, proc, _start in active.values():
            _killgroup(proc)


def execute_isolated(claim_id: str, instance: dict, timeout: float) -> dict:
    """Check one instance in a fresh interpreter with a time limit (used on Dask workers,
    whose daemonic processes may not fork children of their own)."""
    import json
    import subprocess

    code = "from quarks.run.driver import _stdio_worker; _stdio_worker()"
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = proc.communicate(json.dumps({"claim": claim_id, "instance": instance}), timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return _timed_out(timeout)
    if proc.returncode != 0 or not out.strip():
        tail = (err.strip().splitlines() or [""])[-1]
        return {"status": "error", "summary": f"worker died (exit code {proc.returncode}) {tail}".strip(),
                "evidence": [], "counterexample": None, "reason": err[-2000:], "data": {}, "elapsed": 0.0}
    return json.loads(out)


def _stdio_worker() -> None:
    import json

    task = json.loads(sys.stdin.read())
    sys.stdout.write(json.dumps(execute(task["claim"], task["instance"])))


def run_dask(tasks, scheduler: str, timeout: float, on_result) -> None:
    """Run tasks on a Dask distributed cluster; each still forks and times out on its worker."""
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        from quarks.base.errors import UsageError

        raise UsageError("--executor dask needs the optional extra: pip install 'quarks[dask]'") from None
    with Client(scheduler, timeout="30s") as client:
        futures = {client.submit(execute_isolated, t.claim, t.instance, t.timeout or timeout, pure=False): t
                   for t in tasks}
        for fut in as_completed(futures):
            on_result(futures[fut], fut.result())


# --- progress ----------------------------------------------------------------------------------

class Progress:
    """tqdm's bar on a terminal or in a notebook; in a log (stderr not a terminal) plain lines: every
    unexpected verdict, and at most one progress line per ``every`` seconds (default: about 20 lines
    over the ``expected`` seconds, 10 to 60 s apart) with the time left; the first within 10 s, said
    by a timer when no instance has finished yet (workers starting, kernels compiling)."""

    FIRST = 10.0   # seconds to the first line

    def __init__(self, total: int, stream=None, enabled: bool = True, every: float | None = None, expected: float = 0.0):
        self.total, self.done = total, 0
        self.stream = stream or progress_bars.messages()
        self.enabled = enabled and total > 0
        # about 20 lines for the whole run: every 10 s for a short one, at most once a minute
        self.every = every if every is not None else max(10.0, min(60.0, expected / 20))
        self.expected = expected
        self.start = self.said = time.monotonic()
        live = self.enabled and (self.stream.isatty() or progress_bars.in_notebook())
        self.bar = progress_bars.bar(total, "verify", unit="instance") if live else None
        import threading

        self.lock, self.stop = threading.Lock(), threading.Event()
        if self.enabled and self.bar is None:
            threading.Thread(target=self._timer, daemon=True).start()

    def _timer(self) -> None:
        """A line when none was said for FIRST seconds at the start, or ``every`` seconds later on."""
        while not self.stop.wait(1.0):
            with self.lock:
                now = time.monotonic()
                if self.done < self.total and now - self.said >= (self.FIRST if self.said == self.start else self.every):
                    self._say(now)

    def _say(self, now: float) -> None:
        self.said = now
        self.stream.write(self.line(now - self.start) + "\n")
        self.stream.flush()

    def update(self, result: Result) -> None:
        with self.lock:
            self._update(result)

    def _update(self, result: Result) -> None:
        self.done += 1
        if not self.enabled:
            return
        label = f"{result.claim} {instance_text(result.instance)}"
        if self.bar is not None:
            self.bar.set_postfix_str(label[:50], refresh=False)
            self.bar.update(1)
            return
        now = time.monotonic()
        if not result.ok:
            self.stream.write(f"verify: UNEXPECTED {result.status} (expected {result.expected}): {label} "
                              f"({result.elapsed:.2f}s)\n")
        elif now - self.said < self.every and self.done < self.total:
            return
        self._say(now)

    def line(self, spent: float) -> str:
        """``verify: 120/287 instances, 41 s, about 50 s left``."""
        from quarks.base.progress import duration

        text = f"verify: {self.done}/{self.total} instances, {duration(spent)}"
        if self.done < self.total and (self.done or self.expected > 0):
            f = self.done / self.total   # the forecast at first, the rate so far as the run goes on
            left = spent / self.done * (self.total - self.done) if self.done else 0.0
            if self.expected > 0:
                left = (1 - f) * max(0.0, self.expected - spent) + f * left
            text += f", about {duration(left)} left"
        return text

    def close(self) -> None:
        self.stop.set()
        if self.bar is not None:
            self.bar.close()


# --- the run -----------------------------------------------------------------------------------

def largest_size(claim, instances) -> int | None:
    """The largest value of the claim's size parameter among the instances (None if absent)."""
    sizes = [i.get(claim.size) for i in instances if isinstance(i.get(claim.size), int)]
    return max(sizes) if sizes else None


@dataclass
class Report:
    """The results of one verification run."""

    results: list = field(default_factory=list)
    run: int | None = None
    elapsed: float = 0.0
    proofs: list = field(default_factory=list)  # one dict per claim with Coq theorems (see prove_claims)
    store: str | None = None                    # where the run wrote its verdicts
    out: str | None = None                      # and its certificates

    @property
    def exit_code(self) -> int:
        ok = all(r.ok for r in self.results) and not any(p["status"] == "failed" for p in self.proofs)
        # a refuted claim whose instances run all held (each as its own "expected" said): not refuted here
        ok = ok and not any(r["outcome"].startswith("unexpected") for r in self.summary_rows())
        return 0 if ok else 1

    def by_claim(self) -> dict:
        table: dict = {}
        for r in self.results:
            table.setdefault(r.claim, []).append(r)
        return table

    def summary_rows(self) -> list[dict]:
        rows = []
        proved = {p["claim"]: p["status"] for p in self.proofs}
        for claim, rs in self.by_claim().items():
            count = {s: sum(r.status == s for r in rs) for s in ("verified", "refuted", "inconclusive", "error")}
            c = registry.claims().get(claim)
            expected = c.expected if c is not None else rs[0].expected
            ok = all(r.ok for r in rs)
            if not ok:
                outcome = "UNEXPECTED"
            elif c is None:
                outcome = "refuted as printed" if expected == "refuted" else "verified"
            else:
                outcome = c.label({r.status for r in rs}, instances=[r.instance for r in rs], proof=proved.get(claim))
            rows.append({"claim": claim, "instances": len(rs), **count,
                         "skipped": sum(r.skipped for r in rs),
                         "time": round(sum(r.elapsed for r in rs if not r.skipped), 3),
                         "expected": expected, "outcome": outcome})
        return rows

    def as_dict(self) -> dict:
        return {"run": self.run, "version": __version__, "elapsed": round(self.elapsed, 3),
                "exit_code": self.exit_code, "claims": self.summary_rows(),
                "results": [r.as_dict() for r in self.results], "proofs": self.proofs}

    def table(self, width: int | None = None) -> str:
        """The summary table (one row per claim), cut to ``width`` columns when given."""
        from quarks.base.terminal import table, wrap

        rows = self.summary_rows()
        head = ("claim", "inst", "verified", "refuted", "inconcl", "error", "time", "outcome")
        body = [(r["claim"], str(r["instances"]) + ("*" if r["skipped"] else ""), str(r["verified"]),
                 str(r["refuted"]), str(r["inconclusive"]), str(r["error"]), f"{r['time']:.2f}s",
                 r["outcome"]) for r in rows]
        natural = table(head, body, right=(1, 2, 3, 4, 5, 6))
        if width is not None and max(map(len, natural)) > width:   # narrow: short headers, then cut
            head = ("claim", "n", "ver", "ref", "inc", "err", "time", "outcome")
        grid = table(head, body, right=(1, 2, 3, 4, 5, 6), limit=width, keep=(0, 7)) if width else natural
        lines = []
        n_ok = sum(r.ok for r in self.results)
        lines.append(f"{len(self.results)} instances, {n_ok} as expected, "
                     f"{len(self.results) - n_ok} not, in {self.elapsed:.1f}s")
        if self.proofs:
            count = {s: sum(p["status"] == s for p in self.proofs) for s in ("proved", "not checked", "failed")}
            unchanged = sum(bool(p.get("skipped")) for p in self.proofs)
            lines.append(f"Coq proofs for all parameters: {count['proved']} claim(s) proved"
                         + (f" ({unchanged} unchanged since checked, not re-checked)" if unchanged else "")
                         + (f", {count['not checked']} not checked (coqc not installed)" if count["not checked"] else "")
                         + (f", {count['failed']} FAILED" if count["failed"] else ""))
            lines += [f"  FAILED {p['claim']}: {p['message']}" for p in self.proofs if p["status"] == "failed"]
        skipped = sum(r["skipped"] for r in rows)
        if skipped:
            lines.append(f"* {skipped} instance(s) decided in an earlier run, skipped by --resume (their certificates "
                         "re-checked, not re-run)")
        return "\n".join(grid + [wrap(ln, width) for ln in lines])

    def where(self) -> str:
        """``results: store S (run R); certificates under D``, absolute paths."""
        if self.store is None:
            return ""
        certs = f"; certificates under {Path(self.out).resolve()}" if self.out else ""
        return f"results: store {Path(self.store).resolve()} (run {self.run}){certs}"

    def details(self, width: int | None = None) -> str:
        """The refutations and the unexpected verdicts, one line each (wrapped to ``width``)."""
        from quarks.base.terminal import wrap

        lines = []
        for r in self.results:
            if r.skipped:
                continue
            if r.status == "refuted" and r.ok:
                c = registry.claims().get(r.claim)
                label = c.label({"refuted"}) if c is not None else "refuted as printed"
                lines.append(f"{label}: {r.claim} [{instance_text(r.instance)}]: {r.summary}")
            elif not r.ok:
                lines.append(f"UNEXPECTED {r.status}: {r.claim} [{instance_text(r.instance)}]: {r.summary}")
        return "\n".join(wrap(ln, width) for ln in lines)


def plan(patterns=(), tier: str = "quick", max_n: int | None = None) -> list[Task]:
    """The tasks of a run: every instance of every selected claim (with the claim's time budget)."""
    return [Task(c.id, i, c.timeout) for c in registry.select(patterns) for i in c.instances_for(tier, max_n)]


def prove_claims(claims, out: Path | None = None, db=None, run: int | None = None, progress: bool = False,
                 resume: bool = False, jobs: int | None = None) -> list:
    """Check the Coq theorems of the claims that have some (see :func:`quarks.run.coq_phase.prove_claims`)."""
    from quarks.run import coq_phase

    return coq_phase.prove_claims(claims, out, db, run, progress, resume, jobs)


def verify(patterns=(), tier: str = "quick", max_n: int | None = None, jobs: int | None = None,
           timeout: float | None = None, out: Path | str = DEFAULT_OUT, store=None,
           resume: bool = False, executor: str = "local", scheduler: str | None = None,
           progress: bool = False, confirm_over: float | None = None) -> Report:
    """Check the selected claims and return a :class:`Report` (see ``quarks verify --help``).
    ``timeout``: the limit per instance (None: the claim's own budget, else DEFAULT_TIMEOUT).
    ``confirm_over``: raise :class:`NeedsConfirmation` before starting when the forecast is longer."""
    from quarks.base.store import Store
    from quarks.run import coq_phase, forecast

    out = Path(out)
    jobs = jobs or os.cpu_count() or 1
    claims = registry.select(patterns)
    tasks = plan(patterns, tier, max_n)
    if timeout is not None:   # an explicit limit overrides the claims' budgets
        tasks = [Task(t.claim, t.instance) for t in tasks]
    timeout = DEFAULT_TIMEOUT if timeout is None else timeout
    own_store = not isinstance(store, Store)
    fresh = own_store and not Path(store).exists()
    db = Store(store) if own_store else store
    t0, cpu0 = time.monotonic(), _cpu()
    report = Report(store=str(db.path), out=str(out))
    builder = None
    try:
        todo = []
        for t in tasks:
            earlier = still_decided(db, t) if resume else None
            if earlier is not None:
                status, path, how = earlier
                report.results.append(Result(t.claim, t.instance, status, registry.get(t.claim).expected_for(t.instance),
                                             how, 0.0, path, skipped=True))
            else:
                todo.append(t)
        seconds, line, coq = _forecast(todo, claims, jobs, db, resume)
        if confirm_over is not None and seconds > confirm_over:
            if fresh:   # nothing started: no store left behind either
                db.close()
                for suffix in ("", "-wal", "-shm"):
                    Path(str(db.path) + suffix).unlink(missing_ok=True)
                own_store = False
            raise NeedsConfirmation(f"{line}; not started: run again with --yes to go ahead "
                                    f"(or select fewer claims, or --max-n N)")
        if progress and (seconds >= 10 or "never timed" in line):
            from quarks.base.terminal import width, wrap

            stream = progress_bars.messages()
            print(wrap(line, width(stream)), file=stream, flush=True)
        report.run = db.begin_run(__version__, {"patterns": list(patterns), "tier": tier, "max_n": max_n,
                                                "executor": executor})
        bar = Progress(len(todo), enabled=progress, expected=seconds - coq)

        def on_result(task: Task, payload: dict) -> None:
            claim = registry.get(task.claim)
            verdict = Verdict(payload["status"], payload["summary"], payload["evidence"],
                              payload["counterexample"], payload["reason"], payload.get("data", {}))
            cert = certificate.build(claim, task.instance, verdict, payload["elapsed"])
            path = certificate.write(cert, certificate.place(out / task.claim, task.label, verdict.status))
            certificate.clear_error(path)   # a decided instance's earlier error record goes
            result = Result(task.claim, task.instance, verdict.status, claim.expected_for(task.instance), verdict.summary,
                            payload["elapsed"], str(path), verdict.counterexample,
                            reason=payload.get("reason") or "" if verdict.status == "error" else "")
            db.record(report.run, task.claim, task.key, code_key(claim), result.status, result.expected,
                      result.summary, result.elapsed, result.certificate, fileio.sha256_file(path))
            report.results.append(result)
            bar.update(result)

        cold = not coq_phase.built(claims)
        try:
            if executor == "local":
                # The Coq theories compile once, beside the other instances, before those that need them.
                builder = coq_phase.prebuild(claims)
                later = [t for t in todo if builder is not None and registry.get(t.claim).uses_coq]
                run_local([t for t in todo if t not in later], jobs, timeout, on_result)
                if builder is not None:
                    builder.join()
                run_local(later, jobs, timeout, on_result)
            elif executor == "dask":
                run_dask(todo, scheduler, timeout, on_result)
            else:
                raise ValueError(f"unknown executor {executor!r}")
        finally:
            bar.close()
        cpu_coq = _cpu()
        report.proofs = prove_claims(claims, out, db, report.run, progress, resume, jobs)
        report.elapsed = time.monotonic() - t0
        db.end_run(report.run, report.exit_code)
        checked = sum(len(p["theorems"]) for p in report.proofs if not p.get("skipped"))
        forecast.calibrate(report.results, jobs, _cpu() - cpu0, {"cpu": _cpu() - cpu_coq, "theorems": checked},
                           built=not cold)
    except (KeyboardInterrupt, SystemExit):
        if report.run is not None:
            db.end_run(report.run, None, "interrupted")
        raise
    finally:
        if builder is not None and builder.is_alive():
            builder.kill()
            builder.join()
        if own_store:
            db.close()
    order = {(t.claim, t.key): i for i, t in enumerate(tasks)}
    report.results.sort(key=lambda r: order.get((r.claim, instance_key(r.instance)), 0))
    return report


def still_decided(db, task: Task) -> tuple[str, str, str] | None:
    """(status, certificate, how) of a verdict ``--resume`` may skip, None to run the instance again:
    the store has a decided verdict of the same code (quarks.run.code_key: the claim's module
    and the package sources it runs, unchanged) whose certificate file still exists, hashes to what the store
    recorded, and passes plain ``check-cert`` (bound to this claim, this instance and this status,
    re-derived where check-cert re-derives; the store is never trusted for more than a file name).
    ``how`` says which: "re-checked", or, for a claim whose check is too long to repeat, that the
    verdict was not re-derived."""
    from quarks.checking import binding

    row = db.decision(task.claim, task.key, code_key(registry.get(task.claim)))   # of this code, else re-run
    if row is None or not row["certificate"] or not row["sha256"]:
        return None
    path = Path(row["certificate"])
    try:
        if not path.is_file() or fileio.sha256_file(path) != row["sha256"]:
            return None
        res = binding.check(path)
    except Exception:  # noqa: BLE001 - any failure to re-check: run the instance again
        return None
    if not (res.ok and res.checked and res.decided and res.claim == task.claim and res.verdict == row["status"]
            and res.instance == instance_text(task.instance)):
        return None
    how = ("decided in an earlier run, its certificate re-checked" if res.bound else
           "decided in an earlier run, NOT re-derived (its claim's check is too long to repeat: run without --resume)")
    return row["status"], str(path), how


def _cpu() -> float:
    """The CPU seconds (user + system) of this process and of its children waited for (the workers,
    the build, coqc)."""
    import resource

    return sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                 resource.getrusage(resource.RUSAGE_CHILDREN)))


def _forecast(todo, claims, jobs: int, db, resume: bool) -> tuple[float, str, float]:
    """(expected seconds, the line that says it, the Coq phase's part of them) of a run."""
    from quarks.certify import coq_gate
    from quarks.run import coq_phase, forecast

    with_coq = [c for c in claims if c.coq]
    recheck = [c for c in with_coq if not (resume and db.proof_key(c.id, __version__))]   # else likely unchanged
    theorems = len({r for c in recheck for r in c.coq}) if coq_gate.available() else 0   # no coqc: not checked
    built = coq_phase.built(claims)
    f = forecast.estimate(todo, jobs, db, theorems, built)
    n_claims = len({t.claim for t in todo})
    coq = forecast.coq_seconds(theorems, built, forecast.busy(extra=jobs), jobs) * float(
        forecast.measured().get(forecast.PHASES, {}).get("cpu_scale", 1.0))
    return f.seconds, forecast.say(f, len(todo), n_claims, len(with_coq) if theorems else 0, jobs), coq
