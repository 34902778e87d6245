"""What a certificate has to prove, re-derived from its claim id and instance alone.

A certificate's evidence can be true and still prove something else (``2^3 > 3`` in place of
``2^2 > 3``).  So the checker never takes the statement from the certificate: the claim's
*obligation generator* is its check function in ``quarks/proofs/`` (short on purpose, the trusted
statement of the claim), run again on the certificate's instance in a separate process.  Every field
that carries meaning (statement, instance, verdict, summary, counterexample, the shown ``data``, and
every evidence record: facts, expressions, procedures and arguments, witnesses) must equal the
re-derived one; only ``created``, ``elapsed``, ``package`` and ``data.timings`` may differ (the timings'
one declared place, quarks.checking.fields.TIMINGS).
The exact checker then re-verifies the facts and witnesses independently, without solvers.

The re-derivation runs the claim's own code (solvers included) in a forked child, or, in check-cert's
confined checking child, in that child (``IN_PROCESS``: its limits bound it); the kernel's checks
run with the solvers unimportable either way.  ``exhaustive`` records are re-run there: their trust is "re-run".
"""
from __future__ import annotations

import hashlib
import itertools
import json
import multiprocessing as mp

from quarks.certify.base import CertificateError
from quarks.certify.exhaustive import current, rerun_digest
from quarks.checking.fields import MEANING_FIELDS, TIMINGS

DEFAULT_TIMEOUT = 300.0   # seconds to re-derive one certificate, unless its claim declares more


class Unbound(Exception):
    """The certificate's statement cannot be re-derived (unknown claim, the check failed, ...)."""


def by_obligation(claim, rerun: bool = False) -> bool:
    """Whether a certificate of ``claim`` is re-derived by its obligation: always when it has one, except
    under ``rerun`` (check-cert --rederive) for a claim whose check is too long to repeat in a plain check
    (``recheck="evidence"``), whose check is then run again."""
    return claim.obligation is not None and not (rerun and claim.recheck == "evidence")


def _derive(cert, claim, rerun: bool = False) -> dict:
    from quarks.certificates import certificate

    if by_obligation(claim, rerun):
        verdict = claim.obligation(dict(cert["instance"]), cert)
    else:
        verdict = claim.run(dict(cert["instance"]))
    return json.loads(json.dumps(certificate.build(claim, cert["instance"], verdict), sort_keys=True))


def _child(conn, cert, claim, rerun=False):
    try:
        conn.send(("ok", _derive(cert, claim, rerun)))
    except Unbound as exc:
        conn.send(("unbound", str(exc)))
    except Exception as exc:  # noqa: BLE001 - reported as a one-line reason
        conn.send(("unbound", f"re-deriving the statement failed: {type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def bind_metadata(cert: dict, claim) -> str | None:
    """None when the certificate's source, statement, kind and expected outcome are the claim's."""
    from quarks.certificates import certificate

    fresh = certificate.build(claim, cert["instance"], _Undecided())
    for key in ("source", "statement", "kind", "expected"):
        if json.dumps(cert.get(key), sort_keys=True) != json.dumps(fresh.get(key), sort_keys=True):
            return f"{key} is not the claim's"
    return None


class _Undecided:
    """A verdict with nothing in it: what the claim alone fixes in a certificate."""

    status, summary, counterexample, reason = "inconclusive", "", None, ""
    evidence: list = []
    data: dict = {}


def rederive(cert: dict, claim, timeout: float | None = None, rerun: bool = False) -> dict:
    """Run the claim's check, or its obligation (:func:`by_obligation`; ``rerun``: check-cert --rederive),
    on the certificate's instance (in a forked child); the fresh certificate.
    Time limit: ``timeout``, by default the claim's ``timeout`` or DEFAULT_TIMEOUT (never a
    figure the certificate states)."""
    key = _key(cert, claim, rerun)
    if key in _CACHE:
        return _CACHE[key]
    if IN_PROCESS:   # a confined check: its own limits bound the re-run (or the obligation)
        try:
            derived = _derive(cert, claim, rerun)
        except Unbound:
            raise
        except Exception as exc:  # noqa: BLE001 - reported as a one-line reason
            raise Unbound(f"re-deriving the statement failed: {type(exc).__name__}: {exc}") from None
        return _kept(key, derived, claim)
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    p = ctx.Process(target=_child, args=(child, cert, claim, rerun))
    p.start()
    child.close()
    limit = float(timeout if timeout is not None else (claim.timeout or DEFAULT_TIMEOUT))
    if parent.poll(limit):
        try:
            status, payload = parent.recv()
        except EOFError:
            status, payload = "unbound", "re-deriving the statement crashed"
    else:
        p.kill()
        status, payload = "unbound", f"re-deriving the statement took more than {limit:.0f} s"
    p.join()
    if status != "ok":
        raise Unbound(payload)
    return _kept(key, payload, claim)


def _kept(key: str, payload: dict, claim) -> dict:
    _CACHE[key] = payload
    if claim.obligation is None and len(_RUN) < MAX_SHARED:
        _RUN[key] = _summary(payload)
        _NEW.add(key)
    return payload


# Set in check-cert's confined checking child (quarks.checking.binding.confine): a claim's check is
# re-run in that process, whose wall, CPU and memory limits bound it (no second fork per file); the
# kernel's checks after it still run with the solvers unimportable (quarks.certify.base.solver_free).
IN_PROCESS = False


def _key(cert: dict, claim, rerun: bool = False) -> str:
    """The digest of what a re-derivation depends on: claim, instance, a refute variant's parameters,
    and the evidence when the claim's obligation reads it."""
    key = json.dumps([cert.get("claim"), cert.get("instance"), ((cert.get("data") or {}).get("search") or {})
                      .get("params")], sort_keys=True)
    if by_obligation(claim, rerun):  # derived from the certificate's own payload
        key += json.dumps(cert.get("evidence"), sort_keys=True)
    return digest(key)


def resolve_payloads(cert: dict, ctx) -> dict:
    """Replace JSON side-payload references by their (hash-verified) data; binary (.npz) payloads stay
    references, loaded by their kind's checker."""
    for record in cert["evidence"]:
        data = record.get("data")
        if isinstance(data, dict) and "$payload" in data:
            ref = data["$payload"]
            if not isinstance(ref, dict):
                raise CertificateError("a payload reference must be an object")
            if ref.get("format") != "npz":
                record["data"] = ctx.load_payload(ref)
    return cert


# re-derived certificates by (claim, instance): the claim's code does not change within a process
_CACHE: dict = {}
# the digests of those of claims re-derived by their check alone (no obligation reads the certificate):
# a function of the claim and instance only, so shared across the files of one check-cert run (see
# shared, adopt).  Only digests cross to the parent (a fixed size per entry, at most MAX_SHARED
# entries): what it keeps for the run is bounded whatever the files say.
_RUN: dict = {}
_NEW: set = set()
MAX_SHARED = 1 << 16


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def meaning_digest(cert: dict) -> str:
    """The sha256 of what a certificate says (:func:`_meaning`), as :func:`bind` compares it."""
    return digest(json.dumps(_meaning(cert), sort_keys=True))


def _summary(regen: dict) -> dict:
    """What the next files' checks need of a re-derivation: the digest of its meaning and of each
    exhaustive record it re-ran."""
    return {"meaning": meaning_digest(regen), "rerun": sorted(rerun_keys(regen))}


def shared() -> dict:
    """The digests of the re-derivations made in this process that depend on the claim and instance
    alone (sent back by a checking child to its parent, which hands them to the next files' checks)."""
    return {k: _RUN[k] for k in _NEW if k in _RUN}


def since(start: int) -> tuple[dict, int]:
    """The digests kept here after the first ``start`` (in the order kept), and how many are kept now:
    what a checking child forked earlier has not seen yet (quarks.checking.batch)."""
    return dict(itertools.islice(_RUN.items(), start, None)), len(_RUN)


def reset() -> None:
    """Forget earlier re-derivations, their certificates and their digests: a run of check-cert (or of
    quarks.check_certificates) starts from none, so nothing of an earlier run binds a file of this one
    (not even one derived by a claim's code as it was then, in a notebook or a test that patched it)."""
    _CACHE.clear()
    _RUN.clear()
    _NEW.clear()


def forget_derived() -> None:
    """Drop the certificates re-derived in this process (a checking child that goes on to another
    file keeps only the run's digests of them, as separate children share them)."""
    _CACHE.clear()


def adopt(entries) -> None:
    """Keep the digests of re-derivations a checking child made (:func:`shared`), for the checks forked
    after it; entries of another shape, and any beyond MAX_SHARED, are dropped."""
    if not isinstance(entries, dict):
        return
    for k, v in entries.items():
        if len(_RUN) >= MAX_SHARED:
            return
        if (isinstance(k, str) and len(k) == 64 and isinstance(v, dict) and set(v) == {"meaning", "rerun"}
                and isinstance(v["meaning"], str) and len(v["meaning"]) == 64 and isinstance(v["rerun"], list)
                and len(v["rerun"]) <= 64 and all(isinstance(x, str) and len(x) == 64 for x in v["rerun"])):
            _RUN[k] = v


def share(key: str, meaning: str) -> None:
    """Keep for the run a fact derived from the registry and the installed files alone, never from a
    certificate (``key`` and ``meaning``: sha256 hex digests), as the digests of re-derivations are kept:
    sent to the parent with them, handed to the checks forked after (quarks.checking.coq_instances: a
    claim's theorems passed the Coq gate)."""
    if len(_RUN) < MAX_SHARED:
        _RUN[key] = {"meaning": meaning, "rerun": []}
        _NEW.add(key)


def recall(key: str) -> str | None:
    """The ``meaning`` :func:`share` kept under ``key`` in this run, or None."""
    entry = _RUN.get(key)
    return entry["meaning"] if entry is not None else None


def known(cert: dict, claim) -> dict | None:
    """The digests of an earlier re-derivation of this certificate's claim and instance in this run
    (by another file's check), or None."""
    if claim.obligation is not None:
        return None
    return _RUN.get(_key(cert, claim))


def _first_difference(a, b, path="") -> str:
    if type(a) is not type(b):
        return path or "(top)"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}.{k}" if path else k
            d = _first_difference(a[k], b[k], f"{path}.{k}" if path else k)
            if d:
                return d
        return ""
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path} (length {len(a)} vs {len(b)})"
        for i, (x, y) in enumerate(zip(a, b)):
            d = _first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return ""
    return "" if a == b else (path or "(top)")


def _meaning(cert: dict) -> dict:
    """The fields compared with the re-derivation: all but when and by whom it was made, the refute
    search's bookkeeping (checked in bind), the declared timings (fields.TIMINGS) and where the claims
    module was loaded from on the writer's machine (``claims_module.load``, a hint: the module binds
    by its name and sha256)."""
    out = {k: cert.get(k) for k in MEANING_FIELDS}
    module = out.get("claims_module")
    if isinstance(module, dict):
        out["claims_module"] = {k: v for k, v in module.items() if k != "load"}
    data = dict(out.get("data") or {})
    data.pop("search", None)  # the refute search's own bookkeeping, checked in bind()
    for path in TIMINGS:
        if len(path) == 2 and path[0] == "data":
            data.pop(path[1], None)
    out["data"] = data
    evidence = out.get("evidence")
    if isinstance(evidence, list):
        out["evidence"] = [current(r) for r in evidence]   # procedures by today's names
    return out


def bind(cert: dict, regen: dict) -> str | None:
    """None when the certificate says exactly what the re-derived one says; else where it differs."""
    search = (cert.get("data") or {}).get("search")
    if search is not None and "~" in str(cert.get("claim")):
        from quarks.claims import refute

        s = refute.SEARCHES[cert["claim"].partition("~")[0]]
        if search.get("claim") != s.claim or search.get("hypothesis_dropped") != s.hypothesis_for(search["params"]):
            return "data.search does not name the search's claim and dropped hypothesis"
    d = _first_difference(_meaning(cert), _meaning(regen))
    return f"differs from what the claim's check derives at {d}" if d else None


def rerun_keys(regen: dict) -> set:
    """The exhaustive records of a re-derived certificate (already re-run): the sha256 of their canonical JSON."""
    return {rerun_digest(r) for r in regen.get("evidence", []) if r.get("kind") == "exhaustive"}
