"""A complete classification of the functions of n <= 4 variables, proved by Coq's kernel.

Function number t (bit k of t = f at the point with index k) gets the certificate that
:mod:`quarks.solvers.classify` found: ``Real cs`` (a realizing polynomial's integer coefficients
on the masks of degree <= d, in increasing order; f(x) = [p(x) > 0]) or ``Fark u`` (Farkas
multipliers as (point, weight) pairs).  The certificates go to chunk files ``T4_1_00.v`` ..
(data only, elaborated in parallel), and the main file ``T4_1.v`` runs the reflective checker of
``Classify.v`` on all of them with ``vm_compute`` and concludes

    Theorem card_T4_1 : #|T 4 1| = 1882.
    Theorem mem_T4_1 t : (t < 2 ^ (2 ^ 4))%N ->
      (fun_of 4 (Z.of_nat t) \\in T 4 1) = is_real (nth (Real [::]) certs t).

The theorem text is written from the stated n, d and count, never from the certificates.  The
generated files are compiled in a cache keyed by their sha256 (and the theories' build), under the
logical name ``QuarksClass``.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from quarks.base.fileio import atomic_write
from quarks.certify import coq_gate
from quarks.certify.base import CertificateError, NotChecked, Outcome

MAX_N = 4
CHUNK = 4096
LOGICAL = "QuarksClass"
HEADER = """Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import ssreflect ssrbool ssrnat seq eqtype fintype finset.
From Quarks Require Import Threshold Classify.
From Coq Require Import ZArith.
Import ssrnat.
"""


def low_masks(n: int, d: int) -> list[int]:
    """The masks 0 <= m < 2^n with at most d variables, in increasing order (Classify.masks)."""
    return [m for m in range(1 << n) if bin(m).count("1") <= d]


def _shape_error(n: int, d: int, P: dict) -> str:
    """'' when the arrays have the shapes a classification of n variables at degree d needs."""
    try:
        member = np.asarray(P["member"], bool)
        real, farkas = np.asarray(P["real"]), np.asarray(P["farkas"])
    except KeyError as exc:
        return f"the payload lacks {exc.args[0]!r}"
    if member.shape != (1 << (1 << n),):
        return f"member must list all {1 << (1 << n)} functions of {n} variables"
    if real.ndim != 2 or real.shape != (int(member.sum()), len(low_masks(n, d))):
        return "real must have one row of coefficients per member"
    if farkas.ndim != 2 or farkas.shape != (int((~member).sum()), 1 << n):
        return "farkas must have one row of multipliers per non-member"
    if real.dtype.kind != "i" or farkas.dtype.kind != "i":
        return "coefficients and multipliers must be integers"
    return ""


def _certs_text(n: int, P: dict) -> list[str]:
    member = np.asarray(P["member"], bool)
    real, farkas = iter(np.asarray(P["real"]).tolist()), iter(np.asarray(P["farkas"]).tolist())
    out = []
    for m in member.tolist():
        if m:
            out.append("Real [:: " + "; ".join(map(str, next(real))) + "]")
        else:
            w = next(farkas)
            out.append("Fark [:: " + "; ".join(f"({k}, {w[k]})" for k in range(1 << n) if w[k]) + "]")
    return out


def base_name(n: int, d: int) -> str:
    return f"T{n}_{d}"


def theory_files(n: int, d: int, count: int, P: dict, chunk: int = CHUNK) -> dict:
    """The .v files (name -> text, in compilation order) proving #|T n d| = count from P."""
    certs = _certs_text(n, P)
    base = base_name(n, d)
    files, parts = {}, []
    for i, lo in enumerate(range(0, len(certs), chunk)):
        part = certs[lo:lo + chunk]
        mod = f"{base}_{i:02d}"
        files[f"{mod}.v"] = (HEADER + f"\n(** The certificates of functions {lo} .. {lo + len(part) - 1} "
                             f"for T({n};{d}). *)\n"
                             f"Definition certs : list cert := [::\n  " + ";\n  ".join(part) + "]%Z.\n")
        parts.append(mod)
    N = 1 << (1 << n)
    files[f"{base}.v"] = (
        HEADER + f"From {LOGICAL} Require {' '.join(parts)}.\n\n"
        f"(** One certificate for each of the 2^(2^{n}) = {N} functions of {n} variables. *)\n"
        f"Definition certs : list cert := {' ++ '.join(m + '.certs' for m in parts)}.\n\n"
        f"(** Every certificate is valid (Checker.v), and {count} of them are realizations. *)\n"
        f"Lemma check : check_class {n} {d} certs = Some {count}.\n"
        f"Proof. vm_cast_no_check (@Logic.eq_refl _ (Some {count})). Qed.\n\n"
        f"(** |T({n};{d})| = {count}. *)\n"
        f"Theorem card_{base} : #|T {n} {d}| = {count}.\n"
        f"Proof. exact: classification check. Qed.\n\n"
        f"(** Function number t is in T({n};{d}) exactly when its certificate is a realization. *)\n"
        f"Theorem mem_{base} t : (t < 2 ^ (2 ^ {n}))%N ->\n"
        f"  (fun_of {n} (Z.of_nat t) \\in T {n} {d}) = is_real (nth (Real [::]) certs t).\n"
        f"Proof. exact: classification_mem check. Qed.\n")
    return files


@dataclass
class Result:
    """The outcome of compiling one classification."""

    n: int
    degree: int
    count: int
    proved: bool
    message: str
    theorems: list = field(default_factory=list)
    axioms: list = field(default_factory=list)
    seconds: dict = field(default_factory=dict)     # file -> compile seconds
    cached: bool = False

    @property
    def total_seconds(self) -> float:
        return round(sum(self.seconds.values()), 1)


def _coqc(theories: Path, work: Path, f: str) -> tuple[str, float, str, str]:
    """Compile ``f``: (f, seconds, error or "", stdout)."""
    t0 = time.perf_counter()
    out = subprocess.run([coq_gate.coqc(), "-q", "-R", str(theories), "Quarks", "-R", ".", LOGICAL, f], cwd=work,
                         capture_output=True, text=True, env=coq_gate.env())
    err = "" if out.returncode == 0 else " ".join((out.stderr or out.stdout).split())
    return f, round(time.perf_counter() - t0, 2), err, out.stdout


def prove(n: int, d: int, count: int, P: dict, jobs: int = 2, progress=None) -> Result:
    """Compile the classification (chunks in parallel, then the main file) and check what
    ``card_T{n}_{d}`` assumes.  Raises coq_gate.CoqUnavailable without coqc."""
    coq_gate.coqc()
    bad = _shape_error(n, d, P)
    if bad:
        return Result(n, d, count, False, f"malformed classification: {bad}")
    b = coq_gate.build()
    if not b.ok:
        return Result(n, d, count, False, f"the theories do not compile: {b.error}")
    files = theory_files(n, d, count, P)
    base = base_name(n, d)
    theorems = [f"card_{base}", f"mem_{base}"]
    key = hashlib.sha256(json.dumps([str(b.directory), sorted((k, hashlib.sha256(v.encode()).hexdigest())
                                                              for k, v in files.items())]).encode()).hexdigest()[:24]
    target = coq_gate.cache_root() / "classes" / key
    marker = target / "result.json"
    for done in (marker, read_only_result(key)):   # compiled here, or by verify in the cache check-cert only reads
        if done is not None and done.is_file():
            info = json.loads(done.read_text())
            return Result(n, d, count, True, info["message"], theorems, info["axioms"], info["seconds"], cached=True)
    with coq_gate.build_lock(target):          # another process compiling the same files: wait for it
        if marker.is_file():
            info = json.loads(marker.read_text())
            return Result(n, d, count, True, info["message"], theorems, info["axioms"], info["seconds"],
                          cached=True)
        return _compile(n, d, count, b, files, base, theorems, marker, jobs, progress)


def read_only_result(key: str) -> Path | None:
    """Where the cache check-cert reads but never writes keeps the classification of ``key`` (None
    outside check-cert, and with every assumption to be printed again: check-cert --rederive)."""
    ro = os.environ.get(coq_gate.READ_ONLY_CACHE)
    if not ro or os.environ.get(coq_gate.FRESH_ASSUMPTIONS):
        return None
    return Path(ro) / "classes" / key / "result.json"


def _compile(n: int, d: int, count: int, b, files: dict, base: str, theorems: list, marker: Path, jobs: int,
             progress) -> Result:
    target = marker.parent
    work = Path(tempfile.mkdtemp(prefix="quarks-class-"))
    try:
        for name, text in files.items():
            (work / name).write_text(text)
        chunks, main = list(files)[:-1], list(files)[-1]
        seconds = {}
        with ThreadPoolExecutor(max(1, jobs)) as pool:
            for f, s, err, _ in pool.map(lambda f: _coqc(b.directory, work, f), chunks):
                seconds[f] = s
                if progress:
                    progress(f)
                if err:
                    return Result(n, d, count, False, f"rejected by Coq: {f}: {err[:400]}", theorems, [], seconds)
        # the main file ends by printing what its theorems assume: no second coqc loads them again
        (work / main).write_text(files[main] + "\n" + coq_gate.print_script(theorems))
        f, s, err, stdout = _coqc(b.directory, work, main)
        seconds[f] = s
        if err:
            m = re.search(r"Error:(.*)", err)
            return Result(n, d, count, False, f"rejected by Coq: {main} (Lemma check / card_{base}): "
                                              f"{(m.group(1) if m else err).strip()[:300]}", theorems, [], seconds)
        axioms = _assumptions(b.directory, work, base, theorems, stdout)
        extra = [a for a in axioms if not coq_gate.allowed(a)] if axioms is not None else None
        if extra is None or extra:
            why = "unreadable Print Assumptions output" if extra is None else f"assumes {', '.join(extra)}"
            return Result(n, d, count, False, why, theorems, axioms or [], seconds)
        assert axioms is not None  # extra is None exactly when axioms is, returned above
        msg = (f"#|T({n};{d})| = {count} proved by Coq's kernel: {len(chunks)} chunk files and {main} "
               f"compiled in {sum(seconds.values()):.0f} s of CPU")
        res = Result(n, d, count, True, msg, theorems, axioms, seconds)
        target.mkdir(parents=True, exist_ok=True)
        atomic_write(marker, json.dumps({"message": msg, "axioms": axioms, "seconds": seconds}))
        return res
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _assumptions(theories: Path, work: Path, base: str, theorems: list, stdout: str) -> list | None:
    """The fully qualified assumptions of the main file's theorems (the union), from what it printed;
    None when any of them cannot be read or resolved."""
    found = coq_gate.read_assumptions(stdout, len(theorems), theories, HEADER + f"From {LOGICAL} Require Import {base}.\n",
                                      args=("-R", str(work), LOGICAL))
    if any(names is None for names, _ in found):
        return None
    return list(dict.fromkeys(a for names, _ in found for a in names or []))   # fully qualified, as the allow-list is


# --- the evidence kind ``coq-classification`` ----------------------------------------------------

def check_coq_classification(record: dict, ctx) -> Outcome:
    from quarks.certify.halves import inline_npz, integer

    n, d, count = integer(record, "n"), integer(record, "degree"), integer(record, "count")
    data = record.get("data")
    if not isinstance(data, dict):
        raise CertificateError("coq-classification record needs a payload")
    if not 1 <= n <= MAX_N or not 0 <= d <= n:
        raise CertificateError(f"coq-classification supports 1 <= n <= {MAX_N} and 0 <= d <= n, not n={n}, d={d}")
    if "npz_base64" in data:  # inline, before the certificate is written
        P = inline_npz(data["npz_base64"])
    elif isinstance(data.get("$payload"), dict) and data["$payload"].get("format") == "npz":
        P = ctx.load_payload(data["$payload"])
    else:
        raise CertificateError("coq-classification data must be an .npz payload")
    if not coq_gate.available():
        raise NotChecked("not checked: coqc not installed")
    res = prove(n, d, count, P)
    return Outcome(res.proved, res.proved, res.message)
