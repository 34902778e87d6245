"""What ``coqc`` prints for ``Print Assumptions``, read as data (pure text functions)."""
from __future__ import annotations


def parse_assumptions(text: str) -> list[str] | None:
    """The axiom names of one ``Print Assumptions`` output (None when it cannot be read)."""
    text = text.strip()
    if text.startswith("Closed under the global context"):
        return []
    lines = text.splitlines()
    if not lines or lines[0].strip() != "Axioms:":
        return None
    names = []
    for ln in lines[1:]:
        if ln and not ln[0].isspace():
            names.append(ln.split(" : ", 1)[0].strip())
    return names


def split_outputs(stdout: str) -> list[str]:
    """The outputs of consecutive ``Print Assumptions`` commands, one string each."""
    chunks: list[list[str]] = []
    for ln in stdout.splitlines():
        if ln.strip() == "Axioms:" or ln.startswith("Closed under the global context"):
            chunks.append([])
        if chunks:
            chunks[-1].append(ln)
    return ["\n".join(c) for c in chunks]
