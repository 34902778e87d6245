"""What one hostile certificate can cost ``check-cert`` under its documented default limits (issue 37):
certificates of about 1 KB, 1 MB and 16 MB built to be as dear as possible, each checked by
``python -m quarks check-cert FILE`` in a subprocess; CPU (user + system, with its children) and
peak resident memory (the largest process) from getrusage, and wall time.

    python benchmarks/bench_check_limits.py [--time-limit S] [--dir DIR]

Two certificates of each size, of the claim quarks.remark4.4 on an instance of its full tier (not
re-run by plain check-cert: re-checked by its evidence alone, so only the kernel runs), padded in
``data`` to the size:

* ``compute``: one ``forall`` record whose fact multiplies two 3^41000 (65,000-bit) numbers at every
  point of a box of 2,000,000 points: every product is charged to the step budget by its size
  (issue 49), so the budget ends it long before the CPU limit (``--time-limit``, default here 20 s;
  check-cert's default is 900 s), which ended it before;
* ``memory``: ``data`` made of empty JSON objects (the most Python memory per byte of JSON), the
  evidence one small ``arith`` record.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"1 KB": 1 << 10, "1 MB": 1 << 20, "16 MB": (16 << 20) - 4096}   # the file limit is 16 MiB


def base() -> dict:
    sys.path.insert(0, str(ROOT))
    from quarks.certificates import certificate
    from quarks.claims import registry

    claim = registry.get("quarks.remark4.4")
    inst = next(i for i in claim.instances_for("full") if not claim.rerun_cheaply(i))   # not re-run: the kernel is reached
    return certificate.build(claim, inst, claim.run(inst))


def hostile(cert: dict, kind: str, size: int) -> str:
    cert = json.loads(json.dumps(cert))
    if kind == "compute":
        big = ["^", 3, 41000]
        cert["evidence"] = [{"kind": "forall", "vars": [["i", 1, 2000000]],
                             "fact": ["==", ["*", big, big], ["*", big, big]], "given": {},
                             "holds": True, "cases": 2000000}]
        cert["verdict"], cert["counterexample"] = "verified", None
    cert["data"] = {"pad": []}
    text = json.dumps(cert)
    room = size - len(text)
    if room > 0:
        unit = "{}," if kind == "memory" else '"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",'
        n = max(0, room // len(unit))
        cert["data"]["pad"] = ([{}] if kind == "memory" else ["x" * 64]) * n
        text = json.dumps(cert, separators=(",", ":"))
    return text


def measure(path: Path, time_limit: float | None) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "quarks", "check-cert", str(path)]
    if time_limit:
        cmd[4:4] = ["--time-limit", str(time_limit)]
    t0 = time.perf_counter()
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env) as proc:
        stdout = proc.stdout.read() if proc.stdout else ""
        _, status, usage = os.wait4(proc.pid, 0)   # this run alone: its CPU and its largest process
        proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t0
    return {"cpu": round(usage.ru_utime + usage.ru_stime, 1), "wall": round(wall, 1),
            "peak_mib": round(usage.ru_maxrss / 1024), "exit": proc.returncode,
            "line": (stdout.strip().splitlines() or [""])[0][:150]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-limit", type=float, default=20.0, help="check-cert --time-limit for the compute ones")
    ap.add_argument("--dir", default="/tmp/quarks-bench-limits")
    args = ap.parse_args()
    d = Path(args.dir)
    d.mkdir(parents=True, exist_ok=True)
    cert = base()
    for label, size in SIZES.items():
        for kind in ("memory", "compute"):
            path = d / f"{kind}-{label.replace(' ', '')}.json"
            path.write_text(hostile(cert, kind, size))
            m = measure(path, args.time_limit if kind == "compute" else None)
            print(f"{label:6s} {kind:8s} {path.stat().st_size:>10,} B  CPU {m['cpu']:6.1f} s  wall {m['wall']:6.1f} s  "
                  f"peak {m['peak_mib']:5d} MiB  exit {m['exit']}  | {m['line']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
