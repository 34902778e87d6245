"""Rich display: truth tables, realizations, certificates, verdicts, reports and classes as HTML
and Markdown (what Jupyter shows through ``_repr_html_`` and ``_repr_markdown_``).

Rendering lives here and in quarks.notebook.classes, above what it renders: quarks.notebook (run
when ``quarks`` is imported) gives each type its two notebook methods, so no value type imports
this module.

Every function here is pure: it takes an object (or a plain dict) and returns a string.  All text
that comes from data is escaped (:func:`esc` for HTML, :func:`md` for Markdown table cells).
Conventions are those of :mod:`quarks.base.boolean`: x1 is bit 0 of the point index, f(x) = 1 is true.
"""
from __future__ import annotations

import html

from quarks.claims.claim import Source

# status -> (background, text colour)
COLOURS = {
    "verified": ("#d8f0dc", "#14532d"),
    "refuted": ("#ffe8c2", "#7c3a00"),
    "refuted as printed": ("#ffe8c2", "#7c3a00"),
    "inconclusive": ("#fff6bf", "#5c4a00"),
    "error": ("#f9d0d0", "#7f1d1d"),
    "unexpected": ("#f9d0d0", "#7f1d1d"),
    "not run": ("#eeeeee", "#444444"),
    "ok": ("#d8f0dc", "#14532d"),
    # neither green nor red: a finite check of an asymptotic statement, an exploration, our variant
    "consistent": ("#e3ecf7", "#1e3a5f"),
    "explored": ("#ece6f5", "#3b2a5c"),
    "variant": ("#f3ece0", "#5c4326"),
}
TRUE_CELL = "background:#1f6f3f;color:#fff"
FALSE_CELL = "background:#f4f4f4;color:#999"
TABLE = "border-collapse:collapse;font-family:ui-monospace,monospace;font-size:90%"
CELL = "border:1px solid #ccc;padding:2px 6px;text-align:center"


# --- escaping ------------------------------------------------------------------------------------

def esc(text) -> str:
    """HTML-escape any value's text (quotes included)."""
    return html.escape(str(text), quote=True)


_MD_SPECIAL = "\\`*_[]<>|~$"


def md(text) -> str:
    """Escape text for a Markdown table cell: special characters backslashed, newlines as spaces."""
    s = str(text).replace("\r", " ").replace("\n", " ")
    return "".join("\\" + c if c in _MD_SPECIAL else c for c in s)


def md_table(head, rows) -> str:
    """A Markdown table; cells are escaped."""
    lines = ["| " + " | ".join(md(h) for h in head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(md(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def html_table(head, rows, row_styles=None, cell_styles=None, align: str = "center") -> str:
    """An HTML table; cells are escaped unless given as ``Markup``."""
    cell = CELL.replace("text-align:center", f"text-align:{align}")
    out = [f'<table style="{TABLE}">']
    if any(str(h) for h in head):   # no header row of empty cells
        out.append("<thead><tr>" + "".join(f'<th style="{CELL};background:#eee">{_cell(h)}</th>' for h in head)
                   + "</tr></thead>")
    out.append("<tbody>")
    for i, row in enumerate(rows):
        rs = row_styles[i] if row_styles else ""
        out.append(f'<tr style="{rs}">' if rs else "<tr>")
        for j, c in enumerate(row):
            cs = cell_styles[i][j] if cell_styles and cell_styles[i] and cell_styles[i][j] else ""
            out.append(f'<td style="{cell};{cs}">{_cell(c)}</td>')
        out.append("</tr>")
    out.append("</tbody></table>")
    return "".join(out)


class Markup(str):
    """A string that is already HTML (not escaped again by :func:`html_table`)."""


def _cell(c) -> str:
    return c if isinstance(c, Markup) else esc(c)


def _colour_key(status: str) -> str:
    from quarks.claims.labels import label_key
    key = label_key(status)
    return key if key in COLOURS else "error"


def badge(status: str, label: str | None = None) -> Markup:
    """A coloured status label."""
    key = _colour_key(status)
    bg, fg = COLOURS[key]
    return Markup(f'<span style="background:{bg};color:{fg};padding:1px 6px;border-radius:3px;'
                  f'font-weight:600">{esc(label or status)}</span>')


def status_style(status: str) -> str:
    key = _colour_key(status)
    bg, fg = COLOURS[key]
    return f"background:{bg};color:{fg}"


def var(i: int) -> Markup:
    """x_{i+1} in HTML (variables are 0-based in code)."""
    return Markup(f"<i>x</i><sub>{i + 1}</sub>")


def point(x: int, n: int) -> str:
    """The point x as the bit string x1 x2 ... xn."""
    return "".join(str((x >> i) & 1) for i in range(n))


# --- truth tables ----------------------------------------------------------------------------

def gray(k: int) -> list[int]:
    """The reflected Gray code on k bits (the order of a Karnaugh map's rows or columns)."""
    return [i ^ (i >> 1) for i in range(1 << k)]


def karnaugh_split(n: int) -> tuple[int, int]:
    """(row variables, column variables): x1..x_r index rows, x_{r+1}..x_n columns."""
    r = n // 2
    return r, n - r


def truth_table_html(f, max_rows: int = 16, max_cells: int = 1024) -> str:
    """A list (x1..xn | f) for 2^n <= max_rows, a Karnaugh-style grid up to max_cells, else a summary."""
    n, size = f.n, 1 << f.n
    head = f'<div style="font-family:sans-serif;font-size:90%">{_tt_caption(f)}</div>'
    if size <= max_rows:
        rows, styles = [], []
        for x in range(size):
            v = (f.bits >> x) & 1
            rows.append([*((x >> i) & 1 for i in range(n)), v])
            styles.append([None] * n + [TRUE_CELL if v else FALSE_CELL])
        return head + html_table([var(i) for i in range(n)] + [Markup("<i>f</i>")], rows, cell_styles=styles)
    if size > max_cells:
        return head + "<p>(too many points to draw: 2<sup>%d</sup>)</p>" % n
    r, c = karnaugh_split(n)
    rows_order, cols_order = gray(r), gray(c)
    rlab = "".join(f"<i>x</i><sub>{i + 1}</sub>" for i in range(r))
    clab = "".join(f"<i>x</i><sub>{i + 1}</sub>" for i in range(r, n))
    out = [head, f'<table style="{TABLE}"><thead><tr>',
           f'<th style="{CELL};background:#eee">{rlab} \\ {clab}</th>']
    out += [f'<th style="{CELL};background:#eee">{point(b, c)}</th>' for b in cols_order]
    out.append("</tr></thead><tbody>")
    for a in rows_order:
        out.append(f'<tr><th style="{CELL};background:#eee">{point(a, r)}</th>')
        for b in cols_order:
            x = a | (b << r)
            v = (f.bits >> x) & 1
            out.append(f'<td style="{CELL};{TRUE_CELL if v else FALSE_CELL}">{v}</td>')
        out.append("</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _tt_caption(f) -> str:
    return (f"<b>TruthTable</b> n = {f.n}, {esc(f.to_string() if f.n <= 4 else f.to_hex())}, "
            f"{bin(f.bits).count('1')} true point(s) of {1 << f.n}")


def truth_table_markdown(f, max_rows: int = 16, max_cells: int = 1024) -> str:
    n, size = f.n, 1 << f.n
    cap = (f"**TruthTable** n = {f.n}, `{f.to_string() if n <= 4 else f.to_hex()}`, "
           f"{bin(f.bits).count('1')} true point(s) of {size}\n\n")
    if size <= max_rows:
        rows = [[*((x >> i) & 1 for i in range(n)), (f.bits >> x) & 1] for x in range(size)]
        return cap + md_table([f"x{i + 1}" for i in range(n)] + ["f"], rows)
    if size > max_cells:
        return cap + f"(too many points to draw: 2^{n})"
    r, c = karnaugh_split(n)
    rows_order, cols_order = gray(r), gray(c)
    corner = "".join(f"x{i + 1}" for i in range(r)) + " \\ " + "".join(f"x{i + 1}" for i in range(r, n))
    rows = [[point(a, r)] + [(f.bits >> (a | (b << r))) & 1 for b in cols_order] for a in rows_order]
    return cap + md_table([corner] + [point(b, c) for b in cols_order], rows)


# --- realizations --------------------------------------------------------------------------

def monomial_vars(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if (mask >> i) & 1]


def _terms(realization):
    """[(coefficient, variables)] of p(x) = sum w_S x^S - t, the constant last."""
    terms = [(w, monomial_vars(S)) for S, w in zip(realization.monomials, realization.weights) if w]
    if realization.threshold or not terms:
        terms.append((-realization.threshold, []))
    return terms


def _render_poly(terms, name, times: str, plus: str, minus: str, neg: str) -> str:
    out = ""
    for w, vs in terms:
        body = times.join(name(i) for i in vs)
        mag = abs(w)
        text = body if (mag == 1 and body) else (f"{mag}{times}{body}" if body else str(mag))
        if not out:
            out = (neg if w < 0 else "") + text
        else:
            out += (minus if w < 0 else plus) + text
    return out or "0"


def formula_text(realization) -> str:
    """The realization as text: ``2 x1 + 2 x2 - 3 >= 0`` (f(x) = 1 exactly when it holds);
    a degree-2 monomial is written ``x1 x2``."""
    p = _render_poly(_terms(realization), lambda i: f"x{i + 1}", " ", " + ", " - ", "-")
    return f"{p} >= 0"


def formula_html(realization) -> Markup:
    p = _render_poly(_terms(realization), lambda i: f"<i>x</i><sub>{i + 1}</sub>", "&#8239;",
                     " + ", " &minus; ", "&minus;")
    return Markup(f"{p} &ge; 0")


def formula_latex(realization) -> str:
    p = _render_poly(_terms(realization), lambda i: f"x_{{{i + 1}}}", " ", " + ", " - ", "-")
    return f"{p} \\ge 0"


def _p_value(realization, x: int) -> int:
    t = -realization.threshold
    for S, w in zip(realization.monomials, realization.weights):
        if x & S == S:
            t += w
    return t


def realization_html(r) -> str:
    f = r.f
    head = (f'<div style="font-family:sans-serif"><b>Realization</b> of a function of n = {f.n} '
            f"variables in T({f.n};{r.degree})"
            + (f" (backend {esc(r.backend)})" if r.backend else "")
            + f'<br><i>f</i>(<i>x</i>) = 1 &iff; {formula_html(r)}'
            + "<br><small>p &ge; 1 on the true points and p &le; &minus;1 on the false points "
              "(integer weights)</small></div>")
    if f.n > 4:
        return head + truth_table_html(f)
    rows, styles = [], []
    for x in range(1 << f.n):
        v = (f.bits >> x) & 1
        rows.append([*((x >> i) & 1 for i in range(f.n)), v, _p_value(r, x)])
        styles.append([None] * f.n + [TRUE_CELL if v else FALSE_CELL, None])
    return head + html_table([var(i) for i in range(f.n)] + [Markup("<i>f</i>"), Markup("<i>p</i>(<i>x</i>)")],
                             rows, cell_styles=styles)


def realization_markdown(r) -> str:
    f = r.f
    text = (f"**Realization** in T({f.n};{r.degree})" + (f" (backend {r.backend})" if r.backend else "")
            + f": $f(x) = 1 \\iff {formula_latex(r)}$\n\n`{formula_text(r)}`")
    if f.n <= 4:
        rows = [[*((x >> i) & 1 for i in range(f.n)), (f.bits >> x) & 1, _p_value(r, x)] for x in range(1 << f.n)]
        text += "\n\n" + md_table([f"x{i + 1}" for i in range(f.n)] + ["f", "p(x)"], rows)
    return text


# --- non-realizability ---------------------------------------------------------------------

def _multiplier_rows(nr):
    n = nr.f.n
    rows = [[point(x, n), "true", a] for x, a in nr.true_multipliers]
    rows += [[point(y, n), "false", b] for y, b in nr.false_multipliers]
    return rows


def nonrealizability_html(nr) -> str:
    n, d = nr.f.n, nr.degree
    total_t = sum(a for _, a in nr.true_multipliers)
    total_f = sum(b for _, b in nr.false_multipliers)
    head = (f'<div style="font-family:sans-serif"><b>NonRealizability</b>: not in T({n};{d})'
            + (f" (backend {esc(nr.backend)})" if nr.backend else "")
            + f"<br>Multipliers on points (written {esc(''.join(f'x{i + 1}' for i in range(n)))}): the "
              f"true side (total {total_t}) and the false side (total {total_f}) have equal weighted sums "
              f"of every monomial of degree &le; {d}, so no polynomial of degree &le; {d} is positive on "
              "the true and negative on the false points (Farkas).</div>")
    rows = _multiplier_rows(nr)
    styles = [[None, TRUE_CELL if side == "true" else FALSE_CELL, None] for _, side, _ in rows]
    return head + html_table(["point", "f", "multiplier"], rows, cell_styles=styles)


def nonrealizability_markdown(nr) -> str:
    n, d = nr.f.n, nr.degree
    return (f"**NonRealizability**: not in T({n};{d}). Multipliers on points "
            f"(written {''.join(f'x{i + 1}' for i in range(n))}); both sides have equal sums of every "
            f"monomial of degree <= {d}:\n\n" + md_table(["point", "f", "multiplier"], _multiplier_rows(nr)))


# --- verdicts, certificates, reports -------------------------------------------------------------

def json_short(obj, limit: int = 400) -> str:
    """A value as mathematics (quarks.base.exact.readable), cut at ``limit`` characters."""
    from quarks.base.exact import readable

    s = readable(obj)
    return s if len(s) <= limit else s[:limit] + " ..."


def verdict_html(v) -> str:
    rows = [["status", badge(v.status)], ["summary", v.summary]]
    if v.counterexample is not None:
        rows.append(["counterexample", Markup(f"<code>{esc(json_short(v.counterexample))}</code>")])
    if v.reason and v.reason != v.summary:
        rows.append(["reason", Markup(f"<pre style='margin:0;white-space:pre-wrap'>{esc(v.reason[-1500:])}</pre>")])
    rows.append(["evidence", _evidence_kinds(v.evidence)])
    if v.data:
        rows.append(["data", Markup(f"<code>{esc(json_short(v.data))}</code>")])
    return html_table(["Verdict", ""], rows, row_styles=[status_style(v.status)] + [""] * (len(rows) - 1),
                      align="left")


def verdict_markdown(v) -> str:
    rows = [["status", v.status], ["summary", v.summary]]
    if v.counterexample is not None:
        rows.append(["counterexample", json_short(v.counterexample)])
    rows.append(["evidence", _evidence_kinds(v.evidence)])
    if v.data:
        rows.append(["data", json_short(v.data)])
    return md_table(["Verdict", ""], rows)


def _evidence_kinds(evidence) -> str:
    counts: dict = {}
    for rec in evidence or []:
        k = rec.get("kind", "?") if isinstance(rec, dict) else "?"
        counts[k] = counts.get(k, 0) + 1
    if not counts:
        return "none"
    return ", ".join(f"{c} {k}" for k, c in counts.items()) + " record(s)"


def outcome(status: str, expected: str, claim_id: str | None = None, instance: dict | None = None) -> str:
    """An instance's verdict against the claim's expectation, as the claim's honest label
    (:func:`quarks.claims.labels.instance_label`: an asymptotic claim is "consistent", an exploration
    "explored", our variant "refuted (our variant: ...)", a sample "checked on K random instances")."""
    from quarks.claims.labels import instance_label

    claim = None
    if claim_id is not None:
        from quarks.claims import registry
        claim = registry.claims().get(claim_id)
    if claim is None:
        class _Bare:
            kind, variant, coq = "finite", "", ()
        claim = _Bare()
        claim.expected = expected
    return instance_label(claim, status, instance if isinstance(instance, dict) else {})


def _cert_label(cert: dict) -> str:
    return outcome(cert.get("verdict", "?"), cert.get("expected", "verified"), cert.get("claim"), cert.get("instance"))


def certificate_html(cert: dict, href: str | None = None) -> str:
    src = cert.get("source") or {}
    label = _cert_label(cert)
    rows = [["claim", cert.get("claim", "?")],
            ["source", str(Source(str(src.get("seed", "")), str(src.get("number", ""))))],
            ["statement", cert.get("statement", "")],
            ["instance", Markup(f"<code>{esc(json_short(cert.get('instance')))}</code>")],
            ["verdict", badge(label)],
            ["summary", cert.get("summary", "")]]
    if cert.get("counterexample") is not None:
        rows.append(["counterexample", Markup(f"<code>{esc(json_short(cert['counterexample']))}</code>")])
    rows.append(["evidence", _evidence_kinds(cert.get("evidence"))])
    if cert.get("elapsed") is not None:
        rows.append(["time", f"{cert['elapsed']:.3f} s"])
    pkg = cert.get("package") or {}
    rows.append(["package", f"{pkg.get('name', '')} {pkg.get('version', '')}, created {cert.get('created', '')}"])
    if href:
        rows.append(["file", Markup(f'<a href="{esc(href)}">{esc(href)}</a>')])
    return html_table(["Certificate", ""], rows, align="left")


def certificate_markdown(cert: dict, href: str | None = None) -> str:
    src = cert.get("source") or {}
    rows = [["claim", cert.get("claim", "?")],
            ["source", str(Source(str(src.get("seed", "")), str(src.get("number", ""))))],
            ["statement", cert.get("statement", "")],
            ["instance", json_short(cert.get("instance"))],
            ["verdict", _cert_label(cert)],
            ["summary", cert.get("summary", "")],
            ["evidence", _evidence_kinds(cert.get("evidence"))]]
    if cert.get("counterexample") is not None:
        rows.append(["counterexample", json_short(cert["counterexample"])])
    out = md_table(["Certificate", ""], rows)
    if href:
        out += f"\n\n[{md(href)}]({href})"
    return out


REPORT_HEAD = ("claim", "instances", "verified", "refuted", "inconclusive", "error", "time", "outcome")


def _report_rows(report):
    rows, styles = [], []
    for r in report.summary_rows():
        o = r["outcome"]
        rows.append([r["claim"], str(r["instances"]) + ("*" if r["skipped"] else ""), r["verified"], r["refuted"],
                     r["inconclusive"], r["error"], f"{r['time']:.2f} s", o])
        styles.append(status_style("unexpected" if o == "UNEXPECTED" else o))
    return rows, styles


def report_html(report) -> str:
    rows, styles = _report_rows(report)
    n_ok = sum(r.ok for r in report.results)
    foot = (f'<div style="font-family:sans-serif;font-size:90%">{len(report.results)} instance(s), {n_ok} as '
            f"expected, {len(report.results) - n_ok} not, in {report.elapsed:.1f} s"
            + (f" (run {report.run})" if report.run is not None else "") + html.escape(_resume_legend(report)) + "</div>")
    return html_table(REPORT_HEAD, rows, row_styles=styles) + foot


def _resume_legend(report) -> str:
    """The legend of the "*" beside an instance count (instances skipped by ``resume``), or ""."""
    skipped = sum(r.skipped for r in report.results)
    return (f"; * {skipped} instance(s) decided in an earlier run, skipped by resume (their certificates "
            "re-checked, not re-run)") if skipped else ""


def report_markdown(report) -> str:
    rows, _ = _report_rows(report)
    n_ok = sum(r.ok for r in report.results)
    return (md_table(REPORT_HEAD, rows) + f"\n\n{len(report.results)} instance(s), {n_ok} as expected, "
            f"{len(report.results) - n_ok} not, in {report.elapsed:.1f} s" + md(_resume_legend(report)))


# --- notebook objects ------------------------------------------------------------------------------

def claim_rows(c) -> list:
    rows = [["claim", c.id], ["paper", c.source.paper], ["source", c.source.number], ["kind", c.kind],
            ["statement", c.statement], ["expected", c.expected_label()]]
    if c.coq:
        rows.append(["Coq", ", ".join(c.coq)])
    if c.note:
        rows.append(["note", c.note])
    return rows


def claim_html(c) -> str:
    return html_table(["Claim", ""], claim_rows(c), align="left")


def claim_markdown(c) -> str:
    return md_table(["Claim", ""], claim_rows(c))


def check_result_rows(r) -> list:
    label = "valid" if r.ok else ("not checked" if not r.checked else "rejected")
    return [["file", r.path], ["claim", r.claim], ["verdict", r.verdict], ["check", label],
            ["trust", r.trust or "-"], ["message", r.message]]


def check_result_html(r) -> str:
    key = "verified" if r.ok else ("not run" if not r.checked else "error")
    rows = check_result_rows(r)
    rows[3][1] = badge(key, rows[3][1])
    return html_table(["Certificate check", ""], rows, align="left")


def check_result_markdown(r) -> str:
    return md_table(["Certificate check", ""], check_result_rows(r))


def result_rows(r) -> list:
    label = outcome(r.status, r.expected, r.claim, r.instance)
    return [["claim", r.claim], ["instance", json_short(r.instance)], ["verdict", label],
            ["summary", r.summary], ["time", f"{r.elapsed:.3f} s"], ["certificate", r.certificate or "-"]]


def result_html(r) -> str:
    rows = result_rows(r)
    rows[2][1] = badge(rows[2][1])
    return html_table(["Result", ""], rows, align="left")


def result_markdown(r) -> str:
    return md_table(["Result", ""], result_rows(r))


def function_set_rows(s, show: int = 8) -> list:
    count = s.count()
    rows = [["functions of", f"{s.n} variable(s)"], ["count", f"{count:,} of {s.universe:,}"]]
    try:
        members = s.members(limit=max(show, 1 << 20))[:show]
        rows.append(["first members", ", ".join(hex(int(t), s.n) for t in members) + (" ..." if count > show else "")])
    except Exception:  # noqa: BLE001 - too many to list: the count says it all
        pass
    return rows


def function_set_html(s) -> str:
    return html_table(["Function set", ""], function_set_rows(s), align="left")


def function_set_markdown(s) -> str:
    return md_table(["Function set", ""], function_set_rows(s))


def decomposition_rows(d) -> list:
    rows = [["f", d.f.to_hex()], ["operator", "0x" + format(d.operator.bits, "x")], ["degrees", str(list(d.degrees))]]
    if getattr(d, "decomposable", False):
        for j, r in enumerate(d.operands):
            rows.append([f"f_{j + 1}", r.polynomial() + " > 0"])
    else:
        rows.append(["decomposable", "no: Farkas-justified cuts and a DRUP refutation"])
    return rows


def decomposition_html(d) -> str:
    return html_table(["Decomposition", ""], decomposition_rows(d), align="left")


def decomposition_markdown(d) -> str:
    return md_table(["Decomposition", ""], decomposition_rows(d))


def hex(h: int, n: int) -> str:
    return f"0x{h:0{max(1, (1 << n) // 4)}x}"


class Rendered:
    """HTML and Markdown shown by Jupyter (for values without a class of their own, e.g. a
    certificate dict: ``Rendered.certificate(quarks.certify.load.load(path))``)."""

    def __init__(self, html_text: str, markdown_text: str):
        self.html, self.markdown = html_text, markdown_text

    def _repr_html_(self):
        return self.html

    def _repr_markdown_(self):
        return self.markdown

    @classmethod
    def certificate(cls, cert, href: str | None = None) -> "Rendered":
        """A certificate dict, or the path of a certificate file."""
        if not isinstance(cert, dict):
            from quarks.certify.load import load

            href = href or str(cert)
            cert = load(cert)
        return cls(certificate_html(cert, href), certificate_markdown(cert, href))
