"""quarks claims-table: the README's table of claims, and the coverage table of notes/README.md, generated
from the registry."""
from __future__ import annotations

from quarks.claims.labels import COVERAGE, label


def add_parser(sub, verb):
    p = sub.add_parser(verb, help="print the claims table (Markdown) for the README",
                       description="Print the Markdown table of every registered claim (id, source, kind, "
                                   "expected outcome), as between the claims-table markers of README.md.")
    p.add_argument("--coverage", action="store_true",
                   help="print the coverage table of notes/README.md instead: statement | claim | proved / proved in part / "
                        "checked / asymptotic / explored / refuted")
    p.set_defaults(func=run)


def run(args) -> int:
    print(coverage_markdown() if getattr(args, "coverage", False) else markdown())
    return 0


def markdown() -> str:
    from quarks.claims import registry

    lines = ["| claim | source | kind | expected |", "|---|---|---|---|"]
    for c in registry.listed().values():
        exp = label(c).text.replace("|", "&#124;")
        lines.append(f"| `{c.id}` | {c.source} | {c.kind} | {exp} |")
    return "\n".join(lines)


def coverage(claim) -> str:
    """How far a claim goes (the coverage of its label, quarks.claims.labels.label): refuted (as printed, or
    our variant), proved (Coq, or a SymPy derivation for all parameters), proved in part (Coq theorems for
    part of it, ``Claim.coq_part`` says which), explored, asymptotic (finite proxy only), or checked (on instances)."""
    return label(claim).coverage


def _proof(claim) -> str:
    if claim.coq:
        return "Coq" if claim.expected != "refuted" else "Coq (negation)"
    return "SymPy, all n" if claim.proved_for_all else ""


def coverage_markdown(include_test: bool = False) -> str:
    """statement | claim | label | proof, one row per claim, by seed and then in registry order (the label is
    quarks.claims.labels.label's, as every view prints it); a tally of the coverages."""
    from quarks.claims import registry

    claims = [c for c in registry.listed().values() if include_test or not c.id.startswith("test.")]
    claims.sort(key=lambda c: c.source.key)
    lines = ["| statement | claim | label | proof for all parameters |", "|---|---|---|---|"]
    tally = dict.fromkeys(COVERAGE, 0)
    for c in claims:
        lab = label(c)
        tally[lab.coverage] += 1
        lines.append(f"| {c.source} | `{c.id}` | {lab.text.replace('|', '&#124;')} | {_proof(c)} |")
    lines.append("")
    lines.append(f"{len(claims)} claims: " + ", ".join(f"{tally[k]} {k}" for k in COVERAGE) + ".")
    return "\n".join(lines)
