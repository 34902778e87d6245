"""What the proofs cost on each Coq toolchain (issue 47): ``quarks prove --json`` from an empty build cache,
once with Debian 12's coqc (Coq 8.16, MathComp 1.15) and once with Debian 13's from the chroot
(``QUARKS_COQC=.ci/trixie-coqc``: Coq 8.20, MathComp 2.3), side by side: CPU (user + system of the run
and every process it started, from getrusage of the waited children), wall time, the claims proved, and
whether the two toolchains print the same assumptions (``.ci/same-proofs.py``).

    python benchmarks/bench_coq_toolchains.py [--out DIR] [--only 8.16|8.20]

Each run gets its own XDG_CACHE_HOME under DIR, so nothing is cached.  Run from a checkout, on an
idle machine, with the chroot made (``.ci/trixie-coq.sh``).
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
TOOLCHAINS = {"8.16": "coqc", "8.20": str(ROOT / ".ci" / "trixie-coqc")}


def prove(name: str, out: Path) -> dict:
    """One ``quarks prove --json`` with toolchain ``name`` and an empty cache: CPU, wall, result."""
    cache = out / f"cache-{name}"
    env = {**os.environ, "QUARKS_COQC": TOOLCHAINS[name], "XDG_CACHE_HOME": str(cache)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "quarks", "prove", "--json"], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    (out / f"prove-{name}.json").write_text(proc.stdout)
    try:
        proofs = json.loads(proc.stdout)["proofs"]
    except (ValueError, KeyError):
        proofs = []
    return {"toolchain": name, "exit": proc.returncode,
            "cpu": round(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, 1),
            "wall": round(wall, 1), "claims": len(proofs),
            "proved": sum(p.get("status") == "proved" for p in proofs)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/tmp/quarks-bench-coq-toolchains")
    ap.add_argument("--only", choices=sorted(TOOLCHAINS))
    args = ap.parse_args()
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    rows = [prove(name, out) for name in TOOLCHAINS if args.only in (None, name)]
    print(f"{'toolchain':<10} {'exit':>4} {'CPU s':>8} {'wall s':>8} {'proved':>10}")
    for r in rows:
        print(f"{r['toolchain']:<10} {r['exit']:>4} {r['cpu']:>8} {r['wall']:>8} {r['proved']:>4}/{r['claims']:<5}")
    if len(rows) == 2:
        print(f"ratio 8.20 / 8.16: CPU {rows[1]['cpu'] / max(rows[0]['cpu'], 0.1):.2f}, "
              f"wall {rows[1]['wall'] / max(rows[0]['wall'], 0.1):.2f}")
        same = subprocess.run([sys.executable, str(ROOT / ".ci" / "same-proofs.py"),
                               str(out / "prove-8.16.json"), str(out / "prove-8.20.json")],
                              capture_output=True, text=True)
        print(same.stdout.strip().splitlines()[-1] if same.stdout.strip() else same.stderr.strip())
    print(f"wrote {out}/prove-*.json and the caches {out}/cache-*")
    return 0 if all(r["exit"] == 0 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
