"""What ``coqc`` prints for ``Print Assumptions``, read as data (pure text functions)."""
from __future__ import annotations

import re


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
            # "name : type"; a long type on the next lines after "name" (Coq 8.16) or "name :" (Coq 8.20)
            m = _AXIOM.match(ln)
            if m is None:
                return None
            names.append(m.group(1))
    return names


_AXIOM = re.compile(r"(\S+)(?:$| :(?: |$))")


def split_outputs(stdout: str) -> list[str]:
    """The outputs of consecutive ``Print Assumptions`` commands, one string each."""
    chunks: list[list[str]] = []
    for ln in stdout.splitlines():
        if ln.strip() == "Axioms:" or ln.startswith("Closed under the global context"):
            chunks.append([])
        if chunks:
            chunks[-1].append(ln)
    return ["\n".join(c) for c in chunks]


def locate_script(names) -> str:
    """Commands that print where each name points: ``Locate Term`` (a bare ``Locate File.x`` parses as
    ``Locate File <string>``), each answer ended by ``Check I``, whose output is the line ``I``."""
    return "".join(f"Locate Term {name}.\nCheck I.\n" for name in names)


def read_locate(stdout: str, names: list) -> tuple[dict | None, str]:
    """The answers of :func:`locate_script` at the start of ``stdout``: the fully qualified name of
    each of ``names`` that denotes a constant, inductive or constructor (a name that denotes nothing
    is left out), and the output after the last answer; (None, stdout) when there are fewer answers."""
    lines = stdout.splitlines()
    answers: list[list[list[str]]] = []
    current: list[list[str]] = []
    i = 0
    while len(answers) < len(names) and i < len(lines):
        ln = lines[i]
        i += 1
        if ln.strip() == "I":
            answers.append(current)
            current = []
            while i < len(lines) and lines[i][:1].isspace():   # the type of I: "     : True"
                i += 1
        elif ln and not ln[0].isspace():
            current.append(ln.split())
    if len(answers) != len(names):
        return None, stdout
    full = {}
    for name, found in zip(names, answers):
        first = found[0] if found else []   # the object the name denotes comes first
        if len(first) >= 2 and first[0] in ("Constant", "Inductive", "Constructor"):
            full[name] = first[1]
    return full, "\n".join(lines[i:])
