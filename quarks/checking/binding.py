"""Binding a certificate to its claim: what a certificate must say, then the kernel's check.

``check_file`` is what ``quarks check-cert`` runs on each file, in a forked child with a wall-time
limit (so one hostile file can neither stop nor stall the run).  :func:`check` reads as its six
steps (quarks.checking.fields says which step fills or checks each field of a certificate):

1. **load**: the kernel reads the file (quarks.certify.load: size, nesting, numbers, shape);
2. **claim**: the claim must be registered, or be a refute variant rebuilt from its registered search;
3. **domain**: the instance must lie in the claim's domain (declared instances, or its ``domain``);
4. **meaning**: source, statement, kind and expected must be the claim's, and the trust field the
   evidence's; an undecided verdict (inconclusive, error) proves nothing, and no evidence code runs;
5. **re-derive**: the certificate must say exactly what the claim's check derives for its instance,
   at a cost bounded by the certificate, as the claim declares (``Claim.recheck``): its
   ``obligation`` (from the instance and the certificate's witnesses), its check run again when it is
   cheap ("check"), for a Coq proof the record the claim's declared theorems give; a claim whose check
   is a search or enumeration too long to repeat ("evidence") is not re-derived, and the result says
   so (``bound`` False); ``rederive`` re-runs every claim's check (``check-cert --rederive``), with
   ``evidence_only`` this step is skipped;
6. **kernel**: every record re-verified (quarks.certify.check_evidence); ``exhaustive`` records
   count only when step 5 re-ran them (else *not checked*), and ``coq`` records are checked against
   the claim's declared theorems (handed down, never read from the certificate).
"""
from __future__ import annotations

import json
import math
import multiprocessing as mp
import os
import resource
import shutil
import signal
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from quarks.certify import check_evidence, coq_gate, trust_of
from quarks.certify.base import LIMITS, Binding, CertificateError, CheckContext, Limits, NotChecked
from quarks.certify.load import load
from quarks.checking import obligations
from quarks.claims import registry
from quarks.claims.claim import instance_text

MAX_CANDIDATES = 100_000   # a refute variant's instance must be among this many candidates


@dataclass
class CheckResult:
    path: str
    claim: str
    verdict: str
    ok: bool
    message: str
    checked: bool = True  # False: some evidence could not be checked here (e.g. coqc missing)
    trust: str = ""       # coq, witness, sympy or re-run (see quarks.certify.trust_of); "" unless ok
    bound: bool = False   # the certificate is what the claim's check derives for its instance
    instance: str = ""    # the instance, as a person reads it
    decided: bool = True  # False: an inconclusive or error verdict, which proves nothing

    def rejected(self, message: str, checked: bool = True) -> "CheckResult":
        self.message, self.checked = message, checked
        return self


def registered_claim(cert: dict):
    """The claim a certificate speaks of: registered, or a refute variant rebuilt from its registered
    search (its instance one of the search's candidates).  A claim from outside the package binds
    only when the certificate names its claims module and the loaded module has the same sha256; the
    module is loaded only because the person checking named it (--claims), never by the certificate."""
    cid = cert["claim"]
    claim = registry.claims().get(cid)
    if claim is None and "~" in cid:
        claim = _variant(cert)
    named = cert.get("claims_module")
    if claim is None:
        raise CertificateError(f"unknown claim {cid[:80]!r}{_written_by(named)}")
    origin = getattr(claim, "origin", None)
    if origin is None and named is None:
        return claim
    if origin is None:
        raise CertificateError(f"{cid[:80]} is a claim of the quarks package; the certificate names a claims module")
    if not isinstance(named, dict) or named.get("sha256") != origin.sha256:
        said = named.get("sha256") if isinstance(named, dict) else None
        raise CertificateError(
            f"claims module {origin.module} (sha256 {origin.sha256[:16]}) is not the one that wrote the "
            f"certificate (sha256 {str(said)[:16] if said else 'not named'})")
    return claim


def _written_by(named) -> str:
    """The one-line hint of an unknown claim whose certificate names its claims module."""
    if not isinstance(named, dict):
        return ""
    module, again, sha = ("".join(c if c.isprintable() else "?" for c in str(named.get(k, "?"))[:80])
                          for k in ("module", "load", "sha256"))
    return f" (written by claims module {module}, sha256 {sha[:16]}; re-check with --claims {again})"


def in_domain(cert: dict, claim) -> None:
    """Raises unless the instance lies in the claim's domain (a refute variant's was checked when it
    was rebuilt)."""
    if claim.id.partition("~")[1]:
        return
    if not claim.in_domain(cert["instance"]):
        raise CertificateError(f"instance {instance_text(cert['instance'])[:80]} is outside the domain of {claim.id}")


def _variant(cert: dict):
    """A refute variant (claim~search), its parameters typed as the search's, its instance one of the
    search's candidates."""
    from quarks.claims import refute

    base, _, name = cert["claim"].partition("~")
    search = refute.SEARCHES.get(base)
    if search is None or search.name != name:
        return None
    params = ((cert.get("data") or {}).get("search") or {}).get("params")
    if not isinstance(params, dict) or set(params) != set(search.params) or any(
            type(params[k]) is not type(v) for k, v in search.params.items()):
        raise CertificateError(f"the search parameters do not fit {base}~{name}")
    tried = ((cert.get("data") or {}).get("search") or {}).get("instances_tried")
    for i, candidate in enumerate(search.candidates(params)):
        if candidate == cert["instance"]:
            if tried != i + 1:
                raise CertificateError(f"instances_tried is {tried!r}; the search reaches this instance at {i + 1}")
            return refute.variant_claim(search, params)
        if i >= MAX_CANDIDATES:
            break
    raise CertificateError(f"instance {instance_text(cert['instance'])[:80]} is not a candidate of {base}~{name}")


def proof_verdict(claim, record: dict):
    """The verdict of a claim's Coq proof certificate, given its ``coq`` record (proved)."""
    from quarks.claims.claim import Verdict

    if claim.expected == "refuted":   # the theorems are the negation of the printed statement
        return Verdict("refuted", f"refuted as printed, in Coq: {', '.join(claim.coq)}", [record],
                       counterexample={"coq": list(claim.coq)})
    return Verdict("verified", f"proved in Coq for all parameters: {', '.join(claim.coq)}", [record])


def _proof_certificate(claim, cert: dict) -> dict:
    """What a Coq proof certificate of ``claim`` must say: its declared theorems, the installed theory
    files, proved; the recorded assumptions are compared with Coq's by the kernel."""
    from quarks.certificates import certificate
    from quarks.certify.coq import coq_record, theory_hashes  # noqa: F401 (coq_record: the record's producer)

    recs = cert["evidence"]
    axioms = recs[0].get("axioms") if len(recs) == 1 else None
    record = {"kind": "coq", "claim": claim.id, "theorems": list(claim.coq),
              "files": theory_hashes(claim.coq_root()),
              "axioms": axioms, "proved": True, "refutes": claim.expected == "refuted"}
    if len(recs) == 1 and "toolchain" in recs[0]:   # what it was made on: informative (checked in check_coq)
        record["toolchain"] = recs[0]["toolchain"]
    return certificate.build(claim, {"proof": "coq"}, proof_verdict(claim, record))


def check(path: Path, evidence_only: bool = False, limits: Limits = LIMITS, rederive: bool = False) -> CheckResult:
    """The check of one certificate file, in the six steps of :mod:`quarks.checking.fields`; raises
    CertificateError (or obligations.Unbound) for a file that fails before a result can be named."""
    cert = load(path, limits)                                                 # 1. load
    result = CheckResult(str(path), cert["claim"], cert["verdict"], False, "", instance=instance_text(cert["instance"]))
    claim = registered_claim(cert)                                            # 2. claim
    in_domain(cert, claim)                                                    # 3. domain
    problem = meaning(cert, claim)                                            # 4. meaning
    if problem:
        return result.rejected(problem)
    ctx = CheckContext(directory=path.parent, limits=limits,
                       binding=Binding(claim.id, tuple(claim.coq), claim.expected == "refuted",
                                       claim.coq_root() if claim.coq else None))
    ctx.charge_read(path.stat().st_size, "certificate")
    if cert["verdict"] not in ("verified", "refuted"):   # undecided: proves nothing, no evidence code runs
        ok, message, _ = check_evidence(cert, ctx)
        result.ok, result.message, result.decided = ok, message, False
        return result
    obligations.resolve_payloads(cert, ctx)
    regen = rederived(cert, claim, ctx, evidence_only, rederive)             # 5. re-derive
    if regen is not None:
        problem = obligations.bind(cert, regen)
        if problem:
            return result.rejected(problem)
    try:                                                                      # 6. kernel
        ok, message, _ = check_evidence(cert, ctx)
    except NotChecked as exc:
        if regen is None and not evidence_only and "exhaustive" in str(exc):
            return result.rejected(NOT_INDEPENDENT.format(claim=claim.id), checked=False)
        return result.rejected(str(exc), checked=False)
    if not ok:
        return result.rejected(message)
    result.ok, result.bound, result.trust = True, regen is not None, trust_of(cert["evidence"])
    if evidence_only:
        result.message = message + "; NOT bound to the statement (--evidence-only)"
    elif regen is None:
        result.message = message + "; " + NOT_RERUN.format(claim=claim.id)
    else:
        result.message = message
    return result


# what a plain check says of a certificate whose claim declares recheck="evidence"
NOT_RERUN = ("bound by claim, domain and meaning only, not re-derived ({claim} declares its check too long to "
             "repeat; --rederive re-runs it)")
NOT_INDEPENDENT = ("not independently checked: an exhaustive record is confirmed only by re-running the claim's "
                   "check, which {claim} declares too long to repeat (--rederive re-runs it)")


def meaning(cert: dict, claim) -> str | None:
    """None when what the claim fixes is the claim's: source, statement, kind, expected, and the trust
    that the evidence kinds give."""
    problem = obligations.bind_metadata(cert, claim)
    if problem:
        return problem
    if cert.get("trust", trust_of(cert["evidence"])) != trust_of(cert["evidence"]):
        return "the trust field does not match the evidence kinds"
    return None


def rederived(cert: dict, claim, ctx: CheckContext, evidence_only: bool, rederive: bool = False) -> dict | None:
    """What the certificate must say, derived from its claim and instance alone: a Coq proof's record
    from the claim's declared theorems, any other by the claim's obligation or by re-running its check
    (its exhaustive records then count as re-run); None under ``evidence_only``, and for a claim that
    declares ``recheck="evidence"`` unless ``rederive``."""
    if cert["instance"] == {"proof": "coq"}:
        return _proof_certificate(claim, cert)
    if evidence_only:
        return None
    if claim.obligation is None and claim.recheck == "evidence" and not rederive:
        return None
    regen = obligations.rederive(cert, claim)
    ctx.rerun = frozenset(obligations.rerun_keys(regen))
    return regen


def _child(conn, path, evidence_only, limits, work, rederive=False):
    try:
        confine(limits, work, rederive)
        result = asdict(_run(path, evidence_only, limits, rederive))
        conn.send(("ok", result, obligations.shared()))
    except BaseException as exc:  # noqa: BLE001 - reported as one line, never a traceback
        conn.send(("error", f"checking failed: {type(exc).__name__}: {str(exc)[:200]}", {}))
    finally:
        conn.close()


def confine(limits: Limits, work: Path, rederive: bool = False) -> None:
    """What the checking child does first: its own process group (killed whole at the limit), the
    checker's memory and CPU limits (inherited by everything it starts), no terminal or pipe of the
    caller's (stdin, stdout, stderr on /dev/null), and every cache or temporary file in ``work``."""
    os.setsid()
    memory = int(limits.memory_bytes)
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    cpu = max(1, math.ceil(limits.seconds))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    os.environ[coq_gate.READ_ONLY_CACHE] = str(coq_gate.cache_root())   # finished builds: read, never written
    if rederive:   # every theorem's assumptions printed again, not read from its build
        os.environ[coq_gate.FRESH_ASSUMPTIONS] = "1"
    for name, sub in SCRATCH_ENV.items():
        os.environ[name] = str(work / sub)
    (work / "tmp").mkdir(exist_ok=True)
    tempfile.tempdir = str(work / "tmp")
    sys.dont_write_bytecode = True


# where the checking child's (and coqc's) caches and temporary files go: all inside its scratch directory
SCRATCH_ENV = {"QUARKS_COQ_CACHE": "coq", "QUARKS_HALVES_WORK": "halves", "TMPDIR": "tmp",
               "XDG_CACHE_HOME": "cache", "NUMBA_CACHE_DIR": "numba", "MPLCONFIGDIR": "mpl"}


def _run(path: Path, evidence_only: bool, limits: Limits = LIMITS, rederive: bool = False) -> CheckResult:
    try:
        return check(path, evidence_only, limits, rederive)
    except obligations.Unbound as exc:
        return CheckResult(str(path), "?", "?", False, str(exc))
    except CertificateError as exc:
        return CheckResult(str(path), "?", "?", False, str(exc))
    except RecursionError:
        return CheckResult(str(path), "?", "?", False, "the certificate nests too deep")
    except MemoryError:
        return CheckResult(str(path), "?", "?", False,
                           f"checking the certificate needs more than {limits.memory_bytes >> 20:,} MiB of memory")


@contextmanager
def scratch():
    """A private temporary directory for a run of checks (caches, compiled theories), removed after."""
    work = Path(tempfile.mkdtemp(prefix="quarks-check-"))
    try:
        yield work
    finally:
        shutil.rmtree(work, ignore_errors=True)


def check_file(path, evidence_only: bool = False, time_limit: float | None = None,
               isolate: bool = True, limits: Limits | None = None, work: Path | None = None,
               rederive: bool = False) -> CheckResult:
    """Check one certificate file (see the module docstring); never raises for a bad file.

    ``limits``: the checker's limits (default ``LIMITS``); ``time_limit`` overrides their wall seconds
    (which are also the CPU limit of every process of the check).  ``isolate``: run it in a forked
    child in its own process group, with the memory and CPU limits, killed whole (grandchildren
    included) when it ends or at the wall limit, so that no file can stop, stall or outlive the
    caller; its caches and temporary files go to ``work`` (by default a private temporary directory
    removed afterwards).  ``rederive``: re-run the check of every claim (step 5), not only of those
    whose check is cheap."""
    path = Path(path)
    limits = limits or LIMITS
    if time_limit is not None:
        limits = replace(limits, seconds=float(time_limit))
    if not isolate:
        return _run(path, evidence_only, limits, rederive)
    if work is None:
        with scratch() as own:
            return _isolated(path, evidence_only, limits, own, rederive)
    return _isolated(path, evidence_only, limits, Path(work), rederive)


def _isolated(path: Path, evidence_only: bool, limits: Limits, work: Path, rederive: bool = False) -> CheckResult:
    registry.claims()   # loaded once here, inherited by every forked check
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    p = ctx.Process(target=_child, args=(child, path, evidence_only, limits, work, rederive))
    p.start()
    child.close()
    shared: dict = {}
    try:
        if parent.poll(limits.seconds):
            try:
                status, payload, shared = parent.recv()
            except (EOFError, OSError):
                status, payload = "error", "checking crashed"
        else:
            status, payload = "error", f"checking took more than {limits.seconds:g} s"
    finally:   # also on an interrupt of the caller
        _kill_group(p.pid)   # the child and everything it started, finished or not
        p.join()
    parent.close()
    if p.exitcode == -signal.SIGXCPU and status == "error":
        payload = f"checking used more than {math.ceil(limits.seconds)} s of CPU"
    obligations.adopt(shared)
    if status == "ok":
        return CheckResult(**payload)
    return CheckResult(str(path), "?", "?", False, payload)


def _kill_group(pid) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:   # the group is gone (or not yet made)
        pass
    try:
        os.kill(pid, signal.SIGKILL)   # the child itself: not yet reaped, so its pid is still its own
    except OSError:
        pass


def results_json(results) -> str:
    return json.dumps([asdict(r) for r in results], indent=1)
