"""How long a verification run will take, said before it starts.

Each instance's time is the one recorded in the results store by an earlier run, else the one in
``timings.json`` (measured on 2 cores by ``benchmarks/bench_quickstart.py --write-timings``);
instances never timed are counted, not guessed.  The wall time is the larger of the longest
instance and the sum over the worker processes, plus the Coq phase.
"""
from __future__ import annotations

import json
from pathlib import Path

TIMINGS = Path(__file__).with_name("timings.json")


def shipped() -> dict:
    """``{claim: {instance key: seconds}, "coq": {"build": s, "proofs": s}}`` (empty if absent)."""
    try:
        return json.loads(TIMINGS.read_text())
    except (OSError, ValueError):
        return {}


def recorded(db) -> dict:
    """``{(claim, instance key): seconds}`` of the latest decided verdicts in a store."""
    rows = db.db.execute("SELECT claim, instance, elapsed FROM verdicts WHERE elapsed IS NOT NULL "
                         "AND status IN ('verified', 'refuted') ORDER BY recorded").fetchall()
    return {(c, i): e for c, i, e in rows}


def estimate(tasks, jobs: int, db=None, proofs: int = 0, built: bool = False) -> tuple[float, int]:
    """(expected wall seconds, number of instances never timed) for running ``tasks`` on ``jobs``
    workers followed by the Coq proofs of ``proofs`` claims (``built``: the theories are compiled)."""
    table = shipped()
    seen = recorded(db) if db is not None else {}
    times, unknown = [], 0
    for t in tasks:
        s = seen.get((t.claim, t.key), table.get(t.claim, {}).get(t.key))
        if s is None:
            unknown += 1
        else:
            times.append(float(s))
    wall = max(max(times, default=0.0), sum(times) / max(1, jobs))
    coq = table.get("coq", {})
    if proofs:
        wall += float(coq.get("proofs", 15.0)) + (0.0 if built else float(coq.get("build", 40.0)) / max(1, jobs))
    return wall, unknown


def say(seconds: float, unknown: int, n_tasks: int, n_claims: int, proofs: int, jobs: int) -> str:
    """One line: what will run and about how long it takes."""
    what = f"{n_tasks} instance(s) of {n_claims} claim(s)" + (f" and the Coq proofs of {proofs}" if proofs else "")
    took = f"about {_duration(seconds)}" if seconds >= 1 else "a few seconds"
    rest = f", plus {unknown} instance(s) never timed here" if unknown else ""
    return f"quarks verify: {what}; expected {took} on {jobs} worker(s){rest}"


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"
