"""An exported Coq directory that builds on any machine with Coq and mathcomp: ``make``.

The quarks theories the exported files rest on (the closure of their ``From Quarks Require``
lines) are copied under ``quarks/`` and bound to the logical name ``Quarks``; the exported files
stay at the top, bound to their own logical name.  ``_CoqProject`` lists everything in compilation
order, the ``Makefile`` runs ``coq_makefile``, and ``README.md`` says how.  (In ``_CoqProject`` the
binding of ``quarks/`` comes after that of ``.``: Coq's later, more specific binding names the
copied theories ``Quarks.*``.)
"""
from __future__ import annotations

import re
from pathlib import Path

from quarks.base.fileio import atomic_write
from quarks.certify import coq_gate

SUBDIR = "quarks"
REQUIRE = re.compile(r"From\s+Quarks\s+Require\s+(?:Import\s+|Export\s+)?([A-Za-z0-9_'\s]+)\.")

MAKEFILE = """\
# Build every theorem of this directory: `make` (the Coq toolchain README.md names; coq_makefile writes
# CoqMakefile from _CoqProject).  Quiet unless something fails: Coq's messages (warnings of the
# theories among them) go to build.log, printed when the build fails.  `make clean` removes what
# the build wrote.
all: CoqMakefile
\t@$(MAKE) --no-print-directory -f CoqMakefile > build.log 2>&1 || { cat build.log; exit 1; }
\t@echo "built: every theorem of this directory compiled (Coq's messages: build.log)"

CoqMakefile: _CoqProject
\tcoq_makefile -f _CoqProject -o CoqMakefile

clean:
\tif [ -f CoqMakefile ]; then $(MAKE) -f CoqMakefile cleanall; fi
\trm -f CoqMakefile CoqMakefile.conf build.log

.PHONY: all clean
"""


def required(text: str) -> list[str]:
    """The quarks theories (module names) a Coq file requires directly."""
    return [m for group in REQUIRE.findall(text) for m in group.split()]


def compat_names(root: Path = coq_gate.THEORIES) -> set[str]:
    """The file names of the per-toolchain compatibility files (``QuarksCompat.v``, ...)."""
    return {Path(f).name for f in coq_gate.compat_files(root)}


def closure(texts, root: Path = coq_gate.THEORIES) -> list[str]:
    """The theory files (``folder/Name.v`` as in ``_CoqProject``, in its order) the given Coq texts need,
    transitively; a compatibility file needed is ``compat/Name.v`` (first: see :func:`write`)."""
    order = coq_gate.project_files(root)
    paths = coq_gate.theory_paths(root)
    compat = compat_names(root)
    need, todo = set(), [m for t in texts for m in required(t)]
    while todo:
        name = f"{todo.pop()}.v"
        if name in compat:
            need.add(f"{coq_gate.COMPAT}/{name}")
            continue
        if name not in paths:
            raise ValueError(f"{name} is not a quarks theory (not in _CoqProject)")
        f = paths[name]
        if f in need:
            continue
        need.add(f)
        todo += required((root / f).read_text())
    return sorted(f for f in need if f.startswith(coq_gate.COMPAT + "/")) + [f for f in order if f in need]


def _toolchain() -> coq_gate.Toolchain:
    """This machine's toolchain; without coqc, MathComp 2's (today's Coq)."""
    try:
        return coq_gate.toolchain()
    except coq_gate.CoqUnavailable:
        return coq_gate.Toolchain("8.20", 2)


def write(out: Path, files: list[str], logical: str, what: str, root: Path = coq_gate.THEORIES) -> list[str]:
    """Copy the theories that ``files`` (already written in ``out``) need, and write ``_CoqProject``,
    ``Makefile`` and ``README.md``; the copied theory paths, relative to ``out``."""
    out = Path(out)
    theories = closure([(out / f).read_text() for f in files], root)
    tc = _toolchain()
    for f in theories:   # a compatibility file: this toolchain's (compat/mc1/..., compat/mc2/...)
        src = coq_gate.compat_base(root) / coq_gate.COMPAT / tc.compat / Path(f).name if f.startswith(coq_gate.COMPAT + "/") else root / f
        atomic_write(out / SUBDIR / f, src.read_text())
    copied = [f"{SUBDIR}/{f}" for f in theories]
    atomic_write(out / "_CoqProject", f"-R . {logical}\n-R {SUBDIR} {coq_gate.LOGICAL}\n"
                 + "".join(f"{f}\n" for f in copied + list(files)))
    atomic_write(out / "Makefile", MAKEFILE)
    atomic_write(out / "README.md",
                 f"# {what}\n\nBuild with `make` (needs `coqc` and `coq_makefile` of the toolchain it was written for, "
                 f"{tc}: `apt-get install coq libcoq-mathcomp`; the compatibility files under `{SUBDIR}/{coq_gate.COMPAT}/` "
                 f"are that toolchain's).  The quarks theories these files rest on are "
                 f"copied under `{SUBDIR}/` ({', '.join(theories)}), bound to the logical name "
                 f"`{coq_gate.LOGICAL}`; the files here are `{logical}.*`.  Written by `quarks export-coq`.\n")
    return copied
