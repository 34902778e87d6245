"""quarks check-cert: re-verify certificates: bound to their claims, then checked by the kernel."""
from __future__ import annotations

import signal
import sys
from pathlib import Path

from quarks.base.terminal import printable, width, wrap
from quarks.claims.labels import TRUST


def add_parser(sub, verb):
    p = sub.add_parser(
        verb, help="re-verify certificates",
        description="Re-verify certificate files (or every *.json under a directory, except the *.error.json "
                    "records that verify keeps of checks that failed), one line per file: "
                    "each must be what its claim's check derives for an instance in the claim's domain, and "
                    "every evidence record is re-verified exactly by the checking kernel. What a certificate "
                    "must say is re-derived at a cost bounded by the certificate, as its claim declares: its "
                    "obligation (the certificate's witnesses checked, not searched for again), its check run "
                    "again when that is cheap or the instance is of the claim's quick tier, Coq's kernel on the "
                    "installed theories; an instance of a claim proved in Coq for all parameters, whose check is too long "
                    "to repeat, is bound to the claim's theorems once they pass the Coq gate (its line says that the "
                    "records' figures were not re-derived); beyond the quick tier, a claim whose check is too long to repeat is bound "
                    "by claim, domain and meaning only, and its exhaustive records are reported not checked "
                    "(--rederive re-runs every check). A bad file is "
                    "reported REJECTED with the reason and the run goes on. Exit 0 when all are valid, 1 when "
                    "any is rejected, 2 on a usage error (a path that does not exist, or no certificate "
                    "under the paths), 130 when interrupted (Ctrl-C), 3 when none is rejected but some could "
                    "not be checked here (a Coq proof without "
                    "coqc; an exhaustive record not re-run; a certificate not re-derived) or some is undecided (an inconclusive or "
                    "error certificate: well formed, but it proves nothing). Each certificate is checked in its "
                    "own process group with time, CPU, memory and read limits, killed whole at the limit; "
                    "nothing is written outside a private temporary directory, removed at the end.")
    p.add_argument("paths", nargs="+", metavar="FILE", help="certificate files or directories")
    p.add_argument("--json", action="store_true", help="one JSON object per file (a list), no table")
    p.add_argument("--evidence-only", action="store_true",
                   help="re-verify the evidence (solver-free) and bind each certificate to its claim and "
                        "domain, but do not re-derive what it has to prove by running the claim's check; "
                        "results say 'NOT bound to the statement', exhaustive records are not checked, and the run "
                        "exits 3 (nothing bound)")
    p.add_argument("--rederive", action="store_true",
                   help="re-derive every certificate by running its claim's check again, also of the claims "
                        "whose check is a search or enumeration too long to repeat (by default those are bound "
                        "by claim, domain and meaning, their exhaustive records reported not checked), and print "
                        "every Coq theorem's assumptions again rather than reading them from its build")
    p.add_argument("--coq", action="store_true",
                   help="the full check (--rederive), and in addition every realization / non-realization / decomposition "
                        "record compiled as a theorem about the formal T(n;d) by Coq's kernel (see export-coq)")
    p.add_argument("--time-limit", type=float, default=None, metavar="S",
                   help="wall seconds allowed for one certificate, also the CPU seconds of each of its "
                        "processes (default 900)")
    p.add_argument("--memory-limit", type=int, default=None, metavar="MIB",
                   help="address space of the check of one certificate, per process, in MiB (default 4096)")
    p.add_argument("--total-time", type=float, default=None, metavar="S",
                   help="wall seconds for the whole run (default: no limit besides each file's); the files not "
                        "reached in time are reported not checked")
    p.add_argument("--jobs", "-j", type=int, default=None, metavar="N",
                   help="certificates checked at once, each in its own confined process (default: the number of "
                        "cores); the lines come in the order of the files whatever the number")
    p.add_argument("--read-limit", type=int, default=None, metavar="MIB",
                   help="bytes read for one certificate, its side payloads included (each once), in MiB "
                        "(default 1024)")
    p.set_defaults(func=run)


def _trust(result) -> str:
    """The trust line: for Coq, whether coqc ran on the compiled theories or the assumptions were read
    from this machine's build cache (then nothing of Coq ran for this check)."""
    from quarks.certify.coq_gate import FROM_CACHE

    line = result.trust_line or TRUST[result.trust]
    if result.trust == "coq" and FROM_CACHE in result.message:
        return f"{line}, as built on this machine before (coqc not run)"
    return line


def _expand(paths) -> tuple[list[Path], list[Path]]:
    """(the files to check, the error records passed over): a directory stands for its certificates,
    not for the ``*.error.json`` records of failed checks (they prove nothing; named, one is checked)."""
    from quarks.certificates.certificate import under

    files: list[Path] = []
    errors: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            certs, errs = under(p)
            files += certs
            errors += errs
        else:
            files.append(p)
    return files, errors


def run(args) -> int:
    from quarks.base.errors import UsageError
    from quarks.certify import coq_gate
    from quarks.checking.binding import scratch

    for p in map(Path, args.paths):
        if not p.exists():
            raise UsageError(f"{p}: no such file or directory")
    for flag, seconds in (("--time-limit", args.time_limit), ("--total-time", args.total_time)):
        if seconds is not None and not (seconds > 0 and seconds < float("inf")):
            raise UsageError(f"{flag} must be a positive number of seconds")
    for flag, value in (("--memory-limit", args.memory_limit), ("--read-limit", args.read_limit)):
        if value is not None and not value > 0:
            raise UsageError(f"{flag} must be a positive number of MiB")
    if args.jobs is not None and not args.jobs > 0:
        raise UsageError("--jobs must be a positive number of processes")
    if args.coq and args.evidence_only:
        raise UsageError("--coq is the full check plus Coq; it cannot be combined with --evidence-only")
    if args.rederive and args.evidence_only:
        raise UsageError("--rederive re-runs what --evidence-only leaves out: choose one")
    if args.coq and not coq_gate.available():   # the full check still runs; each file's Coq part is "not checked"
        print("quarks check-cert: coqc is not installed (apt-get install coq libcoq-mathcomp ...): "
              "threshold records are not compiled by Coq (their files: not checked, exit 3)", file=sys.stderr)
    signals = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
    before = {sig: signal.getsignal(sig) for sig in signals}
    for sig in signals:   # so that the check's group is killed and scratch removed
        signal.signal(sig, _terminated)
    try:
        with scratch() as work:
            return _check_all(args, work)
    finally:   # a caller in the same process (a notebook, a test) gets its handlers back
        for sig, handler in before.items():
            signal.signal(sig, handler)


def _terminated(signum, frame):
    raise SystemExit(128 + signum)


def limits_of(args):
    """The checker's limits, with the flags' overrides."""
    from dataclasses import replace

    from quarks.certify.base import LIMITS

    limits = LIMITS
    if args.time_limit is not None:
        limits = replace(limits, seconds=float(args.time_limit))
    if args.memory_limit is not None:
        limits = replace(limits, memory_bytes=args.memory_limit << 20)
    if args.read_limit is not None:
        limits = replace(limits, read_bytes=args.read_limit << 20)
    return limits


def _shorter(limits, seconds: float):
    from dataclasses import replace

    return replace(limits, seconds=seconds)


def _print(args, r, cols) -> None:
    if args.json:
        return
    tag = ("UNDECIDED" if not r.decided else "OK      ") if r.ok else ("NOT CHECKED" if not r.checked else "REJECTED")
    what = f"{r.claim} [{r.instance}]" if r.claim != "?" else ""
    trust = f" [trust: {_trust(r)}]" if r.ok and r.trust else ""
    trust += f" [label: {r.label}]" if r.ok and r.label else ""
    # path, claim, instance and message come from the file: escaped, one line each
    print(wrap(printable(f"{tag} {r.path}: {what + ': ' if what else ''}{r.message}{trust}"), cols), flush=True)


def _check_all(args, work) -> int:
    import time
    from contextlib import closing

    from quarks.checking.batch import check_files
    from quarks.checking.binding import not_reached, results_json

    limits = limits_of(args)
    results = []
    paths, errors = _expand(args.paths)
    if errors and not args.json:
        print(printable(f"quarks check-cert: {len(errors)} error record(s) passed over (*.error.json: a check that "
                        f"failed in verify, not a certificate; name one to see it), e.g. {errors[0]}"),
              file=sys.stderr, flush=True)
    deadline = None if args.total_time is None else time.monotonic() + args.total_time
    # on a terminal, lines wrapped to its width (continuations indented); piped, one line per file, as
    # documented: a log can be grepped, and no certificate's text can start a line of its own
    cols = width() if sys.stdout.isatty() else None

    def limits_for(path):
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left < 0.5:
            return not_reached(path, args.total_time)
        return limits if left is None or left >= limits.seconds else _shorter(limits, left)

    # each file in a confined child with its own limits; a child goes on to the next file while that
    # cannot change its verdict; up to --jobs children at once, the lines in the order of the files
    # (quarks.checking.batch).  --coq: the full check, then Coq
    with closing(check_files(paths, work, limits_for, jobs=args.jobs, evidence_only=args.evidence_only,
                             rederive=args.rederive or args.coq, coq=args.coq)) as checked:
        for r in checked:
            results.append(r)
            _print(args, r, cols)
    if not results:
        print(printable(f"quarks check-cert: nothing to check: no certificate (*.json, not *.error.json) under "
                        f"{' '.join(args.paths)}"),
              file=sys.stderr)
        return 2   # bad input, like a missing path
    unchecked = sum(not r.checked for r in results)
    bad = sum(not r.ok and r.checked for r in results)
    undecided = sum(r.ok and not r.decided for r in results)
    if args.json:
        print(results_json(results))
    else:
        unbound = sum(r.ok and r.decided and not r.bound for r in results)
        print(wrap(f"{len(results) - bad - unchecked - undecided} valid, {bad} rejected"
              + (f", {unchecked} not checked" if unchecked else "")
              + (f", {undecided} undecided (prove nothing)" if undecided else "")
              + (f" ({unbound} not bound to their statements: --evidence-only)" if unbound and args.evidence_only else "")
              + (f" ({unbound} not re-derived, their checks too long to repeat: --rederive)"
                 if unbound and not args.evidence_only else ""), cols))
    if bad:
        return 1
    not_bound = any(r.ok and r.decided and not r.bound for r in results)   # --evidence-only, or not re-derived
    return 3 if unchecked or undecided or not_bound else 0   # 0: every file checked in full
