"""How long a verification run will take, said before it starts, and calibrated after it ends.

A forecast is *CPU seconds* spread over the cores the run gets.  The CPU: each instance's idle
seconds (one instance in one worker is one process on one core: its seconds are its CPU), plus the
run's fixed CPU (the parent's imports and kernel warm-up, each worker's start: ``timings.json``'s
``overhead``), plus, while numba's cache holds none of the package's kernels, their compilation
(``numba.compile``), plus the Coq phase: the build's CPU when the theories are not compiled and the
CPU per theorem checked (``coq``).  The wall: that CPU over the cores the run's workers get,
:func:`lanes` (at most the workers and the cores this process may use, ``os.sched_getaffinity``)
shared with the load average by the scheduler's weights (:func:`relative_weight`: a niced run gets
less), and never less than the longest instance on one worker's part.

Each instance's idle seconds are the ones recorded in the results store by an earlier run, else
the ones this machine measured last (the timings cache, :func:`quarks.base.home.timings_path`,
rewritten after every run), each divided by how busy the machine was then; else ``timings.json``'s
(``benchmarks/bench_quickstart.py --write-timings``); an instance never timed counts as the median
of those timed.  After a run that did not compile the theories, :func:`calibrate` stores its
measured CPU over the CPU this model gives for its own instance times (``cpu_scale``) and the Coq
phase's CPU per theorem; the next forecast uses them.  On a fresh clone (no history) everything is
``timings.json``'s, ``cpu_scale`` 1; the forecast line says which basis it used, the CPU, the cores
and the load (:func:`say`).
"""
from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import NamedTuple

from quarks.base import home
from quarks.base.progress import duration

TIMINGS = Path(__file__).with_name("timings.json")
PHASES = "_phases"          # key of the measured phases in the timings cache
LONG = 60.0                 # a job expected to take longer is announced before it starts
CONFIRM = 3600.0            # a job expected to take longer needs --yes


def shipped() -> dict:
    """``{claim: {instance key: seconds}, "coq": {"build": s, "proofs": s, "theorems": t}}`` (empty if absent)."""
    return _read(TIMINGS)


def measured() -> dict:
    """The timings cache of this machine: the shipped format plus ``_phases`` (empty if absent)."""
    return _read(home.timings_path())


def _read(path: Path) -> dict:
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def recorded(db) -> dict:
    """``{(claim, instance key): seconds}`` of the latest decided verdicts in a store."""
    rows = db.db.execute("SELECT claim, instance, elapsed FROM verdicts WHERE elapsed IS NOT NULL "
                         "AND status IN ('verified', 'refuted') ORDER BY recorded").fetchall()
    return {(c, i): e for c, i, e in rows}


def cores() -> int:
    """The cores this process may run on (``os.sched_getaffinity``; else ``os.cpu_count``)."""
    import os

    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):   # not on every platform
        return max(1, os.cpu_count() or 1)


def load_now() -> float:
    """The last minute's load average (0 where the platform has none)."""
    import os

    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return 0.0


def busy(load: float | None = None, extra: int = 0) -> float:
    """How many times slower than idle the machine runs: the load average (``load``, else the last
    minute's now) plus ``extra`` processes, over the cores (:func:`cores`); at least 1."""
    return max(1.0, ((load_now() if load is None else load) + extra) / cores())


def lanes(jobs: int, now: float, weight: float | None = None) -> float:
    """The cores ``jobs`` workers get on a machine ``now`` times busier than idle: at most the workers
    and the cores; when the load and the workers exceed the cores, the workers' part of the cores by
    the kernel's weights, ``weight`` times another process's each (:func:`relative_weight`; 1: an
    even share)."""
    w = relative_weight() if weight is None else weight
    c = cores()
    others = max(0.0, now * c - jobs)   # the load beside the workers
    return min(jobs, c, c * jobs * w / (others + jobs * w)) if others + jobs * w > c else min(jobs, c)


def relative_weight(proc: str = "/proc") -> float:
    """How much CPU one process of this one's niceness gets beside one of the others running now: the
    Linux scheduler's weight ratio 1.25 ** (their mean niceness - ours), the others read from
    ``/proc`` (running processes only; none, or no ``/proc``: taken at niceness 0)."""
    import os

    try:
        mine = os.getpriority(os.PRIO_PROCESS, 0)
    except (AttributeError, OSError):
        return 1.0
    theirs = []
    try:
        for entry in os.scandir(proc):
            if entry.name.isdigit() and int(entry.name) != os.getpid():
                try:
                    fields = Path(entry.path, "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if fields[0] == "R":
                    theirs.append(int(fields[16]))   # stat's 19th field: nice
    except OSError:
        pass
    mean = sum(theirs) / len(theirs) if theirs else 0.0
    return 1.25 ** (mean - mine)


def instance_times(tasks, db=None) -> tuple[list[float], int]:
    """(the expected idle seconds of each task, how many were never timed: counted as the median)."""
    table, mine = shipped(), measured()
    then = busy(float(mine.get(PHASES, {}).get("load", 0.0)))   # the store's times: as busy as the last run
    seen = {k: s / then for k, s in (recorded(db) if db is not None else {}).items()}
    times: list[float | None] = []
    for t in tasks:
        s = seen.get((t.claim, t.key), mine.get(t.claim, {}).get(t.key, table.get(t.claim, {}).get(t.key)))
        times.append(None if s is None else float(s))
    known = [s for s in times if s is not None]
    guess = statistics.median(known) if known else 1.0
    return [guess if s is None else s for s in times], sum(s is None for s in times)


def packed(times, jobs: int) -> float:
    """The wall time of ``times`` on ``jobs`` workers, perfectly packed."""
    return max(max(times, default=0.0), sum(times) / max(1, jobs))


class Forecast(NamedTuple):
    """A run's forecast: wall seconds, instances never timed, CPU seconds, and what it rests on."""
    seconds: float
    unknown: int
    cpu: float
    basis: str


def cpu_seconds(times, proofs: int = 0, built: bool = False, cold_kernels: bool = False) -> float:
    """The CPU a run of instances of ``times`` idle seconds takes, before ``cpu_scale``: theirs, the run's
    fixed CPU, the kernels' compilation when ``cold_kernels``, and the Coq phase (:func:`coq_cpu`)."""
    table = shipped()
    cpu = sum(times) + (float(table.get("overhead", 0.0)) if times else 0.0)
    if times and cold_kernels:
        cpu += float(table.get("numba", {}).get("compile", 0.0))
    return cpu + coq_cpu(proofs, built)


def estimate(tasks, jobs: int, db=None, proofs: int = 0, built: bool = False) -> Forecast:
    """The forecast of running ``tasks`` on ``jobs`` workers followed by the Coq proofs of ``proofs``
    theorems (``built``: the theories are compiled), on the machine as busy as it is now."""
    times, unknown = instance_times(tasks, db)
    phases = measured().get(PHASES, {})
    now = busy(extra=jobs)
    cpu = cpu_seconds(times, proofs, built, bool(times) and kernels_cold()) * float(phases.get("cpu_scale", 1.0))
    cores_got = lanes(jobs, now)
    wall = max(max(times, default=0.0) * max(1.0, jobs / cores_got), cpu / cores_got)   # the longest: one worker's part
    basis = ("this machine's last run" if phases else
             "quarks/run/timings.json (measured on 2 idle cores; nothing timed here yet)")
    return Forecast(wall, unknown, cpu, basis)


def kernels_cold() -> bool:
    """Whether numba's cache holds none of the package's compiled kernels: no ``*.nbi`` index beside the
    sources (numba's default place) nor under ``NUMBA_CACHE_DIR`` (a fresh clone, a new install)."""
    import os

    package = Path(__file__).resolve().parents[1]   # quarks/
    places = [package / "solvers" / "__pycache__"]
    if os.environ.get("NUMBA_CACHE_DIR"):
        places = [Path(os.environ["NUMBA_CACHE_DIR"])]
    return not any(next(p.rglob("kernels.*.nbi"), None) for p in places if p.is_dir())


def coq_cpu(theorems: int, built: bool) -> float:
    """The CPU seconds of the Coq phase: the build (unless ``built``) and ``theorems`` checked."""
    if not theorems:
        return 0.0
    coq = shipped().get("coq", {})
    per = measured().get(PHASES, {}).get("per_theorem",
                                         float(coq.get("proofs", 15.0)) / max(1, int(coq.get("theorems", 100))))
    return float(per) * theorems + (0.0 if built else float(coq.get("build", 200.0)))


def coq_seconds(theorems: int, built: bool, now: float = 1.0, jobs: int = 1) -> float:
    """The expected wall seconds of the Coq phase on ``jobs`` parallel coqc, ``now`` times slower than
    idle: its CPU (:func:`coq_cpu`) over the cores it gets (:func:`lanes`)."""
    return coq_cpu(theorems, built) / lanes(jobs, now)


def calibrate(results, jobs: int, cpu: float = 0.0, coq: dict | None = None, load: float | None = None,
              built: bool = True) -> None:
    """After a run: write each decided instance's seconds divided by how busy the machine was
    (:func:`busy` of ``load``, else of the last 5 minutes' average): idle seconds; the Coq phase's CPU
    per theorem (``coq``: ``{"cpu", "theorems"}``); and, for a run that did not compile the theories
    (``built``) and took 10 s of CPU or more, ``cpu_scale``: its measured ``cpu`` (the run's processes,
    user + system) over what :func:`cpu_seconds` gives for its own instance times.  Runs too short to
    say much (a few seconds, a few theorems) leave the scale and the CPU per theorem as they were;
    the scale compares the measured CPU with the model's instances plus the Coq phase as measured."""
    import os

    if load is None:
        try:
            load = os.getloadavg()[1]
        except OSError:
            load = 0.0
    from quarks.claims.claim import instance_key

    data = measured()
    phases = dict(data.get(PHASES, {}))
    then = busy(load)
    times = []
    for r in results:
        if not r.skipped and r.status in ("verified", "refuted"):
            data.setdefault(r.claim, {})[instance_key(r.instance)] = round(r.elapsed / then, 3)   # idle seconds
            times.append(r.elapsed / then)
    if coq and coq.get("theorems", 0) >= 16:   # a few theorems: mostly coqc loading the theories
        phases["per_theorem"] = round(coq["cpu"] / coq["theorems"], 4)
    model = cpu_seconds(times) + (float(coq.get("cpu", 0.0)) if coq else 0.0)   # its Coq phase as measured
    if built and cpu >= 10.0 and model > 0:
        phases["cpu_scale"] = round(min(4.0, max(0.5, cpu / model)), 3)
    phases["load"] = round(load, 2)
    data[PHASES] = phases
    home.write_timings(data)


def say(f: Forecast, n_tasks: int, n_claims: int, proofs: int, jobs: int) -> str:
    """One line: what will run, about how long it takes, and on what the figure rests."""
    what = f"{n_tasks} instance(s) of {n_claims} claim(s)" + (f" and the Coq proofs of {proofs}" if proofs else "")
    took = f"about {duration(f.seconds)}" if f.seconds >= 1 else "a few seconds"
    now = busy(extra=jobs)
    rest = f"; {f.unknown} instance(s) never timed here, counted at the median" if f.unknown else ""
    import os

    nice = os.getpriority(os.PRIO_PROCESS, 0) if hasattr(os, "getpriority") else 0
    return (f"quarks verify: {what}; expected {took} on {jobs} worker(s): about {duration(f.cpu)} of CPU "
            f"from {f.basis}, over {lanes(jobs, now):.1f} of {cores()} core(s) at load {load_now():.1f}"
            + (f", niced {nice}" if nice else "") + rest)


def busier(now: float) -> str:
    """``, the machine 4.0 times busier than idle`` (from :func:`busy`), or "" when about idle."""
    return f", the machine {now:.1f} times busier than idle" if now > 1.2 else ""
