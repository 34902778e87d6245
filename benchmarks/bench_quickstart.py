"""The README's two quick-start commands, timed: ``quarks verify`` and ``python -m pytest``.

Run from the repository root: ``python benchmarks/bench_quickstart.py [--verify-only | --tests-only]
[--fresh-coq] [--write-timings]``.  Each command runs as a new process in a fresh directory (the
verify store and certificates) and prints its wall time and the CPU time of the process and its
children (the figure that does not depend on other load on the machine: on 2 idle cores the wall
time is about CPU / 2 for the parallel parts).  Goals (issue 27): verify under 2 minutes, the
default test suite under 4 minutes, on 2 cores.

``--fresh-coq``: compile the Coq theories and classifications from scratch in a temporary cache,
as on a fresh clone (otherwise the user's cache may hold them).  ``--write-timings``: store each
instance's time in ``quarks/run/timings.json`` (the estimates ``quarks verify`` prints before a run).
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOALS = {"verify": 120.0, "pytest": 240.0}


def timed(cmd, cwd, env) -> dict:
    """Run a command; its wall time, CPU time (with children) and exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall": wall, "cpu": cpu, "code": proc.returncode, "stdout": proc.stdout, "stderr": proc.stderr}


def load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "?"


def write_timings(report: dict, scale: float) -> Path:
    """Each instance's seconds times ``scale``: the run's CPU / (cores x wall), which brings times
    measured on a loaded machine back to an idle one (1 when the machine was idle); instances this
    run did not time (the full tier's, measured by hand) keep their figures, and so do the CPU
    figures measured apart (``coq``: the build's CPU from an empty cache and the proofs' CPU per
    theorem count; ``overhead``: a run's CPU beside its instances' seconds; ``numba``), which a
    whole run's CPU cannot separate."""
    path = ROOT / "quarks" / "run" / "timings.json"
    table: dict = json.loads(path.read_text()) if path.is_file() else {}
    for r in report["results"]:
        key = json.dumps(r["instance"], sort_keys=True, separators=(",", ":"))
        table.setdefault(r["claim"], {})[key] = round(r["elapsed"] * scale, 2)
    path.write_text(json.dumps(table, indent=0, sort_keys=True) + "\n")
    return path


OPTIONS = ("--fresh-coq", "--write-timings", "--tests-only", "--verify-only")


def main(argv) -> int:
    if any(a in ("-h", "--help") for a in argv):
        print(__doc__)
        return 0
    unknown = [a for a in argv if a not in OPTIONS]
    if unknown:
        print(f"bench_quickstart.py: unknown option {unknown[0]!r} (options: {', '.join(OPTIONS)})", file=sys.stderr)
        return 2
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    env.pop("COLUMNS", None)
    tmp = Path(tempfile.mkdtemp(prefix="quarks-quickstart-"))
    if "--fresh-coq" in argv:
        env["QUARKS_COQ_CACHE"] = str(tmp / "coq-cache")
    print(f"{os.cpu_count()} cores, load average {load()} at the start; Coq cache "
          f"{env.get('QUARKS_COQ_CACHE', '~/.cache/quarks/coq')}")
    figures = {}
    if "--tests-only" not in argv:
        work = tmp / "verify"
        work.mkdir()
        r = timed([sys.executable, "-m", "quarks", "verify", "--json"], work, env)
        report = json.loads(r["stdout"]) if r["stdout"].strip().startswith("{") else {}
        figures["verify"] = r
        n = len(report.get("results", []))
        print(f"quarks verify:     {r['wall']:6.1f} s wall, {r['cpu']:6.1f} s CPU, exit {r['code']}, "
              f"{n} instances, {len(report.get('proofs', []))} Coq proofs")
        slow = sorted(report.get("claims", []), key=lambda c: -c["time"])[:5]
        print("  slowest claims: " + ", ".join(f"{c['claim']} {c['time']:.1f} s" for c in slow))
        if "--write-timings" in argv and report:
            scale = min(1.0, r["cpu"] / ((os.cpu_count() or 1) * r["wall"]))
            print(f"  wrote {write_timings(report, scale)} (times x {scale:.2f}, the run's CPU / (cores x wall))")
    if "--verify-only" not in argv:
        r = timed([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], ROOT, env)
        figures["pytest"] = r
        tail = (r["stdout"].strip().splitlines() or ["?"])[-1]
        print(f"python -m pytest:  {r['wall']:6.1f} s wall, {r['cpu']:6.1f} s CPU, exit {r['code']}: {tail}")
    for name, r in figures.items():
        verdict = "within" if r["wall"] <= GOALS[name] else "OVER"
        print(f"{name}: {verdict} the goal of {GOALS[name]:.0f} s wall on 2 cores "
              f"(CPU / 2 = {r['cpu'] / 2:.0f} s); load average now {load()}")
    return 0 if all(r["code"] == 0 for r in figures.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
