"""Renderings of the answers of the verbs quarks.compile_ltl, quarks.refute, quarks.temperature,
quarks.estimate, quarks.export_coq and quarks.write_report (HTML and Markdown, as in quarks.notebook.render)."""
from __future__ import annotations

from fractions import Fraction

from quarks.notebook.render import Markup, badge, html_table, json_short, md_table

MAX_POSITIONS = 40   # positions of an LTL answer shown; the rest is summarised


# --- quarks.compile_ltl ----------------------------------------------------------------------------------------

def _ltl_rows(a) -> list:
    from quarks.base.exact import infix

    model = a.model
    rows = [["formula", a.formula], ["alphabet", a.alphabet],
            ["model", f"{a.variant}, {len(model.layers)} layer(s), temperature {infix(model.info['temperature'])}"
                      + ("" if a.tau_factor == 1 else f" x {a.tau_factor}")]]
    if a.string is not None:
        rows.append(["on " + repr(a.string), "the softmax transformer equals the formula at every position (certified)"
                     if a.certified else "NOT certified at every position"])
    if a.check is not None:
        c = a.check
        rows.append([f"every string of length 1..{a.max_len}",
                     f"{c['cases']} strings: " + ("all agree" if c["holds"] else f"FAILS, first at {c['failure']}")
                     + f"; margin {c['margin']:.4f}"])
    return rows


POSITION_HEAD = ["i", "w_i", "formula", "hard", "soft (float)", "certified radius"]


def _position_rows(a) -> list:
    return [[p["i"], p["symbol"], int(p["formula"]), p["hard"], f"{p['soft']:.6f}", f"{p['radius']:.3g}"]
            for p in a.positions[:MAX_POSITIONS]]


def ltl_answer_html(a) -> str:
    status = "verified" if a.agrees else "refuted"
    rows = _ltl_rows(a)
    out = html_table(["TL[#] formula and transformer", ""], rows, align="left",
                     row_styles=[""] * (len(rows) - 1) + [f"background:{'#d8f0dc' if a.agrees else '#ffe8c2'}"])
    if a.positions:
        styles = ["" if p["hard"] == int(p["formula"]) and p["radius"] == 0 else "background:#f9d0d0"
                  for p in a.positions[:MAX_POSITIONS]]
        out += html_table(POSITION_HEAD, _position_rows(a), row_styles=styles)
        if len(a.positions) > MAX_POSITIONS:
            out += f"<div>... {len(a.positions) - MAX_POSITIONS} more positions</div>"
    return out + f"<div>{badge(status, 'agrees' if a.agrees else 'disagrees')}</div>"


def ltl_answer_markdown(a) -> str:
    out = md_table(["TL[#] formula and transformer", ""], _ltl_rows(a))
    if a.positions:
        out += "\n\n" + md_table(POSITION_HEAD, _position_rows(a))
    return out


# --- quarks.refute --------------------------------------------------------------------------------------

def _refutation_rows(r) -> list:
    d = r.as_dict()
    rows = [["claim", d["claim"]], ["hypothesis dropped", d["hypothesis_dropped"]], ["statement", d["statement"]],
            ["params", json_short(d["params"])]]
    if r.found:
        rows += [["smallest counterexample", json_short(r.instance)], ["summary", r.verdict.summary],
                 ["counterexample", json_short(r.verdict.counterexample)]]
        if r.path is not None:
            rows.append(["certificate", f"{r.path}" + (f" (re-checked: {r.checked.message})" if r.checked else "")])
        rows += [[f"Coq: {t['theorem']}", t["status"]] for t in r.coq]
    else:
        rows.append(["counterexample", f"none among {len(r.tried)} instance(s)"])
    rows.append(["searched", f"{len(r.tried)} instance(s) in {r.seconds:.2f} s"])
    return rows


def refutation_html(r) -> str:
    rows = _refutation_rows(r)
    status = "refuted" if r.found else "inconclusive"
    return html_table(["Counterexample search", Markup(badge(status, "found" if r.found else "none found"))], rows,
                      align="left")


def refutation_markdown(r) -> str:
    return md_table(["Counterexample search", "found" if r.found else "none found"], _refutation_rows(r))


# --- quarks.temperature --------------------------------------------------------------------------------

def _temperature_rows(t) -> tuple[list, list]:
    from quarks.ltl.temperature import CONSTRUCTIONS

    ns = list(range(2, t.max_n + 1))
    head = ["construction", "formula", "tau(n)"] + [f"n = {n}" for n in ns]
    rows = [[name, formula, "1/(2n)" if power == 1 else "1/(2n^3)"]
            + [str(f) if isinstance(f, Fraction) else "-" for f in t.factors(name)]
            for name, (formula, power) in CONSTRUCTIONS.items()]
    return head, rows


def temperature_html(t) -> str:
    head, rows = _temperature_rows(t)
    return (html_table(head, rows) + f"<div>largest certified factor k*{t.step} of tau(n) at which every word of "
            f"length n certifies ({t.seconds:.1f} s)</div>")


def temperature_markdown(t) -> str:
    head, rows = _temperature_rows(t)
    return md_table(head, rows) + f"\n\nlargest certified factor k*{t.step} of tau(n) ({t.seconds:.1f} s)"


# --- quarks.estimate ------------------------------------------------------------------------------------

def _estimate_rows(e) -> list:
    from quarks.proofs.baldi.counting import A000609

    rows = []
    for label, (m, se, (lo, hi)) in ((f"|T({e.n};1)|", e.count), ("regular representatives, levels <= 2^(n-1)", e.nodes),
                                     ("regular representatives", e.regular)):
        rows.append([label, f"{m:.6g}", f"{lo:.4g} .. {hi:.4g}", f"{se:.3g}"])
    if e.n < len(A000609):
        rows.append(["exact (OEIS A000609)", f"{A000609[e.n]:,}", "inside" if e.count[2][0] <= A000609[e.n] <= e.count[2][1]
                     else "OUTSIDE", f"relative error {e.count[0] / A000609[e.n] - 1:+.3f}"])
    what = f"{e.runs} runs of {e.paths} walkers" if e.method == "smc" else f"{e.runs} paths"
    rows.append([e.method, what, f"{e.cpu_seconds:.1f} s CPU", f"{e.expanded:,} nodes expanded"])
    return rows


ESTIMATE_HEAD = ["estimate", "mean", "95 % interval", "standard error"]


def estimate_html(e) -> str:
    return html_table(ESTIMATE_HEAD, _estimate_rows(e), align="left")


def estimate_markdown(e) -> str:
    return md_table(ESTIMATE_HEAD, _estimate_rows(e))


# --- quarks.export_coq ----------------------------------------------------------------------------------

def _export_rows(x) -> list:
    return [[e.certificate, e.index, e.theorem or f"no Coq checker for kind {e.kind}"] for e in x.items]


EXPORT_HEAD = ["certificate", "evidence", "Coq theorem"]


def _export_foot(x) -> str:
    return (f"{len(x.files)} theorem(s) written to {x.out}" + (f"; build with: cd {x.out} && make" if x.files else ""))


def export_html(x) -> str:
    return html_table(EXPORT_HEAD, _export_rows(x), align="left") + f"<div>{_export_foot(x)}</div>"


def export_markdown(x) -> str:
    return md_table(EXPORT_HEAD, _export_rows(x)) + "\n\n" + _export_foot(x)


# --- quarks.write_report ------------------------------------------------------------------------------------

def _written_rows(w) -> list:
    return [["page", w["index"]], ["Markdown", w["readme"]], ["claims", w["claims"]], ["verdicts", w["verdicts"]],
            ["count tables", w["tables"]], ["plots", ", ".join(w["plots"]) or "none"]]


def report_written_html(w) -> str:
    from quarks.notebook.render import esc

    rows = _written_rows(w)
    rows[0][1] = Markup(f'<a href="{esc(w["index"])}" target="_blank">{esc(w["index"])}</a>')
    return html_table(["Report", ""], rows, align="left")


def report_written_markdown(w) -> str:
    return md_table(["Report", ""], _written_rows(w))
