"""The report as Markdown (README.md beside index.html; the same content, links and images)."""
from __future__ import annotations

from quarks.notebook.render import md, md_table
from quarks.report.html import PAPERS


def _claim_rows(rows) -> list:
    out = []
    for row in rows:
        links = " ".join(f"[{k + 1}]({e.href})" for k, e in enumerate(row.entries) if e.href)
        tally: dict = {}
        for e in row.entries:
            tally[e.status] = tally.get(e.status, 0) + 1
        verdicts = ", ".join(f"{k} {v}" for k, v in tally.items()) or "no verdict in the store"
        out.append([f"`{row.id}`", md(row.source), md(row.statement), md(row.outcome.upper() if
                    row.outcome.startswith("unexpected") else row.outcome), f"{row.elapsed:.2f} s",
                    md(verdicts), links])
    return out


def _raw_table(head, rows) -> str:
    """A table whose cells are already Markdown (escaped by the caller)."""
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def page(results, tables, figures, meta) -> str:
    counts: dict = {}
    for row in results.claims:
        counts[row.outcome] = counts.get(row.outcome, 0) + 1
    parts = ["# quarks: machine-checked claims about attention", "",
             "Claims: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) + ".", "",
             f"{len(results.entries)} verdict(s) from `{meta['store']}`, generated {meta['generated']}. "
             "Certificates are copied under `certificates/`; re-check one with `quarks check-cert FILE`.", ""]
    refuted = [(row, [e for e in row.entries if e.status == "refuted"]) for row in results.claims
               if row.outcome == "refuted as printed"]   # one bullet per claim, as in index.html
    if refuted:
        parts += [f"## Refuted as printed ({len(refuted)})", ""]
        parts += [f"- `{row.id}` ({md(row.source)})" + (f" ({len(es)} refuting instances; the first:)" if len(es) > 1 else "")
                  + f" `{es[0].text}`: {md(es[0].summary)}" + (f" ([certificate]({es[0].href}))" if es[0].href else "")
                  for row, es in refuted]
        parts.append("")
    parts += ["## Plots", ""]
    for f in figures:
        parts += [f"![{md(f.title)}]({f.file})" if f.file else f"**{md(f.title)}**: {md(f.caption)}", ""]
        if f.file:
            parts += [f"*{md(f.title)}.* {md(f.caption)}", ""]
    parts += ["## Exact counts", ""]
    for t in tables:
        parts += [f"### {md(t.title)}", "", md_table(t.head, t.rows), ""]
        if t.note:
            parts += [md(t.note), ""]
        if t.sources:
            parts += ["Read from: " + ", ".join(f"[{md(lab)}]({h})" if h else md(lab) for lab, h in t.sources), ""]
    parts += ["## Claims", ""]
    groups: dict = {}
    for row in results.claims:
        groups.setdefault(PAPERS.get(row.seed, row.seed), []).append(row)
    for title, rows in groups.items():
        parts += [f"### {md(title)}", "",
                  _raw_table(["claim", "source", "statement", "verdict", "time", "instances", "certificates"],
                             _claim_rows(rows)), ""]
    return "\n".join(parts) + "\n"
