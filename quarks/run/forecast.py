"""How long a verification run will take, said before it starts, and calibrated after it ends.

Times are kept as *idle* seconds (what one instance takes on a machine with no other load) and
scaled by how busy the machine is now: :func:`busy`, the load average over the cores, counting the
run's own workers.  Each instance's time is the one recorded in the results store by an earlier
run, else the one this machine measured last (the timings cache, :func:`quarks.base.home.timings_path`,
rewritten after every run), each divided by how busy the machine was then; else the one in
``timings.json`` (measured on 2 idle cores by ``benchmarks/bench_quickstart.py --write-timings``);
an instance never timed counts as the median of those timed.  The instances' wall time is the larger
of the longest instance and their sum over the worker processes, times the *slowdown* the last run
measured (its wall time over what this formula gave for its own instance times: workers not kept
busy, the Coq build beside them).  The Coq phase is the last run's idle seconds per theorem times the
theorems to check, plus the build when the theories are not compiled.  On a fresh clone (no history)
the instances' times are ``timings.json``'s, the slowdown 1, the Coq build its shipped idle seconds,
and the numba kernels, not yet in numba's cache, add their compilation (``timings.json``'s
``numba.compile``: the parent's warm-up of the engines' kernels, 22 s of CPU against 3.5 s cached).
"""
from __future__ import annotations

import json
import statistics
from pathlib import Path

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


def busy(load: float | None = None, extra: int = 0) -> float:
    """How many times slower than idle the machine runs: the load average (``load``, else the last
    minute's now) plus ``extra`` processes, over the cores; at least 1."""
    import os

    if load is None:
        try:
            load = os.getloadavg()[0]
        except OSError:   # no load average on this platform
            load = 0.0
    return max(1.0, (load + extra) / (os.cpu_count() or 1))


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


def estimate(tasks, jobs: int, db=None, proofs: int = 0, built: bool = False) -> tuple[float, int]:
    """(expected wall seconds, number of instances never timed) for running ``tasks`` on ``jobs``
    workers followed by the Coq proofs of ``proofs`` theorems (``built``: the theories are compiled),
    on the machine as busy as it is now; plus compiling the numba kernels when none is cached."""
    times, unknown = instance_times(tasks, db)
    phases = measured().get(PHASES, {})
    now = busy(extra=jobs)
    wall = packed(times, jobs) * float(phases.get("slowdown", 1.0)) * now if times else 0.0
    if times and kernels_cold():
        wall += float(shipped().get("numba", {}).get("compile", 0.0)) * busy(extra=1)   # one process compiles
    return wall + coq_seconds(proofs, built, now), unknown


def kernels_cold() -> bool:
    """Whether numba's cache holds none of the package's compiled kernels: no ``*.nbi`` index beside the
    sources (numba's default place) nor under ``NUMBA_CACHE_DIR`` (a fresh clone, a new install)."""
    import os

    package = Path(__file__).resolve().parents[1]   # quarks/
    places = [package / "solvers" / "__pycache__"]
    if os.environ.get("NUMBA_CACHE_DIR"):
        places = [Path(os.environ["NUMBA_CACHE_DIR"])]
    return not any(next(p.rglob("kernels.*.nbi"), None) for p in places if p.is_dir())


def coq_seconds(theorems: int, built: bool, now: float = 1.0) -> float:
    """The expected seconds of the Coq phase, ``now`` times slower than idle: the build (unless
    ``built``) and ``theorems`` checked."""
    if not theorems:
        return 0.0
    coq = shipped().get("coq", {})
    phases = measured().get(PHASES, {})
    per = phases.get("per_theorem", float(coq.get("proofs", 15.0)) / max(1, int(coq.get("theorems", 100))))
    build = phases.get("build", float(coq.get("build", 40.0)))
    return (float(per) * theorems + (0.0 if built else float(build))) * now


def calibrate(results, jobs: int, instances_wall: float, coq: dict | None = None, load: float | None = None) -> None:
    """After a run: write each decided instance's seconds, the slowdown, the Coq phase's idle seconds
    per theorem (``coq``: ``{"seconds", "theorems"}``) and the load the run saw (``load``, else the
    last 5 minutes' average) to the timings cache, every time divided by how busy the machine was
    (:func:`busy`): idle seconds.  Runs too short to say much (a few seconds, a few theorems) leave the
    slowdown and the seconds per theorem as they were."""
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
            times.append(r.elapsed)
    if times and instances_wall > 0 and packed(times, jobs) >= 10.0:   # a run of a few seconds says little
        phases["slowdown"] = round(min(4.0, max(0.5, instances_wall / packed(times, jobs))), 3)
    if coq and coq.get("theorems", 0) >= 16:   # a few theorems: mostly coqc loading the theories
        phases["per_theorem"] = round(coq["seconds"] / then / coq["theorems"], 4)
    phases["load"] = round(load, 2)
    data[PHASES] = phases
    home.write_timings(data)


def say(seconds: float, unknown: int, n_tasks: int, n_claims: int, proofs: int, jobs: int) -> str:
    """One line: what will run and about how long it takes."""
    what = f"{n_tasks} instance(s) of {n_claims} claim(s)" + (f" and the Coq proofs of {proofs}" if proofs else "")
    took = f"about {duration(seconds)}" if seconds >= 1 else "a few seconds"
    rest = f" ({unknown} instance(s) never timed here, counted at the median)" if unknown else ""
    return f"quarks verify: {what}; expected {took} on {jobs} worker(s){busier(busy(extra=jobs))}{rest}"


def busier(now: float) -> str:
    """``, the machine 4.0 times busier than idle`` (from :func:`busy`), or "" when about idle."""
    return f", the machine {now:.1f} times busier than idle" if now > 1.2 else ""
