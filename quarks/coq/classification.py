"""A classification #|T(n;d)| = count written out as a Coq project (``make`` builds it).

The theory text is the checking kernel's (:mod:`quarks.certify.coq_classification`): the same files the
``coq-classification`` evidence kind compiles, with the quarks theories they need beside them.
"""
from __future__ import annotations

from pathlib import Path

from quarks.base.fileio import atomic_write
from quarks.certify.coq_classification import LOGICAL, theory_files
from quarks.coq import project


def write(n: int, d: int, count: int, P: dict, out: Path) -> list[str]:
    """Write the theory files into ``out`` (each file complete or absent), with the quarks theories
    they need, a _CoqProject and a Makefile (:mod:`quarks.coq.project`): ``make`` builds them."""
    files = theory_files(n, d, count, P)
    for name, text in files.items():
        atomic_write(Path(out) / name, text)
    project.write(Path(out), list(files), LOGICAL, f"#|T({n};{d})| = {count} as a Coq theorem")
    return list(files)
