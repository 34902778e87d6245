"""quarks claims-table: the README's table of claims, generated from the registry."""
from __future__ import annotations


def add_parser(sub, verb):
    p = sub.add_parser(verb, help="print the claims table (Markdown) for the README",
                       description="Print the Markdown table of every registered claim (id, source, kind, "
                                   "expected outcome), as between the claims-table markers of README.md.")
    p.set_defaults(func=run)


def run(args) -> int:
    print(markdown())
    return 0


def markdown() -> str:
    from .. import registry

    lines = ["| claim | source | kind | expected |", "|---|---|---|---|"]
    for c in registry.claims().values():
        exp = c.expected_label()
        lines.append(f"| `{c.id}` | {c.source.seed[:3]} {c.source.number} | {c.kind} | {exp} |")
    return "\n".join(lines)
