"""Certificates as Coq theorems: realizations and Farkas certificates checked by Coq's kernel.

Each ``realization`` / ``nonrealization`` / ``decomposition`` evidence record becomes a theorem about the formal
T(n;d) of ``quarks/proofs/coq/Threshold.v``, proved by the reflective checkers of ``Checker.v``
(``check_realization_sound``, ``check_farkas_sound``) and of ``Decomposition.v``
(``check_decomposition_sound``) and ``vm_compute`` on the data:

    Theorem <name> : table_fun n tt \\in T n d.        (or \\notin)
    Theorem <name> : table_fun n tt \\in TB n (table_fun k B) (fun j : 'I_k => nth 0 ds j).

Other evidence kinds have no Coq checker yet and are listed as such, never as valid.
"""
from __future__ import annotations

import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from quarks.base.fileio import atomic_write

KINDS = ("realization", "nonrealization", "decomposition")

HEADER = """Set Warnings "-notation-overridden,-ambiguous-paths".
From mathcomp Require Import all_ssreflect all_algebra.
From Quarks Require Import Threshold Checker Decomposition.
From Coq Require Import ZArith.
Import ssrnat.
"""


@dataclass
class Exported:
    """One evidence record of a certificate: its Coq theorem, or why there is none."""

    certificate: str
    index: int
    kind: str
    theorem: str = ""          # empty: no Coq checker for this kind
    source: str = ""           # the .v text


@dataclass
class Export:
    """What ``quarks export-coq`` wrote into ``out``: every evidence record looked at and the .v files."""

    out: Path
    items: list = field(default_factory=list)    # Exported, one per evidence record
    files: list = field(default_factory=list)    # the .v files written

    @property
    def theorems(self) -> list[str]:
        return [e.theorem for e in self.items if e.theorem]


def _bools(n: int, bits: int) -> str:
    return "[:: " + "; ".join("true" if (bits >> x) & 1 else "false" for x in range(1 << n)) + "]"


def _pairs(pairs) -> str:
    return "[:: " + "; ".join(f"({int(a)}, {int(b)})" for a, b in pairs) + "]%Z"


def _polynomial(record: dict) -> list:
    """A realization record's polynomial as (mask, coefficient) pairs, f = [p > 0]."""
    return [(0, -int(record["threshold"]))] + list(zip(record["monomials"], record["weights"]))


def decomposition_text(record: dict, name: str) -> str:
    """The Coq theorem f \\in TB n B ds for a decomposition record, proved by Decomposition.v."""
    from quarks.certify.decomposition import parse_header
    from quarks.certify.threshold import parse_table

    n, table, operator, k, degrees = parse_header(record)
    ops = record["operands"]
    if not isinstance(ops, list) or len(ops) != k:
        from quarks.certify.base import CertificateError
        raise CertificateError(f"need {k} operand realizations")
    data = "; ".join(f"({_bools(n, parse_table(r)[2])}, {_pairs(_polynomial(r))})" for r in ops)
    ds = "; ".join(map(str, degrees))
    return (f"(** f = B(f_1, .., f_{k}) with f_j in T({n};d_j), d = {degrees}: f is in T_B. *)\n"
            f"Theorem {name} : table_fun {n} {_bools(n, table)}\n"
            f"  \\in TB {n} (table_fun {k} {_bools(k, operator)}) (fun j : 'I_{k} => nth 0%N [:: {ds}]%N j).\n"
            f"Proof. apply: (check_decomposition_sound (ops := [:: {data}])); by vm_compute. Qed.\n")


def theorem_text(record: dict, name: str) -> str:
    """The Coq theorem (statement and reflective proof) for one threshold evidence record."""
    from quarks.certify.threshold import parse_table

    if record["kind"] == "decomposition":
        return decomposition_text(record, name)
    n, d, bits = parse_table(record)
    tt = _bools(n, bits)
    if record["kind"] == "realization":
        p = _polynomial(record)
        return (f"(** f = [sum_S w_S x^S - t > 0]: f is in T({n};{d}). *)\n"
                f"Theorem {name} : table_fun {n} {tt} \\in T {n} {d}.\n"
                f"Proof. apply: (check_realization_sound (p := {_pairs(p)})); by vm_compute. Qed.\n")
    u = [tuple(x) for x in record["true"]] + [tuple(y) for y in record["false"]]
    return (f"(** Farkas multipliers balance every monomial of degree <= {d}: f is not in T({n};{d}). *)\n"
            f"Theorem {name} : table_fun {n} {tt} \\notin T {n} {d}.\n"
            f"Proof. apply: (check_farkas_sound (u := {_pairs(u)})); by vm_compute. Qed.\n")


def _name(path: Path, index: int) -> str:
    stem = re.sub(r"[^A-Za-z0-9_]", "_", f"{path.parent.name}__{path.stem}")
    return f"cert_{stem}_{index}"


def from_record(record: dict, name: str, certificate: str = "", index: int = 0) -> Exported:
    """One evidence record as an Exported theorem named ``name`` (no theorem for other kinds)."""
    kind = record.get("kind", "?") if isinstance(record, dict) else "?"
    e = Exported(certificate, index, kind)
    if kind in KINDS:
        e.theorem = name
        e.source = HEADER + "\n" + theorem_text(record, name)
    return e


def export(cert_path: Path) -> list[Exported]:
    """Every evidence record of a certificate file, as a Coq theorem where a checker exists."""
    from quarks.certify.load import load

    return from_certificate(load(cert_path), Path(cert_path))


def from_certificate(cert: dict, cert_path: Path) -> list[Exported]:
    """Every evidence record of a certificate already read (from ``cert_path``), as a Coq theorem where
    a checker exists: what check-cert --coq compiles, from what its confined check parsed."""
    return [from_record(r, _name(Path(cert_path), i), str(cert_path), i) for i, r in enumerate(cert["evidence"])]


def write(items: list[Exported], out: Path) -> list[Path]:
    """One .v file per theorem (written atomically), with the theories they need, a _CoqProject and a
    Makefile (:mod:`quarks.coq.project`): ``make`` builds them anywhere."""
    out.mkdir(parents=True, exist_ok=True)
    files, seen = [], set()
    for e in items:
        if e.theorem in seen:   # two certificates named alike (x/c.json in two directories): a fresh name
            k = 2
            while f"{e.theorem}_{k}" in seen:
                k += 1
            fresh = f"{e.theorem}_{k}"
            e.source = e.source.replace(f"Theorem {e.theorem} :", f"Theorem {fresh} :")
            e.theorem = fresh
        if e.theorem:
            seen.add(e.theorem)
            path = out / f"{e.theorem}.v"
            atomic_write(path, e.source)
            files.append(path)
    if files:
        from quarks.coq import project

        project.write(out, [p.name for p in files], "Certificates",
                          "Certificates as Coq theorems about T(n;d)")
    return files


def check(items: list[Exported]) -> list[tuple[Exported, str]]:
    """Compile each exported theorem against the compiled theories: (item, "valid (Coq)" |
    "rejected by Coq: ..." | "no Coq checker for kind K")."""
    from quarks.certify import coq_gate

    built = coq_gate.build()
    if not built.ok:
        raise coq_gate.CoqUnavailable(f"the Coq theories do not compile: {built.error}")
    results = []
    with tempfile.TemporaryDirectory(prefix="quarks-export-") as tmp:
        for e in items:
            if not e.theorem:
                results.append((e, f"no Coq checker for kind {e.kind}"))
                continue
            path = Path(tmp) / f"{e.theorem}.v"
            path.write_text(e.source)
            res = subprocess.run([coq_gate.coqc(), "-q", "-R", str(built.directory), coq_gate.LOGICAL, path.name],
                                 cwd=tmp, capture_output=True, text=True, env=coq_gate.env())
            if res.returncode == 0:
                results.append((e, f"valid (Coq): {e.theorem}"))
            else:
                msg = " ".join((res.stderr or res.stdout).split())
                msg = re.sub(r'File "[^"]*", line \d+, characters [\d-]+: ', "", msg)[:200]
                results.append((e, f"rejected by Coq: {e.theorem}: {msg}"))
    return results
