"""What a Coq theory may say: the scan for forbidden vernacular, outside comments and strings.

``Admitted``, ``admit``, ``Axiom(s)``, ``Parameter(s)``, ``Conjecture(s)``, ``Declare Instance`` /
``Module`` / ``ML Module``, ``Admit Obligations``, ``Load``, load-path and ``Cd`` commands, ``Unset ...
Checking`` and typing flags anywhere; ``Variable(s)``, ``Context``, ``Hypothesis``/``Hypotheses`` only
inside a section (where they are discharged).  quarks.certify.coq_gate refuses a theory that uses any.
"""
from __future__ import annotations

import re

FORBIDDEN = re.compile(
    r"\b(Admitted|admit|Axioms?|Parameters?|Conjectures?|bypass_check|Primitive|Register"
    r"|Declare\s+(?:ML\s+Module|Instance|Module)|Admit\s+Obligations|Load|Add\s+(?:Rec\s+)?LoadPath"
    r"|Add\s+ML\s+Path|Cd)\b|\b(?:Set|Unset)\s+(?:\w+\s+)?Checking\b|\bTyping\s+Flags\b")
# Allowed inside a section (its local assumptions are discharged at the end), never at top level.
SECTION_ONLY = re.compile(r"(?:^|\.)\s*(?:#\[[^\]]*\]\s*)?(?:(?:Local|Global|Polymorphic)\s+)*"
                          r"(Variables?|Context|Hypothesis|Hypotheses)\b")
SENTENCE = re.compile(r"\b(Section|Module(?:\s+Type)?|End)\s+([A-Za-z_][A-Za-z0-9_']*)")


def strip_comments(text: str) -> str:
    out, depth, i = [], 0, 0
    while i < len(text):
        if text.startswith("(*", i):
            depth += 1
            i += 2
        elif text.startswith("*)", i) and depth:
            depth -= 1
            i += 2
        else:
            if not depth:
                out.append(text[i])
            i += 1
    return "".join(out)


def strip_strings(text: str) -> str:
    return re.sub(r'"(?:[^"]|"")*"', '""', text)


def forbidden(text: str) -> list[str]:
    """The forbidden vernacular used outside comments and strings (see the module docstring)."""
    code = strip_strings(strip_comments(text))
    found = {" ".join(m.group(0).split()) for m in FORBIDDEN.finditer(code)}
    # Variable/Context/Hypothesis are local assumptions only inside a section
    events = sorted((m.start(), m.group(1).split()[0], m.group(2)) for m in SENTENCE.finditer(code))
    stack, pos = [], 0
    for m in SECTION_ONLY.finditer(code):
        while pos < len(events) and events[pos][0] < m.start(1):
            _, kind, name = events[pos]
            if kind != "End":
                stack.append((kind, name))
            elif stack and stack[-1][1] == name:
                stack.pop()
            pos += 1
        if not any(kind == "Section" for kind, _ in stack):
            found.add(f"top-level {m.group(1)}")
    return sorted(found)
