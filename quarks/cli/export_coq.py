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
    p.set_defaults(func=run)


def certificate_files(paths) -> list[Path]:
    files = []
    for p in map(Path, paths):
        if p.is_dir():
            files += sorted(q for q in p.rglob("*.json") if not q.name.endswith(".payload.json"))
        elif p.is_file():
            files.append(p)
        else:
            raise FileNotFoundError(f"{p}: no such file or directory")
    return files


def run(args) -> int:
    from .. import coq_export
    from ..errors import UsageError
    from ..evidence import CertificateError
    from .paths import output_dir

    if args.classification is not None:
        return _classification(args)
    if not args.paths:
        print("quarks export-coq: error: give certificate files or directories, or --classification N D",
              file=sys.stderr)
        return 2
    try:
        files = certificate_files(args.paths)
        output_dir(args.out, "--out")
        items = [e for f in files for e in coq_export.export(f)]
    except (FileNotFoundError, CertificateError, UsageError) as exc:
        print(f"quarks export-coq: error: {exc}", file=sys.stderr)
        return 2
    written = coq_export.write(items, Path(args.out))
    for e in items:
        print(f"{'exported' if e.theorem else 'skipped '}  {e.certificate} evidence[{e.index}]: "
              + (e.theorem if e.theorem else f"no Coq checker for kind {e.kind}"))
    print(f"{len(written)} theorem(s) written to {args.out}" + (f"; build with: cd {args.out} && make" if written else ""))
    return 0 if written else 1


def _classification(args) -> int:
    from .. import coq_classification as cc
    from ..solvers.classify import classification_payload
    from ..errors import UsageError
    from .paths import output_dir

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
    files = cc.write(n, d, count, P, Path(args.out))
    print(f"{len(files)} files written to {args.out}: {files[-1]} proves #|T {n} {d}| = {count} "
          f"(theorems card_{cc.base_name(n, d)}, mem_{cc.base_name(n, d)}); build with: cd {args.out} && make")
    return 0
