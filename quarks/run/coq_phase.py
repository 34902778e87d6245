"""The Coq phase of a verification run: the claims' theorems checked in one pass, and skipped on
``--resume`` when nothing they were checked against has changed.

All theorems of all selected claims go to one ``Print Assumptions`` script (one ``coqc`` that
loads each theory once, instead of one per claim).  A claim's proof is *unchanged* when the store
recorded it proved at this package version under the same key: the sha256 of the build (its
directory, named from coqc's version and the theory files' hashes), of every compiled ``.vo`` in
it, and of the claim's theorem names; and its certificate is still on disk.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from quarks.base.progress import duration, messages
from quarks.base.version import __version__
from quarks.certificates import certificate
from quarks.certify.coq import record
from quarks.checking.binding import proof_verdict
from quarks.claims.claim import Verdict

PROOF_INSTANCE = {"proof": "coq"}


def build_key(build) -> str:
    """The sha256 of a compiled build: its directory name and every .vo file in it."""
    h = hashlib.sha256(build.directory.name.encode())
    for vo in sorted(Path(build.directory).glob("*.vo")):
        h.update(vo.name.encode())
        h.update(hashlib.sha256(vo.read_bytes()).digest())
    return h.hexdigest()


def proof_key(claim, bkey: str) -> str:
    return hashlib.sha256(json.dumps([bkey, list(claim.coq)]).encode()).hexdigest()


def prebuild(claims):
    """Compile the theories in a forked process when some selected claim needs them (its Coq
    theorems, or a check that compiles against them): the process, or None."""
    import multiprocessing as mp

    from quarks.certify import coq_gate

    roots = {c.coq_root() for c in claims if c.coq} | ({coq_gate.THEORIES} if any(c.uses_coq for c in claims) else set())
    roots = {r for r in roots if (r / "_CoqProject").is_file()}
    if not roots or not coq_gate.available():
        return None
    proc = mp.get_context("fork").Process(target=_build_quietly, args=(sorted(roots),), daemon=True)
    proc.start()
    return proc


def _build_quietly(roots) -> None:
    from quarks.certify import coq_gate

    for root in roots:
        coq_gate.build(root)


def _unchanged(claim, db, key) -> dict | None:
    """The recorded proof of a claim when it may be reused (see the module docstring)."""
    rec = db.proof(claim.id)
    if (rec is None or rec["status"] != "proved" or rec["version"] != __version__
            or rec["theorems"] != list(claim.coq) or db.proof_key(claim.id, __version__) != key
            or not rec["certificate"] or not Path(rec["certificate"]).is_file()):
        return None
    return rec


def built(claims) -> bool:
    """True when every theory the claims' Coq theorems need is compiled in the cache (or none is needed)."""
    from quarks.certify import coq_gate

    roots = {c.coq_root() for c in claims if c.coq}
    return all(coq_gate.compiled(r) for r in roots if (r / "_CoqProject").is_file())


def _check_in_parallel(coq_gate, groups: list, jobs: int, root: Path, say=None) -> list:
    """``coq_gate.check_groups`` on ``groups`` (each claim's theorems, printed together: a claim's
    assumptions are the union of its theorems'), in batches of whole groups, ``jobs`` coqc at once;
    ``say(line)`` after each batch: how many are checked, the time spent and about how long is left.
    The Proofs of each group, in order."""
    import time
    from concurrent.futures import ThreadPoolExecutor, as_completed

    asked = [tuple(g) for g in groups]
    position = {g: i for i, g in enumerate(dict.fromkeys(asked))}   # claims citing the same theorems: printed once
    groups = [list(g) for g in position]
    total = sum(len(g) for g in groups)
    nparts = max(1, min(jobs, len(groups))) if total >= 16 else 1   # each batch loads its files once
    parts: list[list[int]] = [[] for _ in range(nparts)]
    for i in sorted(range(len(groups)), key=lambda i: -len(groups[i])):
        min(parts, key=lambda p: sum(len(groups[j]) for j in p)).append(i)
    parts = [p for p in parts if p]
    if len(parts) == 1 or not coq_gate.available():   # without coqc: each theorem "not checked", no build
        out = coq_gate.check_groups(groups, root)
        return [out[position[g]] for g in asked]
    coq_gate.build(root)   # once, before the parts look it up in the cache
    t0, out = time.monotonic(), [[] for _ in groups]
    theorems, finished = len({r for g in groups for r in g}), set()   # counted once, as "checking N theorem(s)" says
    with ThreadPoolExecutor(min(jobs, len(parts))) as pool:
        futures = {pool.submit(coq_gate.check_groups, [groups[i] for i in part], root): part for part in parts}
        for fut in as_completed(futures):
            for i, proofs in zip(futures[fut], fut.result()):
                out[i] = proofs
                finished.update(groups[i])
            if say is not None:
                spent, done = time.monotonic() - t0, len(finished)
                left = f", about {duration(spent / done * (theorems - done))} left" if done < theorems else ""
                say(f"Coq: {done}/{theorems} theorem(s) checked, {duration(spent)}{left}")
    return [out[position[g]] for g in asked]


def prove_claims(claims, out: Path | None = None, db=None, run: int | None = None, progress: bool = False,
                 resume: bool = False, jobs: int | None = None) -> list:
    """Check the Coq theorems of every claim that has some: one row per claim with status proved,
    not checked (coqc not installed) or failed; a certificate ``CLAIM/proof=coq.json`` for each
    checked claim, and a row in the store's ``proofs`` table.  With ``resume`` (and a store), a
    claim whose proof is unchanged since it was recorded is not re-checked (row ``skipped``).
    The package's theories and those of each claims module's ``coq_dir`` are built separately."""
    import os

    claims = [c for c in claims if c.coq]
    by_root: dict = {}
    for c in claims:
        by_root.setdefault(c.coq_root(), []).append(c)
    rows: dict = {}
    for root, group in by_root.items():
        rows.update(_prove(root, group, out, db, run, progress, resume, jobs or os.cpu_count() or 1))
    return [rows[c.id] for c in claims]


def _prove(root: Path, claims: list, out, db, run, progress: bool, resume: bool, jobs: int) -> dict:
    """The rows of the claims whose theorems are in the _CoqProject at ``root``, by claim id."""
    from quarks.certify import coq_gate
    from quarks.certify.coq import installed_toolchain, theory_hashes

    say = (lambda line: print(line, file=messages(), flush=True)) if progress else None
    build = None
    if coq_gate.available() and (root / "_CoqProject").is_file():
        if say is not None and not coq_gate.compiled(root):
            say(f"Coq: compiling the theories of {root.name} (once; cached in {coq_gate.cache_root()})")
        build = coq_gate.build(root)
    bkey = build_key(build) if build is not None and build.ok else ""
    keys = {c.id: proof_key(c, bkey) for c in claims}
    rows, todo = {}, []
    for c in claims:
        old = _unchanged(c, db, keys[c.id]) if resume and db is not None and bkey else None
        if old is not None:
            rows[c.id] = {"claim": c.id, "status": "proved", "theorems": [], "skipped": True,
                          "message": f"unchanged since it was checked: {old['message']}",
                          "certificate": old["certificate"]}
        else:
            todo.append(c)
    refs = list(dict.fromkeys(r for c in todo for r in c.coq))
    where = "" if root == coq_gate.THEORIES else f" in {root}"
    if progress and build is not None and not refs:
        print(f"Coq: the proofs of {len(claims)} claim(s){where} are unchanged since they were checked, not re-checked",
              file=messages(), flush=True)
    elif progress and build is not None:
        from quarks.run.forecast import busy, coq_seconds

        lanes = min(jobs, len(refs))
        print(f"Coq: checking {len(refs)} theorem(s) of {len(todo)} claim(s){where}"
              + ("" if len(todo) == len(claims) else f"; {len(claims) - len(todo)} claim(s) unchanged, not re-checked")
              + f"; expected about {duration(coq_seconds(len(refs), True, busy(extra=lanes), lanes))}",
              file=messages(), flush=True)
    checked = _check_in_parallel(coq_gate, [list(c.coq) for c in todo], jobs, root, say) if refs else []
    files = theory_hashes(root) if (root / "_CoqProject").is_file() else {}
    made_on = installed_toolchain() if build is not None else None
    for c, proofs in zip(todo, checked):
        rows[c.id] = _row(c, proofs, record(c, proofs, files, made_on), out, db, run, keys[c.id] if bkey else None)
    return rows


def _row(c, proofs, rec, out, db, run, key) -> dict:
    statuses = {p.status for p in proofs}
    status = "failed" if "failed" in statuses else ("not checked" if "not checked" in statuses else "proved")
    failed = [p for p in proofs if p.status != "proved"]
    axioms = ", ".join(sorted({a for p in proofs for a in p.axioms})) or "none"
    message = (f"{failed[0].ref}: {failed[0].message}" if failed else
               ("refutation (the negation of the printed statement): " if c.expected == "refuted" else "")
               + f"{len(proofs)} theorem(s); assumptions: {axioms}")
    path = None
    if status != "not checked" and out is not None and rec is not None:
        verdict = (Verdict("error", message, [rec], reason=message) if status != "proved"
                   else proof_verdict(c, rec))
        cert = certificate.build(c, dict(PROOF_INSTANCE), verdict, proofs[0].seconds if proofs else 0.0)
        path = str(certificate.write(cert, Path(out) / c.id / "proof=coq.json"))
    if db is not None:
        db.record_proof(run, c.id, __version__, status, list(c.coq), message, path)
        if key is not None and status == "proved" and path is not None:
            db.record_proof_key(c.id, __version__, key)
    return {"claim": c.id, "status": status, "theorems": [p.as_dict() for p in proofs], "message": message,
            "certificate": path}
