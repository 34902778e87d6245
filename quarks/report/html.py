"""The report as one static HTML page (no scripts, no external resources)."""
from __future__ import annotations

from quarks.base.exact import readable as value_text
from quarks.claims.claim import PAPERS  # (authors, title, arXiv id per seed)
from quarks.claims.labels import instance_label, label_key
from quarks.notebook.render import Markup, badge, esc, html_table, status_style

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;margin:1.5em auto;max-width:1200px;
color:#222;padding:0 1em;line-height:1.4}
h1{font-size:1.6em}h2{border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:1.6em}
table{border-collapse:collapse;margin:.6em 0;font-size:90%}
th,td{border:1px solid #ccc;padding:3px 7px;vertical-align:top;text-align:left}
th{background:#f0f0f0}
td.num{text-align:right;font-family:ui-monospace,monospace;white-space:nowrap}
code{font-size:90%}
.stmt{max-width:560px}
details summary{cursor:pointer;color:#335}
ul.inst{margin:.3em 0;padding-left:1.2em}
.small{font-size:85%;color:#555}
figure{display:inline-block;margin:.5em 1em .5em 0;vertical-align:top;max-width:560px}
figure img{max-width:100%;border:1px solid #ddd}
figcaption{font-size:85%;color:#444}
"""


def _outcome_badge(outcome: str) -> Markup:
    if outcome.startswith("unexpected"):
        return badge("unexpected", outcome)
    return badge(outcome)


def _instances(row) -> str:
    if not row.entries:
        return '<br><span class="small">no verdict in the store</span>'
    items = []
    for e in row.entries:
        label = instance_label(row.claim if row.claim is not None else row, e.status, e.instance)
        link = (f' <a href="{esc(e.href)}">certificate</a>' if e.href else ' <span class="small">(certificate not found)</span>')
        t = f" {e.elapsed:.2f} s" if e.elapsed is not None else ""
        items.append(f"<li>{_outcome_badge(label)} <code>{esc(e.text)}</code> "
                     f'<span class="small">({esc(e.tier)})</span>{esc(t)}{link}<br>'
                     f'<span class="small">{esc(e.summary)}</span></li>')
    return f'<details><summary>{len(row.entries)} instance(s)</summary><ul class="inst">{"".join(items)}</ul></details>'


def _tier_counts(row) -> str:
    """Which tiers the row's verdicts came from: "quick 3", "quick 3, full 2"."""
    counts: dict = {}
    for e in row.entries:
        counts[e.tier] = counts.get(e.tier, 0) + 1
    return ", ".join(f"{t} {k}" for t, k in counts.items()) or "-"


def _links(row) -> str:
    return " ".join(f'<a href="{esc(e.href)}" title="{esc(e.text)}">[{k + 1}]</a>'
                    for k, e in enumerate(row.entries) if e.href)


def claims_section(results) -> str:
    groups: dict = {}
    for row in results.claims:
        groups.setdefault(PAPERS.get(row.seed, row.seed), []).append(row)
    out = []
    for k, (title, rows) in enumerate(groups.items()):
        out.append(f'<h3 id="paper-{k}">{esc(title)}</h3>' + "<table><thead><tr><th>claim</th><th>source</th><th>statement</th>"
                   "<th>verdict</th><th>tiers</th><th>time</th><th>certificates</th></tr></thead><tbody>")
        for row in rows:
            out.append(
                f'<tr id="{esc(row.id)}"><td><a href="{esc(claim_file(row.id))}"><code>{esc(row.id)}</code></a><br><span class="small">{esc(row.kind)}'  # noqa: E501
                f'{", expected refuted" if row.expected == "refuted" else ""}</span></td>'
                f"<td>{esc(row.source)}</td>"
                f'<td class="stmt">{esc(row.statement)}{_instances(row)}</td>'
                f'<td style="{status_style(_key(row.outcome))}">{_outcome_badge(row.outcome)}{_proof_badge(row)}</td>'
                f"<td>{esc(_tier_counts(row))}</td>"
                f'<td class="num">{row.elapsed:.2f} s</td><td>{_links(row)}</td></tr>')
        out.append("</tbody></table>")
    return "".join(out)


def _proof_badge(row) -> str:
    label = row.proof_label
    if not label:
        return ""
    key = label_key(label) if label.startswith("proved") else ("error" if "failed" in label else "not run")
    return f"<br>{badge(key, label)}"


def _key(outcome: str) -> str:
    return "unexpected" if outcome.startswith("unexpected") else outcome


def _checked(row) -> bool:
    """Checked on instances as expected (verified, consistent, explored), not refuted."""
    return bool(row.entries) and not row.outcome.startswith(("refuted", "unexpected", "error", "inconclusive",
                                                              "not run"))


def paper_tally(results) -> dict:
    """{paper: {"claims", "proved", "checked", "refuted as printed", "our variant refuted", "other"}}: the
    claims of the coverage table (quarks claims-table --coverage) by paper; a claim that is our own
    variant (a temperature too high, ...) is refuted but not a printed error."""
    groups: dict = {}
    for row in results.claims:
        groups.setdefault(PAPERS.get(row.seed, row.seed), []).append(row)
    out = {}
    for title, rows in groups.items():
        checked = sum(_checked(row) for row in rows)
        printed = sum(row.outcome == "refuted as printed" for row in rows)
        variant = sum(row.outcome.startswith("refuted (our variant") for row in rows)
        out[title] = {"claims": len(rows), "proved": sum(row.proof_label == "proved (Coq, all parameters)" for row in rows),
                      "checked": checked, "refuted as printed": printed, "our variant refuted": variant,
                      "other": len(rows) - checked - printed - variant}
    return out


def paper_summary(results) -> str:
    """One row per paper: claims, proved in Coq for all parameters, checked on instances, refuted as
    printed, our variant refuted, other (not run, inconclusive, error)."""
    head = "".join(f"<th>{h}</th>" for h in ("paper", "claims", "proved in Coq (all parameters)",
                                              "checked on instances", "refuted as printed", "our variant refuted",
                                              "other"))
    body = []
    for k, (title, n) in enumerate(paper_tally(results).items()):
        body.append(f'<tr><td><a href="#paper-{k}">{esc(title)}</a></td>'
                    + "".join(f'<td class="num">{n[c]}</td>' for c in ("claims", "proved", "checked", "refuted as printed",
                                                                       "our variant refuted", "other"))
                    + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _refuted_items(results) -> list:
    """One bullet per claim refuted as printed, its refuting instances grouped under it."""
    items = []
    for row in results.claims:
        if row.outcome != "refuted as printed":
            continue
        refuting = [e for e in row.entries if e.status == "refuted"]
        first = refuting[0]   # the outcome "refuted as printed" needs a refuted verdict
        cex = (first.cert or {}).get("counterexample")
        cex_text = value_text(cex) if cex is not None else ""
        if len(cex_text) > 240:
            cex_text = cex_text[:240] + " ..."
        more = f" ({len(refuting)} refuting instances; the first:)" if len(refuting) > 1 else ""
        items.append(f'<li><a href="#{esc(row.id)}"><code>{esc(row.id)}</code></a> ({esc(row.source)}){esc(more)} '
                     f"<code>{esc(first.text)}</code>: {esc(first.summary)}"
                     + (f'<br><span class="small">counterexample: {esc(cex_text)}</span>' if cex_text else "")
                     + "</li>")
    return items


def summary_section(results, meta) -> str:
    versions = sorted({e.version for e in results.entries})
    last = results.runs[-1] if results.runs else {}
    ref_items = _refuted_items(results)
    unexpected = [row for row in results.claims if row.outcome.startswith("unexpected") or row.outcome == "error"]
    toc = ['<a href="#summary">Summary</a>'] + ([f'<a href="#refuted">Refuted as printed ({len(ref_items)})</a>']
                                               if ref_items else [])
    toc += ['<a href="#plots">Plots</a>', '<a href="#counts">Exact counts</a>', '<a href="#claims">Claims</a>']
    return ('<p class="small">' + " · ".join(toc) + "</p>"
            + '<h2 id="summary">Summary</h2>' + paper_summary(results)
            + f'<p class="small">{len(results.claims)} claim(s), as in the coverage table '
            f"(<code>quarks claims-table --coverage</code>), {sum(1 for c in results.claims if c.entries)} of them "
            f"with verdicts: {len(results.entries)} verdict(s) from <code>{esc(meta['store'])}</code>; "
            f"package version(s) {esc(', '.join(versions))}; "
            f"{len(results.runs)} run(s), the last started {esc(last.get('started', '?'))}. "
            f"Generated {esc(meta['generated'])}. The certificates are copied next to this page; "
            f"re-check any of them with <code>quarks check-cert FILE</code>.</p>"
            + ("<h3>Unexpected verdicts</h3><ul>" + "".join(
                f'<li><a href="#{esc(r.id)}"><code>{esc(r.id)}</code></a>: {esc(r.outcome)}</li>' for r in unexpected)
               + "</ul>" if unexpected else "")
            + (f'<h3 id="refuted">Refuted as printed</h3><ul>{"".join(ref_items)}</ul>' if ref_items else ""))


def table_html(t) -> str:
    head = "".join(f"<th>{esc(h)}</th>" for h in t.head)
    body = "".join("<tr>" + "".join(f'<td{_num(c)}>{esc(c)}</td>' for c in row) + "</tr>" for row in t.rows)
    src = ", ".join((f'<a href="{esc(h)}">{esc(lab)}</a>' if h else esc(lab)) for lab, h in t.sources)
    return (f"<h3>{esc(t.title)}</h3><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            + (f'<p class="small">{esc(t.note)}</p>' if t.note else "")
            + (f'<p class="small">Read from: {src}</p>' if src else ""))


def _num(cell) -> str:
    """A right-aligned class for numeric cells."""
    text = str(cell).replace(",", "").replace(".", "", 1).lstrip("-")
    return ' class="num"' if text.isdigit() and not (len(text) > 1 and str(cell).startswith("0") and "." not in str(cell)) else ""


def figures_html(figures) -> str:
    out = []
    for f in figures:
        if f.file:
            out.append(f'<figure><img src="{esc(f.file)}" alt="{esc(f.title)}">'
                       f"<figcaption><b>{esc(f.title)}.</b> {esc(f.caption)}</figcaption></figure>")
        else:
            out.append(f'<p class="small"><b>{esc(f.title)}</b>: {esc(f.caption)}</p>')
    return "".join(out)


def page(results, tables, figures, meta) -> str:
    return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>quarks report</title><style>{CSS}</style></head><body>"
            "<h1>quarks: machine-checked claims about attention</h1>"
            + summary_section(results, meta)
            + '<h2 id="plots">Plots</h2>' + figures_html(figures)
            + '<h2 id="counts">Exact counts</h2>'
            + ("".join(table_html(t) for t in tables) if tables else
               '<p class="small">No counting certificates in the store.</p>')
            + '<h2 id="claims">Claims</h2>' + claims_section(results)
            + "</body></html>\n")


# --- one page per claim ------------------------------------------------------------------------------

def _value_table(obj) -> str:
    """A counterexample (or any JSON value) as a parameter table, values as mathematics."""
    if isinstance(obj, dict):
        rows = [[k, Markup(_value_table(v)) if isinstance(v, dict) or (isinstance(v, list) and v and all(
            isinstance(x, dict) for x in v)) else value_text(v)] for k, v in obj.items()]
        return html_table(["parameter", "value"], rows, align="left")
    if isinstance(obj, list) and obj and all(isinstance(x, dict) for x in obj):
        return "".join(_value_table(x) for x in obj)
    text = value_text(obj)
    return f"<code>{esc(text[:2000] + (' ...' if len(text) > 2000 else ''))}</code>"


def coq_statement(ref: str) -> tuple[int, str] | None:
    """The line and the statement text (up to ``Proof.``) of a theorem ``File.v:name`` in the
    package's theories; None when it is not found."""
    import re

    from quarks.certify.coq_gate import theory_path

    file, _, name = ref.partition(":")
    try:
        lines = theory_path(file).read_text().splitlines()
    except (OSError, ValueError):
        return None
    head = re.compile(r"\s*(Theorem|Lemma|Corollary|Proposition|Fact|Remark)\s+" + re.escape(name) + r"\b")
    for k, line in enumerate(lines):
        if head.match(line):
            text = []
            for ln in lines[k:k + 40]:
                text.append(ln)
                if "Proof." in ln or ln.rstrip().endswith("Qed."):
                    break
            body = "\n".join(text)
            return k + 1, body.split("Proof.")[0].rstrip()
    return None


def theory_page(file: str) -> str:
    """A Coq theory as a page with one anchor per line (L1, L2, ...), so theorems can be linked."""
    from quarks.certify.coq_gate import THEORIES, theory_path

    path = theory_path(file)
    lines = path.read_text().splitlines()
    body = "".join(f'<span id="L{k}"><a href="#L{k}" class="small">{k:4d}</a>  {esc(ln)}</span>\n'
                   for k, ln in enumerate(lines, 1))
    return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{esc(file)} - quarks report</title><style>{CSS}:target{{background:#ffd}}</style></head><body>"
            f"<h1><code>quarks/proofs/coq/{esc(path.relative_to(THEORIES).as_posix())}</code></h1><pre>{body}</pre></body></html>\n")


def theory_file(file: str) -> str:
    """The page of a theory, relative to the report directory."""
    return f"coq/{file}.html"


def claim_file(claim_id: str) -> str:
    """The page of a claim, relative to the report directory."""
    return "claims/" + "".join(c if c.isalnum() or c in "-_." else "_" for c in claim_id) + ".html"


def claim_page(row) -> str:
    """Statement, paper and source, the verdict of every instance with its parameters and tier,
    counterexamples as tables, certificate links, and the Coq theorems where there are some."""
    c = row.claim
    parts = [f"<h1><code>{esc(row.id)}</code></h1>",
             f'<p><a href="../index.html#{esc(row.id)}">back to the report</a></p>',
             html_table([], [["paper", c.source.paper if c is not None else row.source],
                                   ["source", row.source], ["kind", row.kind],
                                   ["statement", row.statement],
                                   ["verdict", _outcome_badge(row.outcome)]]
                        + ([["note", c.note]] if c is not None and c.note else []), align="left")]
    if c is not None and c.coq:
        items = []
        for t in c.coq:
            file, _, name = t.partition(":")
            found = coq_statement(t)
            where = (f'<a href="../{esc(theory_file(file))}#L{found[0]}"><code>{esc(file)}</code>, line {found[0]}</a>'
                     if found else f"<code>quarks/proofs/coq/{esc(file)}</code>")
            items.append(f"<li><code>{esc(name)}</code> ({where})"
                         + (f"<pre>{esc(found[1])}</pre>" if found else "") + "</li>")
        theorems = "".join(items)
        part = getattr(c, "coq_part", "")
        heading = "Proved in part in Coq" if part else "Proved for all parameters in Coq"
        left = f"<p><b>not proved:</b> {esc(part)}</p>" if part else ""
        parts.append(f"<h2>{heading}</h2><p>{_proof_badge(row) or 'not run'}</p>{left}"
                     f"<ul>{theorems}</ul>")
    parts.append("<h2>Instances</h2>")
    if not row.entries:
        parts.append('<p class="small">No verdict in the store.</p>')
    for e in row.entries:
        label = instance_label(c if c is not None else row, e.status, e.instance)
        tier = e.tier
        href = f"../{e.href}" if e.href else None
        parts.append(f"<h3>{_outcome_badge(label)} <code>{esc(e.text)}</code> "
                     f'<span class="small">({esc(tier)} tier, {e.elapsed or 0:.2f} s)</span></h3>'
                     + html_table(["parameter", "value"], [[k, value_text(v)] for k, v in sorted(e.instance.items())],
                                  align="left")
                     + f"<p>{esc(e.summary)}</p>"
                     + (f'<p><a href="{esc(href)}">certificate</a></p>' if href else ""))
        cex = (e.cert or {}).get("counterexample")
        if cex is not None:
            parts.append("<p><b>counterexample</b></p>" + _value_table(cex))
    return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{esc(row.id)} - quarks report</title><style>{CSS}</style></head><body>"
            + "".join(parts) + "</body></html>\n")
