"""quarks count: |T(n;d)|, the number of (polynomial) threshold functions, and optionally the list."""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time


def add_parser(sub, verb):
    p = sub.add_parser(
        verb, help="count (and list) the threshold functions T(n;d)",
        description="Count T(n;d), the Boolean functions sign(p(x)) on {0,1}^n with p of degree <= D. "
        "Degree 1: n <= 8 (regular representatives, orbit sizes; n = 7 ~1 s, n = 8 ~10 s), n = 9 in resumable "
        "chunks (about 2 h on 2 cores: --levels, --resume, Dask), n = 10 only with --sharded on a cluster "
        "(levels as hash shards on disk; notes/records.md projects the cost). Any degree: "
        "n <= 4 (all 2^(2^n) functions classified); D = 0 and D = n for any n. Every accepted function "
        "has exact integer weights, every rejected candidate an exact Farkas certificate.",
    )
    p.add_argument("--n", type=int, required=True, help="number of variables")
    p.add_argument("--degree", "-d", type=int, default=1, help="polynomial degree D (default 1)")
    p.add_argument("--json", action="store_true",
                   help='print {"n", "degree", "count", "seconds"}, and with --out the certificate it writes')
    p.add_argument("--out", metavar="FILE", default=None,
                   help="write the count as a certificate of the claim explore.count, n <= 7 (re-check it with quarks check-cert FILE)")
    p.add_argument("--list", metavar="FILE", default=None,
                   help="also write the class: FILE.npy (uint64 tables, one row per function) or, for "
                        "any other name, one hex table per line (bit x of the table = f(x)); n <= 6 for D = 1")
    p.add_argument("--progress", action="store_true", help="show progress on stderr (on by default for the chunked count)")
    p.add_argument("--yes", "-y", action="store_true",
                   help="start a count expected to take over an hour (n = 9: about 2 h on 2 cores; n = 10); "
                        "without it such a count prints its forecast and exits with code 4")
    g = p.add_argument_group("chunked and sharded counts (degree 1; always used for n = 9)",
                             "Levels of regular representatives split into independent chunks (or, with "
                             "--sharded, shards and tasks), recorded in the results store; a killed run "
                             "continues with --resume.")
    g.add_argument("--chunked", action="store_true", help="count in chunks (n <= 9)")
    g.add_argument("--work", default=None, metavar="DIR", help="chunk and shard files (default $QUARKS_HOME/count, else .quarks/count)")
    g.add_argument("--store", default=None, metavar="PATH", help="results store (default $QUARKS_HOME/results.sqlite, else .quarks/)")
    g.add_argument("--buckets", type=int, default=16, help="chunks per level (default 16)")
    g.add_argument("--resume", action="store_true", help="skip the chunks the store already records")
    g.add_argument("--levels", type=int, default=None, metavar="K",
                   help="stop after level K and print a projection of the rest (n = 9: A000609 gives the total)")
    g.add_argument("--executor", choices=("local", "dask"), default="local", help="where chunks run")
    g.add_argument("--scheduler", default=None, metavar="ADDR", help="Dask scheduler address (with --executor dask)")
    g.add_argument("--jobs", type=int, default=2, help="local Dask workers when no --scheduler is given")
    g.add_argument("--sharded", action="store_true",
                   help="keep every level as hash shards on disk, made by a two-phase join of tasks (extend, "
                        "decide) so that no process holds a whole level (n <= 10; for a cluster: --executor dask "
                        "--scheduler ADDR, --work on a file system the workers share)")
    g.add_argument("--shards", type=int, default=16, metavar="S",
                   help="shards per level with --sharded (default 16)")
    g.add_argument("--parts", type=int, default=1, metavar="R",
                   help="with --sharded, each decide task takes its shard's candidates in R parts (default 1): "
                        "memory per task ~ 14 x 136 bytes x (level size) / (S R) at n = 10")
    p.set_defaults(func=run)


def _write_atomic(path: str, tables, n: int) -> None:
    import numpy as np

    directory = os.path.dirname(os.path.abspath(path)) or "."
    if not os.path.isdir(directory):
        from quarks.base.errors import UsageError

        raise UsageError(f"cannot write {path}: directory {directory} does not exist")
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".quarks-count-", suffix=".tmp")
    try:
        from quarks.base.fileio import as_umask_allows

        as_umask_allows(fd)
        with os.fdopen(fd, "wb") as fh:
            if path.endswith(".npy"):
                np.save(fh, np.ascontiguousarray(tables))
            else:
                digits = max(1, (1 << n) // 4)
                for row in tables:
                    value = 0
                    for i, w in enumerate(row):
                        value |= int(w) << (64 * i)
                    fh.write(f"{value:0{digits}x}\n".encode())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def run(args) -> int:
    from quarks.base.errors import UsageError
    from quarks.solvers import enumerate as E

    n, d = args.n, args.degree
    chunked = d == 1 and (args.chunked or args.sharded or n == 9 or args.levels is not None or args.resume
                          or args.scheduler is not None or args.executor == "dask")
    E.check_count(n, d, certified=args.out is not None or chunked)
    if args.out is not None:
        return _certified(args, n, d)
    if chunked:
        return _chunked(args, n)
    if args.list is not None:
        limit = E.MAX_LIST_N if d == 1 else E.MAX_ANY_DEGREE_N
        if n > limit:
            raise UsageError(f"--list supports n <= {limit} for degree {d}: the class is too large to write")
    t0 = time.perf_counter()
    if args.list is not None:
        tables = E.threshold_class(n, d, progress=args.progress)
        count = int(tables.shape[0])
        _write_atomic(args.list, tables, n)
    else:
        count = E.count_threshold(n, d, progress=args.progress)
    seconds = time.perf_counter() - t0
    if args.json:
        out = {"n": n, "degree": d, "count": count, "seconds": round(seconds, 3)}
        if args.list is not None:
            out["list"] = args.list
        print(json.dumps(out))
    else:
        print(count)
        if args.list is not None:
            print(f"wrote {count} tables to {args.list}", file=sys.stderr)
    return 0


def _certified(args, n: int, d: int) -> int:
    """The count as a certificate of the claim explore.count (n <= 7, re-counted when checked): --out, --json."""
    from quarks.base.errors import UsageError
    from quarks.claims.questions import MAX_COUNT_N
    from quarks.cli import answer

    if args.list is not None or args.chunked or args.sharded or args.levels is not None or args.resume:
        raise UsageError("--out certifies the plain count: not with --list, --chunked, --sharded, --levels or --resume")
    answer.check_out(args)
    _, cert = answer.certify("explore.count", {"n": n, "d": d},
                             f"certificates cover n <= {MAX_COUNT_N}, any degree for n <= 4, else d = 0, 1 or n")
    if not args.json:
        print(cert["data"]["answer"])
    answer.emit(cert, args)
    return 0


def forecast(n: int, args) -> str:
    """One line on the expected duration of a chunked count of T(n;1) over an hour ("" otherwise):
    n = 9 from the complete run measured here, n = 10 from the projection in notes/records.md."""
    if args.levels is not None:
        return f"quarks count: levels 0..{args.levels} of T({n};1), then a projection of the rest"
    from quarks.solvers.levels import MEASURED  # complete runs measured here (notes/enumeration.md)

    if n == 9:
        m = MEASURED[9]
        again = "; --resume skips the chunks already recorded" if args.resume else ""
        return (f"quarks count --n 9: {m['representatives']:,} regular representatives, measured {m['wall']} "
                f"({m['chunk_seconds'] / 3600:.1f} h of chunk time){again}")
    if n == 10:
        return ("quarks count --n 10: days of CPU and hundreds of GB of shards (notes/records.md); "
                "meant for a cluster (--executor dask --scheduler ADDR)")
    return ""


def _chunked(args, n: int) -> int:
    """The chunked, resumable count of T(n;1) (quarks.solvers.levels)."""
    from pathlib import Path

    from quarks.base import home
    from quarks.base.errors import NeedsConfirmation, UsageError
    from quarks.base.store import DEFAULT_PATH
    from quarks.cli.paths import output_dir
    from quarks.proofs.baldi.counting import A000609
    from quarks.solvers import levels as L
    from quarks.solvers import shards as SH
    from quarks.solvers.levels import MEASURED

    if args.list is not None:
        raise UsageError("--list is not available with the chunked count")
    limit = SH.MAX_N if args.sharded else L.MAX_N
    if not 1 <= n <= limit:
        raise UsageError(f"the {'sharded' if args.sharded else 'chunked'} count supports 1 <= n <= {limit}, got n = {n}"
                         + ("" if args.sharded else " (n = 10: --sharded)"))
    if args.shards < 1 or args.parts < 1:
        raise UsageError("--shards and --parts must be >= 1")
    if args.levels is not None and args.levels < 1:
        raise UsageError("--levels must be >= 1")
    if args.scheduler and args.executor != "dask":
        raise UsageError("--scheduler needs --executor dask")
    if args.scheduler:
        from quarks.cli.verify import reachable
        reachable(args.scheduler)
    elif args.executor == "dask":
        from quarks.base.errors import need

        need("distributed", "dask", "--executor dask")
    work = Path(args.work) if args.work else home.results() / "count"
    output_dir(work, "--work")
    store = Path(args.store) if args.store else DEFAULT_PATH
    line = forecast(n, args)
    if line and not args.yes and args.levels is None:
        raise NeedsConfirmation(f"{line}; not started: run again with --yes to go ahead "
                                "(or --levels K for the first levels and a projection)")
    if line:
        print(line, file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    total = A000609[n] if n < len(A000609) else None
    options = dict(resume=args.resume, executor=args.executor, scheduler=args.scheduler, top=args.levels,
                   progress=True, jobs=args.jobs, total=total)
    if args.sharded:
        res = SH.count_sharded(n, work, store, args.shards, parts=args.parts, **options)
    else:
        res = L.count_levels(n, work, store, args.buckets, **options)
    wall = time.perf_counter() - t0
    out = {"n": n, "degree": 1, "count": res.count, "complete": res.complete, "levels_done": res.levels_done,
           "representatives": res.representatives, "candidates": res.candidates,
           ("shards" if args.sharded else "buckets"): res.buckets,
           "chunk_seconds": round(res.seconds, 1), "seconds": round(wall, 1)}
    if args.sharded and res.level_rows:
        out["peak_mb_per_task"] = round(max(r["peak_mb"] for r in res.level_rows), 1)
    if res.complete and total is not None:
        out["agrees_with_A000609"] = res.count == total
    elif total is None:
        pass   # n = 10: no published total, so no projection
    else:
        out["projection"] = {k: (round(v, 1) if isinstance(v, float) else v)
                             for k, v in L.projection(res, A000609[n]).items()}
        if n in MEASURED:
            out["measured_full_run"] = MEASURED[n]
    if args.json:
        print(json.dumps(out))
    elif res.complete:
        print(res.count)
    elif total is None:
        print(f"levels 0..{res.levels_done} of {(1 << n) // 2} done: {res.representatives:,} representatives, "
              f"{res.candidates:,} candidates, {res.seconds:.0f} s in tasks (continue with --resume)")
    else:
        p = out["projection"]
        done = (f"levels 0..{res.levels_done} of {(1 << n) // 2} done: {res.representatives:,} representatives, "
                f"{res.candidates:,} candidates, {res.seconds:.0f} s in chunks")
        if "seconds_left" in p:
            m = MEASURED[n]
            print(f"{done}; {p['reps_left']:,} representatives left, about {p['seconds_left'] / 3600:.1f} h of chunk "
                  f"time at the rate of the whole count measured here ({m['representatives']:,} representatives, "
                  f"{m['chunk_seconds']:,} s = {m['chunk_seconds'] / 3600:.1f} h of chunk time, {m['wall']}) "
                  f"(continue with --resume)")
            print(f"(the orbit-mass bracket at the last level's rate, {p['seconds_low'] / 3600:.1f} to "
                  f"{p['seconds_mid'] / 3600:.1f} h, overestimates: the early levels cost more per representative)")
        else:
            print(f"{done}; remaining orbit mass {p['remaining_mass']:,} (A000609) -> at least {p['reps_low']:,} and "
                  f"about {p['reps_mid']:,} more representatives, {p['seconds_low'] / 3600:.1f} to "
                  f"{p['seconds_mid'] / 3600:.1f} h of chunk time at the last level's rate (continue with --resume)")
    return 0
