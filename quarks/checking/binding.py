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
   cheap ("check", and on the declared quick-tier instances of any claim: ``Claim.rerun_cheaply``),
   for a Coq proof the record the claim's declared theorems give; a claim whose check is a search or
   enumeration too long to repeat ("evidence") is not re-derived on other instances, and the result
   says so (``bound`` False); ``rederive`` re-runs every claim's check (``check-cert --rederive``), with
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
from quarks.checking import coq_instances, obligations
from quarks.claims import labels, registry
from quarks.claims.claim import instance_text

MAX_CANDIDATES = 100_000   # a refute variant's instance must be among this many candidates
MAX_MESSAGE = 4_000        # characters of a result's message the parent keeps


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
    trust_line: str = ""  # what the verdict rests on, as a person reads it (quarks.claims.labels.trust_line)
    label: str = ""       # the claim's label (quarks.claims.labels.label), as every view prints it

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
    if claim.coq_part:   # the theorems prove part of the statement: the summary says what they leave
        return Verdict("verified", f"proved in part in Coq: {', '.join(claim.coq)}; not proved: {claim.coq_part}",
                       [record])
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


def check(path: Path, evidence_only: bool = False, limits: Limits = LIMITS, rederive: bool = False,
          coq: bool = False) -> CheckResult:
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
    how = None if evidence_only or rederive else coq_instances.gate(claim, cert["instance"])
    if how is not None:                                                       # 5-6. an instance of a Coq theorem
        return _coq_instance(cert, claim, ctx, how, result)
    prior = None if evidence_only else _earlier(cert, claim, rederive)
    if prior is not None:                                                     # 5. re-derived by an earlier file's check
        ctx.rerun = frozenset(prior["rerun"])
        regen = None
    else:
        regen = rederived(cert, claim, ctx, evidence_only, rederive)          # 5. re-derive
    if regen is not None:
        problem = obligations.bind(cert, regen)
        if problem:
            return result.rejected(problem)
    bound = regen is not None or prior is not None
    if not bound and cert["verdict"] != claim.expected_for(cert["instance"]):
        return result.rejected(NOT_EXPECTED.format(verdict=cert["verdict"], expected=claim.expected_for(cert["instance"]),
                                                   claim=claim.id),
                               checked=False)
    try:                                                                      # 6. kernel
        ok, message, outcomes = check_evidence(cert, ctx)
    except NotChecked as exc:
        if not bound and not evidence_only and "exhaustive" in str(exc):
            return result.rejected(NOT_INDEPENDENT.format(claim=claim.id), checked=False)
        return result.rejected(str(exc), checked=False)
    if not ok:
        return result.rejected(message)
    if any(coq_gate.FROM_CACHE in o.message for o in outcomes):   # what a Coq record's check read, not ran
        message += f" ({coq_gate.FROM_CACHE}, coqc not run)"
    if cert["instance"] == {"proof": "coq"} and not evidence_only:   # its instances' checks need not ask Coq again
        coq_instances.passed(claim, coq_gate.FROM_CACHE if coq_gate.FROM_CACHE in message else coq_gate.PRINTED)
    result.ok, result.bound, result.trust = True, bound, trust_of(cert["evidence"])
    result.trust_line = labels.trust_line(claim, cert["instance"], result.trust)
    # the label of what this certificate shows: a Coq proof's, the claim's (proved, proved in part); an
    # instance's, that instance alone (quarks.claims.labels); an exploration verb's answer has none
    if claim.id not in registry.listed():
        result.label = ""
    elif cert["instance"] == {"proof": "coq"}:
        result.label = labels.label(claim).text
    else:
        result.label = labels.instance_label(claim, cert["verdict"], cert["instance"])
    if evidence_only:
        result.message = message + "; NOT bound to the statement (--evidence-only)"
    elif not bound:
        result.message = message + "; " + NOT_RERUN.format(claim=claim.id)
    else:
        result.message = message + answer_said(cert)
    if coq:
        coq_records(cert, path, result)
    return result


def answer_said(cert: dict) -> str:
    """The answer of an exploration verb's certificate (``data.answer``: "agrees", "disagrees", a count),
    said on the line once the data is bound to its re-derivation; nothing when there is none."""
    data = cert.get("data")
    answer = data.get("answer") if isinstance(data, dict) else None
    if isinstance(answer, bool) or not isinstance(answer, (str, int)) or len(str(answer)) > 60:
        return ""
    return f"; answer: {answer}"


def _coq_instance(cert: dict, claim, ctx: CheckContext, how: str, result: CheckResult) -> CheckResult:
    """The result of an instance's certificate bound to its claim's Coq proof (quarks.checking.coq_instances),
    its wording, label and trust line from quarks.claims.labels."""
    try:
        ok, message = coq_instances.check(cert, claim, ctx, how)
    except NotChecked as exc:
        return result.rejected(str(exc), checked=False)
    if not ok:
        return result.rejected(message)
    result.ok, result.bound, result.trust, result.message = True, True, "coq", message
    result.trust_line = labels.coq_instance_trust(claim, cert["instance"])
    result.label = labels.coq_instance_label(claim) if claim.id in registry.listed() else ""
    return result


def coq_records(cert: dict, path: Path, result: CheckResult) -> None:
    """check-cert --coq: every threshold record of a certificate that passed the full check compiled by
    Coq's kernel, exported from the certificate as this check parsed it (in the confined child)."""
    from quarks.coq import export as coq_export

    try:
        items = [e for e in coq_export.from_certificate(cert, path) if e.theorem]
    except CertificateError as exc:
        result.ok, result.trust, result.message = False, "", result.message + f"; Coq: export to Coq failed: {exc}"
        return
    if not items:
        result.message += "; Coq: no record with a Coq checker"
        return
    try:
        checked = coq_export.check(items)
    except coq_gate.CoqUnavailable as exc:
        result.ok, result.checked, result.message = False, False, result.message + f"; Coq: not checked by Coq: {exc}"
        return
    bad = [msg for _, msg in checked if not msg.startswith("valid")]
    if bad:
        result.ok, result.trust, result.message = False, "", result.message + f"; Coq: {bad[0]}"
    else:
        result.message += f"; Coq: {len(checked)} record(s) valid (Coq)"


def _earlier(cert: dict, claim, rederive: bool) -> dict | None:
    """The digests of an earlier file's re-derivation of the same claim and instance in this run, when
    this certificate says exactly what it derived (else None: re-derived here)."""
    if cert["instance"] == {"proof": "coq"} or not (rederive or claim.rerun_cheaply(cert["instance"])):
        return None
    prior = obligations.known(cert, claim)
    if prior is None or obligations.meaning_digest(cert) != prior["meaning"]:
        return None
    return prior


# what a plain check says of a certificate whose claim declares recheck="evidence"
NOT_RERUN = ("bound by claim, domain and meaning only, not re-derived ({claim} declares its check too long to "
             "repeat; --rederive re-runs it)")
NOT_EXPECTED = ("not checked: the verdict {verdict} is not the {expected} that {claim} expects, and it was not "
                "re-derived (--rederive re-runs the claim's check)")
NOT_INDEPENDENT = ("not independently checked: an exhaustive record is confirmed only by re-running the claim's "
                   "check, which {claim} declares too long to repeat (--rederive re-runs it)")


def meaning(cert: dict, claim) -> str | None:
    """None when what the claim fixes is the claim's: source, statement, kind, expected, the trust
    that the evidence kinds give, and ``data.search`` (a refute variant's search, nobody else's)."""
    problem = obligations.bind_metadata(cert, claim)
    if problem:
        return problem
    if cert.get("trust", trust_of(cert["evidence"])) != trust_of(cert["evidence"]):
        return "the trust field does not match the evidence kinds"
    return _search_problem(cert, claim)


def _search_problem(cert: dict, claim) -> str | None:
    """``data.search`` is a refute variant's record of its search: that search's claim and dropped
    hypothesis, its parameters and instances tried (checked when the variant was rebuilt); any
    other claim's certificate has none."""
    data = cert.get("data")
    if not isinstance(data, dict) or "search" not in data:
        return None
    search = data["search"]
    if "~" not in claim.id:
        return "data.search is a refute variant's record; this claim has no search"
    from quarks.claims import refute

    s = refute.SEARCHES[claim.id.partition("~")[0]]
    if (not isinstance(search, dict) or set(search) != {"claim", "hypothesis_dropped", "params", "instances_tried"}
            or search["claim"] != s.claim or search["hypothesis_dropped"] != s.hypothesis_for(search["params"])):
        return "data.search does not name the search's claim and dropped hypothesis"
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
    if claim.obligation is None and not rederive and not claim.rerun_cheaply(cert["instance"]):
        return None
    regen = obligations.rederive(cert, claim, rerun=rederive)
    ctx.rerun = frozenset(obligations.rerun_keys(regen))
    return regen


def _child(conn, path, evidence_only, limits, work, rederive=False, coq=False):
    try:
        confine(limits, work, rederive)
        result = asdict(_run(path, evidence_only, limits, rederive, coq))
        conn.send(("ok", result, obligations.shared()))
    except BaseException as exc:  # noqa: BLE001 - reported as one line, never a traceback
        conn.send(("error", f"checking failed: {type(exc).__name__}: {str(exc)[:200]}", {}))
    finally:
        conn.close()


def inherited_address_space() -> int:
    """The bytes of address space this process has mapped (VmSize of /proc/self/status; 0 where it
    cannot be read)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def confine(limits: Limits, work: Path, rederive: bool = False, slack: tuple[int, int] = (0, 0),
            deadlines: int | None = None) -> None:
    """What the checking child does first: its own process group (killed whole at the limit), the
    checker's memory and CPU limits (inherited by everything it starts), no terminal or pipe of the
    caller's (stdin, stdout, stderr on /dev/null), and every cache or temporary file in ``work``.  It
    dies with its parent (PR_SET_PDEATHSIG), and a watchdog in its group kills the group when the
    child dies or the wall limit passes, whatever becomes of the parent (SIGKILL included).
    ``slack`` (CPU seconds, bytes) raises the hard limits above the soft ones, and ``deadlines`` is
    the pipe by which the child moves the watchdog's wall limit: so that a child checking several
    files in turn (quarks.checking.batch) sets each file's limits afresh."""
    os.setsid()
    die_with_parent()
    watchdog(limits.seconds, deadlines=deadlines)
    # the limit bounds what the check allocates: on top of the address space inherited from the caller
    # (a caller that has loaded torch or jax has reserved gigabytes of it before any certificate is read)
    memory = inherited_address_space() + int(limits.memory_bytes)
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory + slack[1]))
    cpu = max(1, math.ceil(limits.seconds))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5 + slack[0]))
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
    obligations.IN_PROCESS = True   # re-derivations run here, within these limits


PR_SET_PDEATHSIG = 1   # prctl(2)


def die_with_parent(sig: int = signal.SIGKILL) -> None:
    """Have the kernel send ``sig`` to this process when its parent dies (Linux; elsewhere nothing)."""
    try:
        libc().prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)
    except (OSError, AttributeError):
        pass


def libc():
    """The C library's functions (prctl), looked up once per process: in the symbols the interpreter
    has loaded, else by name (``find_library`` starts ldconfig, which each forked check would pay)."""
    import ctypes

    if not _LIBC:
        try:
            found = ctypes.CDLL(None, use_errno=True)
            found.prctl   # noqa: B018 - raises AttributeError where the loaded symbols have no prctl
        except (OSError, AttributeError):
            import ctypes.util

            found = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        _LIBC.append(found)
    return _LIBC[0]


_LIBC: list = []


def watchdog(seconds: float, every: float = 0.2, deadlines: int | None = None) -> int:
    """Fork a process into this process group that kills the whole group (with SIGKILL) once the
    process that forked it is gone, or ``seconds`` of wall time have passed: so that nothing the check
    started outlives it, whatever killed it.  ``deadlines``: the read end of a pipe on which the
    process that forked it writes new wall limits (8-byte doubles of ``time.monotonic()``).  Its pid."""
    import select
    import struct
    import time

    me, deadline = os.getpid(), time.monotonic() + seconds
    pid = os.fork()
    if pid:
        return pid
    try:   # the watchdog: no Python cleanup, no file of the parent's kept open but what fork gave
        keep = deadlines if deadlines is not None else 1 << 16
        os.closerange(3, keep)
        os.closerange(keep + 1, 1 << 16)
        while os.getppid() == me and time.monotonic() < deadline:
            if deadlines is None:
                time.sleep(every)
            elif select.select([deadlines], [], [], every)[0]:
                given = os.read(deadlines, 8)
                if len(given) != 8:   # the writer is gone
                    break
                deadline = struct.unpack("d", given)[0]
        os.killpg(0, signal.SIGKILL)
    finally:
        os._exit(0)


# where the checking child's (and coqc's) caches and temporary files go: all inside its scratch directory
SCRATCH_ENV = {"QUARKS_COQ_CACHE": "coq", "QUARKS_HALVES_WORK": "halves", "TMPDIR": "tmp",
               "XDG_CACHE_HOME": "cache", "NUMBA_CACHE_DIR": "numba", "MPLCONFIGDIR": "mpl",
               "QUARKS_EXHAUSTIVE_MEMO": "memo"}   # quarks.certificates.evidence.MEMO_ENV: this run's procedure results


def _run(path: Path, evidence_only: bool, limits: Limits = LIMITS, rederive: bool = False,
         coq: bool = False) -> CheckResult:
    try:
        return check(path, evidence_only, limits, rederive, coq)
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
               rederive: bool = False, coq: bool = False) -> CheckResult:
    """Check one certificate file (see the module docstring); never raises for a bad file.

    ``limits``: the checker's limits (default ``LIMITS``); ``time_limit`` overrides their wall seconds
    (which are also the CPU limit of every process of the check).  ``isolate``: run it in a forked
    child in its own process group, with the memory and CPU limits, killed whole (grandchildren
    included) when it ends or at the wall limit, so that no file can stop, stall or outlive the
    caller; its caches and temporary files go to ``work`` (by default a private temporary directory
    removed afterwards).  ``rederive``: re-run the check of every claim (step 5), not only of those
    whose check is cheap.  ``coq``: also compile every threshold record by Coq's kernel, inside the
    same confined check (check-cert --coq)."""
    path = Path(path)
    limits = limits or LIMITS
    if time_limit is not None:
        limits = replace(limits, seconds=float(time_limit))
    if not isolate:
        return _run(path, evidence_only, limits, rederive, coq)
    if work is None:
        with scratch() as own:
            return _isolated(path, evidence_only, limits, own, rederive, coq)
    return _isolated(path, evidence_only, limits, Path(work), rederive, coq)


def _isolated(path: Path, evidence_only: bool, limits: Limits, work: Path, rederive: bool = False,
              coq: bool = False) -> CheckResult:
    registry.claims()   # loaded once here, inherited by every forked check
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    p = ctx.Process(target=_child, args=(child, path, evidence_only, limits, work, rederive, coq))
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
        kill_group(p.pid)   # the child and everything it started, finished or not
        p.join()
    parent.close()
    if p.exitcode == -signal.SIGXCPU and status == "error":
        payload = f"checking used more than {math.ceil(limits.seconds)} s of CPU"
    obligations.adopt(shared)
    if status == "ok":
        for k in ("message", "path", "claim", "verdict", "instance"):   # what the parent keeps: bounded
            payload[k] = str(payload[k])[:MAX_MESSAGE]
        return CheckResult(**payload)
    return CheckResult(str(path), "?", "?", False, payload)


def not_reached(path, total: float) -> CheckResult:
    """The result of a file the run's --total-time ran out before: not checked."""
    return CheckResult(str(path), "?", "?", False, f"not checked: the run's --total-time of {total:g} s was spent",
                       checked=False)


def kill_group(pid) -> None:
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
