"""What checking costs against what proving costs (issue 37): ``quarks verify --tier quick --out DIR``
and ``quarks check-cert DIR``, each run as a subprocess, CPU (user + system of it and everything it
started, from getrusage of the waited children) and wall time; the ratio must be at most 0.2.

    python benchmarks/bench_check_cert.py [--out DIR] [--skip-verify] [--per-file] [--rederive] [PATTERN ...]

``--skip-verify`` re-checks an existing DIR; ``--per-file`` also times each certificate alone (in
process, through binding.check_file) and prints the 15 dearest; ``--rederive`` times the full
re-derivation (``check-cert --rederive``) too.  Run from a checkout, on an idle machine.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COQ_BOUND = "proved in Coq; the records' figures not re-derived"   # quarks.claims.labels.coq_instance


def timed(cmd: list[str]) -> dict:
    """CPU (user + system, this child and its descendants) and wall seconds of one command."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"cmd": " ".join(cmd[3:]), "exit": proc.returncode, "cpu": round(cpu, 1), "wall": round(wall, 1),
            "last": (proc.stdout.strip().splitlines() or [""])[-1][:160], "stdout": proc.stdout}


def per_file(out: Path, rederive: bool) -> list:
    """(CPU seconds, path) of each certificate checked alone, dearest first."""
    sys.path.insert(0, str(ROOT))
    from quarks.checking.binding import check_file, scratch
    from quarks.claims.engines import preload

    preload()
    rows = []
    with scratch() as work:
        for path in sorted(p for p in out.rglob("*.json") if not p.name.endswith(".payload.json")):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            r = check_file(path, work=work, rederive=rederive)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            kind = ("Coq proof" if path.name == "proof=coq.json" else "re-derived" if r.bound
                    else "not re-derived" if r.ok else "not checked" if not r.checked else "rejected")
            rows.append((round(cpu, 2), str(path.relative_to(out)), r.ok, r.bound, kind))
    return sorted(rows, reverse=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("patterns", nargs="*")
    ap.add_argument("--out", default="/tmp/quarks-bench-check-cert")
    ap.add_argument("--skip-verify", action="store_true")
    ap.add_argument("--per-file", action="store_true")
    ap.add_argument("--rederive", action="store_true")
    args = ap.parse_args()
    out = Path(args.out)
    py = [sys.executable, "-m", "quarks"]
    runs = []
    if not args.skip_verify:
        runs.append(timed(py + ["verify", *args.patterns, "--tier", "quick", "--out", str(out), "--store",
                                str(out.with_suffix(".sqlite")), "--quiet"]))
    files = sum(1 for p in out.rglob("*.json") if not p.name.endswith(".payload.json"))
    runs.append(timed(py + ["check-cert", str(out)]))
    if args.rederive:
        runs.append(timed(py + ["check-cert", "--rederive", str(out)]))
    for r in runs:
        print(f"{r['cmd'][:60]:60s} exit {r['exit']}  CPU {r['cpu']:7.1f} s  wall {r['wall']:7.1f} s  | {r['last']}")
    check = next(r for r in runs if r["cmd"].startswith("check-cert") and "--rederive" not in r["cmd"])
    lines = check["stdout"].splitlines()
    tally = {tag: sum(ln.startswith(tag) for ln in lines) for tag in ("OK", "REJECTED", "NOT CHECKED", "UNDECIDED")}
    print(f"{files} certificates: {tally}; not re-derived (bound by claim, domain and meaning): "
          f"{sum(ln.startswith('OK') and 'bound by claim, domain and meaning only' in ln for ln in lines)}; "
          f"bound to their claim's Coq proof: {sum(ln.startswith('OK') and COQ_BOUND in ln for ln in lines)}")
    if not args.skip_verify:
        ratio = check["cpu"] / runs[0]["cpu"] if runs[0]["cpu"] else float("nan")
        print(f"check-cert / verify CPU: {check['cpu']:.1f} / {runs[0]['cpu']:.1f} = {ratio:.3f} (target <= 0.2)")
    if args.per_file:
        rows = per_file(out, args.rederive)
        for kind in ("Coq proof", "re-derived", "not re-derived", "not checked", "rejected"):
            mine = [r[0] for r in rows if r[4] == kind]
            print(f"{kind:15s} {len(mine):4d} files  CPU {sum(mine):6.1f} s")
        for cpu, path, _, _, kind in rows[:15]:
            print(f"{cpu:7.2f} s  {kind:15s} {path}")
    name = lambda r: r["cmd"].split()[0] + (" --rederive" if "--rederive" in r["cmd"] else "")  # noqa: E731
    print(json.dumps({name(r): {"cpu": r["cpu"], "wall": r["wall"], "exit": r["exit"]} for r in runs}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
