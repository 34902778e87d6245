"""``quarks export-coq``: certificates as Coq theorems about the formal T(n;d)."""
from __future__ import annotations

import sys
from pathlib import Path


def add_parser(sub, verb):
    p = sub.add_parser(verb, help="write each threshold certificate as a Coq theorem (proof by reflection)",
                       description="Write one .v file per realization / non-realization evidence record "
                                   "(the theorem f \\in T n d or f \\notin T n d, proved by Checker.v's "
                                   "sound checkers and vm_compute), with the quarks theories they need "
                                   "(under quarks/), a _CoqProject and a Makefile: `cd DIR && make` builds "
                                   "them with Coq and mathcomp on any machine.  Other evidence kinds are "
                                   "listed as having no Coq checker.")
    p.add_argument("paths", nargs="*", help="certificate files or directories")
    p.add_argument("--out", required=True, help="directory for the .v files")
    p.add_argument("--classification", nargs=2, type=int, metavar=("N", "D"), default=None,
                   help="instead: the complete classification of the functions of N <= 4 variables at "
                        "degree D (chunk files and TN_D.v with the theorem #|T N D| = count)")
    p.add_argument("--halves", nargs=2, type=int, metavar=("N", "D"), default=None,
                   help="instead: |T(N+1;D)| by halves of N variables, split into one file per orbit "
                        "representative (written only if missing: a killed run continues)")
    p.add_argument("--reps", default=None, metavar="I,J,..",
                   help="with --halves: write only these representative files (0-based)")
    p.add_argument("--build", action="store_true",
                   help="with --halves: compile the files with coqc, skipping those up to date")
    p.add_argument("-j", "--jobs", type=int, default=2, help="with --build: coqc processes at once (default 2)")
    p.add_argument("--yes", "-y", action="store_true",
                   help="with --halves 4 2 or 4 3: go ahead (1 to 2.5 h on 2 cores); without it the forecast is "
                        "printed and the exit code is 4")
    p.set_defaults(func=run)


def run(args) -> int:
    from quarks import api
    from quarks.base.errors import UsageError
    from quarks.base.terminal import printable
    from quarks.certify import CertificateError
    from quarks.cli.paths import output_dir

    if args.classification is not None:
        return _classification(args)
    if args.halves is not None:
        return _halves(args)
    if not args.paths:
        print("quarks export-coq: error: give certificate files or directories, or --classification N D",
              file=sys.stderr)
        return 2
    try:
        api.certificate_files(*args.paths)
        output_dir(args.out, "--out")
        done = api.export_coq(*args.paths, out=args.out)
    except (FileNotFoundError, CertificateError, UsageError) as exc:
        print(printable(f"quarks export-coq: error: {exc}"), file=sys.stderr)
        return 2
    items, written = done.items, done.files
    skipped: dict = {}
    for e in items:
        if e.theorem:
            print(printable(f"exported  {e.certificate} evidence[{e.index}]: {e.theorem}"))
        else:
            skipped[e.kind] = skipped.get(e.kind, 0) + 1
    if skipped:   # one line, not one per record (1,678 lines for 22 theorems)
        kinds = ", ".join(f"{k:,} of kind {printable(kind)}" for kind, k in sorted(skipped.items(), key=lambda x: -x[1]))
        print(f"skipped   {sum(skipped.values()):,} evidence record(s) with no Coq checker: {kinds}")
    print(f"{len(written)} theorem(s) written to {args.out}" + (f"; build with: cd {args.out} && make" if written else ""))
    return 0 if written else 1


def _classification(args) -> int:
    from quarks.base.errors import UsageError
    from quarks.certify import coq_classification as cc
    from quarks.cli.paths import output_dir
    from quarks.coq import classification
    from quarks.solvers.classify import classification_payload

    n, d = args.classification
    if not 1 <= n <= cc.MAX_N or not 0 <= d <= n:
        print(f"quarks export-coq: error: --classification needs 1 <= N <= {cc.MAX_N} and 0 <= D <= N, "
              f"got N={n}, D={d}", file=sys.stderr)
        return 2
    try:
        output_dir(args.out, "--out")
    except UsageError as exc:
        print(f"quarks export-coq: error: {exc}", file=sys.stderr)
        return 2
    P = classification_payload(n, d)
    count = int(P["member"].sum())
    files = classification.write(n, d, count, P, Path(args.out))
    print(f"{len(files)} files written to {args.out}: {files[-1]} proves #|T {n} {d}| = {count} "
          f"(theorems card_{cc.base_name(n, d)}, mem_{cc.base_name(n, d)}); build with: cd {args.out} && make")
    return 0


def _halves(args) -> int:
    from quarks.base.errors import UsageError
    from quarks.certify import coq_gate
    from quarks.cli.paths import output_dir
    from quarks.coq import halves_split as hs

    n, d = args.halves
    try:
        if not 1 <= n <= 4 or not 1 <= d <= n:
            raise UsageError(f"--halves needs 1 <= N <= 4 and 1 <= D <= N, got N={n}, D={d}")
        if args.jobs < 1:
            raise UsageError(f"--jobs must be >= 1, got {args.jobs}")
        only = None
        if args.reps is not None:
            try:
                only = sorted({int(x) for x in args.reps.split(",") if x.strip()})
            except ValueError:
                raise UsageError(f"--reps {args.reps}: expected comma-separated integers") from None
        out = output_dir(args.out, "--out").resolve()   # coqc runs in out: relative paths would be read from there
        _announce(n, d, args, only)
        if not args.build:
            figs = hs.write(n, d, out, only, progress=lambda m: print(m, flush=True))
            _written(hs, n, d, out, figs)
            return 0
        b = coq_gate.build()
        if not b.ok:
            print(f"quarks export-coq: error: the quarks theories do not compile: {b.error}", file=sys.stderr)
            return 1
        # each file is compiled as soon as it is written: the LPs and coqc share the cores
        figs, res = hs.write_and_build(n, d, out, b.directory, coq_gate.coqc(), args.jobs, only,
                                       progress=lambda m: print(m, flush=True))
    except (UsageError, ValueError) as exc:
        print(f"quarks export-coq: error: {exc}", file=sys.stderr)
        return 2
    except coq_gate.CoqUnavailable as exc:
        print(f"quarks export-coq: error: {exc}", file=sys.stderr)
        return 1
    _written(hs, n, d, out, figs)
    print(f"compiled {len(res['compiled'])}, up to date {len(res['skipped'])}, failed {len(res['failed'])}")
    for s, err in res["failed"].items():
        print(f"  {s}.v: {err}")
    if res["failed"] or not figs["final"]:
        return 1 if res["failed"] else 0
    thm = hs.theorem(n, d, out, b.directory, coq_gate.coqc())
    if thm["count"] is None or not thm["allowed"]:
        print(f"quarks export-coq: error: card_T{n + 1}_{d}: {thm['error'] or 'disallowed assumption'}",
              file=sys.stderr)
        return 1
    print(f"card_T{n + 1}_{d} : #|T {n + 1} {d}| = {thm['count']}  (assumes: {', '.join(thm['axioms'])})")
    return 0


# |T(5;D)| by halves, measured on 2 idle cores: writing the files (exact LPs), and writing and compiling them
HALVES = {(4, 2): {"write": 3600.0, "build": 5400.0}, (4, 3): {"write": 3060.0, "build": 8940.0}}


def _announce(n: int, d: int, args, only) -> None:
    """Say how long the halves take before they start; past an hour without --yes, do not start."""
    from quarks.base.errors import NeedsConfirmation
    from quarks.base.progress import duration
    from quarks.run.forecast import busier, busy

    if (n, d) not in HALVES or only is not None:
        return
    now = busy(extra=args.jobs)
    seconds = HALVES[n, d]["build" if args.build else "write"] * now
    line = (f"quarks export-coq --halves {n} {d}: expected about {duration(seconds)}{busier(now)} "
            f"({'exact LPs and coqc' if args.build else 'exact LPs'} measured on 2 idle cores; a killed run continues)")
    if seconds > 3600 and not args.yes:
        raise NeedsConfirmation(f"{line}; not started: run again with --yes to go ahead (or --reps I,J for some files)")
    print(line, file=sys.stderr, flush=True)


def _written(hs, n: int, d: int, out, figs: dict) -> None:
    print(f"{figs['written']}/{figs['representatives']} representative files in {out}; "
          + (f"{hs.theory_name(n, d)}.v proves #|T {n + 1} {d}| = {figs['count']}" if figs["final"]
             else "the final file is written once all are present"))
