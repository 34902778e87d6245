"""quarks verify: check claims instance by instance and write certificates."""
from __future__ import annotations

import argparse
import json
import sys

from quarks.base.errors import UsageError


def add_parser(sub, verb):
    p = sub.add_parser(
        verb, help="check claims instance by instance",
        description="Check the claims matching PATTERN (glob, e.g. 'navon.*'; all when none) on every "
                    "instance of a tier, each in a worker process with a time limit. Writes one JSON "
                    "certificate per verdict under --out and records verdicts in the results store. "
                    "It says the expected duration before it starts (calibrated on this machine's last runs), a progress "
                    "line every 10 s, and where it wrote the store and the certificates when it ends. "
                    "Exit code 0 when every verdict is the expected one, 1 when any is not, 2 on usage errors, "
                    "4 when the forecast is over an hour and --yes is not given (nothing started).")
    p.add_argument("patterns", nargs="*", metavar="PATTERN", help="claim id or glob pattern")
    p.add_argument("--tier", choices=("quick", "full"), default="quick", help="instance tier (default quick)")
    p.add_argument("--max-n", type=_nonneg, default=None, metavar="N", help="skip instances larger than N")
    p.add_argument("--jobs", "-j", type=_positive, default=None, metavar="J", help="worker processes (default: cores)")
    p.add_argument("--timeout", type=_seconds, default=None, metavar="S", help="per-instance limit in seconds (default 600, or the claim's own budget when it declares one)")  # noqa: E501
    p.add_argument("--out", default=None, metavar="DIR", help="certificate directory (default $QUARKS_HOME/certificates, else .quarks/certificates)")
    p.add_argument("--store", default=None, metavar="PATH", help="results database (default $QUARKS_HOME/results.sqlite, else .quarks/)")
    p.add_argument("--resume", action="store_true", help="skip instances already decided at this version")
    p.add_argument("--executor", choices=("local", "dask"), default="local", help="where instances run")
    p.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler address (with --executor dask)")
    p.add_argument("--json", action="store_true", help="print the report as JSON on stdout")
    p.add_argument("--verbose", "-v", action="store_true",
                   help="print the traceback of each check that raised (on stderr; the line says its file and line)")
    p.add_argument("--junit", "--junitxml", dest="junit", metavar="FILE", default=None,
                   help="also write JUnit XML (one test case per instance, failed when not as expected) for CI")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress output")
    p.add_argument("--yes", "-y", action="store_true",
                   help="go ahead when the forecast is over an hour (without it such a run prints its forecast "
                        "and exits with code 4, starting nothing)")
    p.set_defaults(func=run)


def _int(text):
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an integer, got {text!r}") from None


def _nonneg(text):
    v = _int(text)
    if v < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {v}")
    return v


def _positive(text):
    v = _int(text)
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, got {v}")
    return v


def _seconds(text):
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, got {text!r}") from None
    if not v > 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text}")
    return v


def reachable(address: str) -> None:
    """The Dask scheduler answers on its TCP port (checked before any work starts)."""
    import socket
    from urllib.parse import urlparse

    from quarks.base.errors import need

    need("dask.distributed", "dask", "--executor dask")
    url = urlparse(address if "://" in address else f"tcp://{address}")
    if url.scheme not in ("tcp", "tls") or not url.hostname or not url.port:
        raise UsageError(f"--scheduler {address}: expected tcp://HOST:PORT")
    try:
        socket.create_connection((url.hostname, url.port), timeout=5).close()
    except OSError as exc:
        raise UsageError(f"--scheduler {address}: cannot connect ({exc.strerror or exc})") from None


def run(args) -> int:
    from quarks.base import store as store_mod
    from quarks.claims import registry
    from quarks.cli import paths
    from quarks.run import driver

    if args.executor == "dask" and not args.scheduler:
        raise UsageError("--executor dask needs --scheduler ADDRESS")
    if args.scheduler and args.executor != "dask":
        raise UsageError("--scheduler needs --executor dask")
    try:
        chosen = registry.select(args.patterns)
    except registry.UnknownClaim as exc:
        raise UsageError(str(exc)) from None
    if args.executor == "dask":
        reachable(args.scheduler)
    paths.output_dir(args.out or driver.DEFAULT_OUT, "--out")
    if args.junit:
        paths.output_file(args.junit, "--junit")
    paths.store(args.store, store_mod.DEFAULT_PATH)
    if not any(c.instances_for(args.tier, args.max_n) for c in chosen):
        print(f"quarks verify: no instance selected (tier {args.tier}"
              + (f", --max-n {args.max_n}" if args.max_n is not None else "") + ")", file=sys.stderr)
        return 1
    from quarks.run import forecast

    report = driver.verify(args.patterns, tier=args.tier, max_n=args.max_n, jobs=args.jobs,
                           timeout=args.timeout, out=args.out or driver.DEFAULT_OUT,
                           store=args.store or store_mod.DEFAULT_PATH, resume=args.resume,
                           executor=args.executor, scheduler=args.scheduler,
                           progress=not args.quiet, confirm_over=None if args.yes else forecast.CONFIRM)
    if args.junit:
        from quarks.base.fileio import atomic_write
        atomic_write(args.junit, junit_xml(report))
    if args.json:
        json.dump(report.as_dict(), sys.stdout, indent=1, default=str)
        sys.stdout.write("\n")
    else:
        from quarks.base.terminal import width
        from quarks.cli.listing import PIPED

        cols = width() or PIPED   # piped: 100 columns, as quarks list; --json has the full text
        print(report.table(cols))
        details = report.details(cols)
        if details:
            print(details)
    if args.verbose:
        from quarks.claims.claim import instance_text

        for r in report.results:
            if r.status == "error" and r.reason:
                print(f"--- {r.claim} {instance_text(r.instance)}:\n{r.reason.rstrip()}", file=sys.stderr)
    if not args.quiet:
        print(report.where(), file=sys.stderr)
    return report.exit_code


def junit_xml(report) -> str:
    """The report as JUnit XML: a test suite per claim, a test case per instance (and per Coq proof)."""
    from xml.sax.saxutils import quoteattr

    from quarks.claims.claim import instance_text

    out = ['<?xml version="1.0" encoding="utf-8"?>', "<testsuites>"]
    for claim, rs in report.by_claim().items():
        bad = sum(not r.ok for r in rs)
        out.append(f"<testsuite name={quoteattr(claim)} tests=\"{len(rs)}\" failures=\"{bad}\">")
        for r in rs:
            out.append(f"<testcase classname={quoteattr(claim)} name={quoteattr(instance_text(r.instance))} "
                       f"time=\"{r.elapsed:.3f}\">")
            if not r.ok:
                out.append(f"<failure message={quoteattr(f'{r.status} (expected {r.expected})')}>"
                           f"{quoteattr(r.summary)[1:-1]}</failure>")
            out.append("</testcase>")
        out.append("</testsuite>")
    if report.proofs:
        failed = sum(p["status"] == "failed" for p in report.proofs)
        out.append(f"<testsuite name=\"coq\" tests=\"{len(report.proofs)}\" failures=\"{failed}\">")
        for pr in report.proofs:
            out.append(f"<testcase classname=\"coq\" name={quoteattr(pr['claim'])}>")
            if pr["status"] == "failed":
                out.append(f"<failure message={quoteattr(pr['message'])}/>")
            elif pr["status"] == "not checked":
                out.append(f"<skipped message={quoteattr(pr['message'])}/>")
            out.append("</testcase>")
        out.append("</testsuite>")
    out.append("</testsuites>")
    return "\n".join(out) + "\n"
