"""Notebook display: the HTML/Markdown reprs contain the right cells and escape their text."""
import re

from quarks.base.boolean import TruthTable
from quarks.claims.claim import Verdict
from quarks.notebook import classes as display_classes
from quarks.notebook import render
from quarks.run.driver import Report, Result
from quarks.solvers.realize import NonRealizability, Realization, realize

AND = TruthTable.from_string("0001")
XOR = TruthTable.from_string("0110")


def cells(html_text):
    """The text of every <td> in order."""
    return [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", html_text, flags=re.S)]


def test_and_grid_html_lists_every_point_with_its_value():
    h = AND._repr_html_()
    # rows x1 x2 f for x = 0, 1, 2, 3 (x1 is bit 0)
    assert cells(h) == ["0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "1", "1"]
    assert "<i>x</i><sub>1</sub>" in h and "<i>x</i><sub>2</sub>" in h
    assert h.count(render.TRUE_CELL) == 1 and h.count(render.FALSE_CELL) == 3


def test_and_grid_markdown():
    m = AND._repr_markdown_()
    assert "| x1 | x2 | f |" in m
    rows = [line for line in m.splitlines() if re.fullmatch(r"\| [01] \| [01] \| [01] \|", line)]
    assert rows == ["| 0 | 0 | 0 |", "| 1 | 0 | 0 |", "| 0 | 1 | 0 |", "| 1 | 1 | 1 |"]


def test_karnaugh_grid_for_n_above_4():
    n = 6
    f = TruthTable.from_callable(n, lambda *x: int(sum(x) >= 5))  # 7 true points
    h = f._repr_html_()
    assert h.count(render.TRUE_CELL) == 7 and h.count(render.FALSE_CELL) == 64 - 7
    m = f._repr_markdown_()
    lines = [line for line in m.splitlines() if line.startswith("| ")]
    assert len(lines) == 1 + 8  # header + 8 rows of 8 columns (Gray order)
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    assert head[1:] == ["000", "100", "110", "010", "011", "111", "101", "001"]
    # every cell agrees with f: row label = x1x2x3, column label = x4x5x6
    for line in lines[1:]:
        parts = [c.strip() for c in line.strip("|").split("|")]
        for col, v in zip(head[1:], parts[1:]):
            bits = [int(b) for b in parts[0] + col]
            assert int(v) == int(sum(bits) >= 5)


def test_gray_order_changes_one_bit_between_neighbours():
    g = render.gray(4)
    assert sorted(g) == list(range(16))
    assert all(bin(a ^ b).count("1") == 1 for a, b in zip(g, g[1:] + g[:1]))


def test_realization_formula():
    r = Realization(AND, 1, (1, 2), (2, 2), 3)
    assert render.formula_text(r) == "2 x1 + 2 x2 - 3 >= 0"
    assert "&ge; 0" in r._repr_html_() and "2 x_{1} + 2 x_{2} - 3 \\ge 0" in r._repr_markdown_()
    # p(x) column of the HTML table: -3, -1, -1, 1
    assert cells(r._repr_html_())[3::4] == ["-3", "-1", "-1", "1"]


def test_degree_two_monomial_written_as_product():
    r = Realization(XOR, 2, (1, 2, 3), (2, 2, -4), 1)
    assert r.problem() is None
    assert render.formula_text(r) == "2 x1 + 2 x2 - 4 x1 x2 - 1 >= 0"
    r2 = realize(XOR, 2)
    assert "x1 x2" in render.formula_text(r2)


def test_unit_coefficients_and_constants():
    r = Realization(TruthTable.from_string("0111"), 1, (1, 2), (1, 1), 0)  # OR: x1 + x2 >= ... margin 1
    assert render.formula_text(r) == "x1 + x2 >= 0"
    neg = Realization(TruthTable.from_string("1000"), 1, (1, 2), (-2, -2), -1)  # NOR: -2x1 - 2x2 + 1
    assert neg.problem() is None
    assert render.formula_text(neg) == "-2 x1 - 2 x2 + 1 >= 0"


def test_nonrealizability_shows_multipliers_on_points():
    nr = realize(XOR, 1)
    assert isinstance(nr, NonRealizability)
    c = cells(nr._repr_html_())
    rows = [c[i:i + 3] for i in range(0, len(c), 3)]
    assert sorted(rows) == [["00", "false", "1"], ["01", "true", "1"], ["10", "true", "1"], ["11", "false", "1"]]
    assert "not in T(2;1)" in nr._repr_markdown_()


def test_verdict_html_escapes_and_colours():
    v = Verdict.refuted("a <b> & 'c'", {"x": "<script>alert(1)</script>"})
    h = v._repr_html_()
    assert "<script>" not in h and "&lt;script&gt;" in h
    assert "a &lt;b&gt; &amp; &#x27;c&#x27;" in h
    assert render.COLOURS["refuted"][0] in h
    m = v._repr_markdown_()
    assert "a \\<b\\> & 'c'" in m


def test_markdown_cells_escape_pipes():
    assert render.md("a|b_c*d") == "a\\|b\\_c\\*d"
    table = render.md_table(["h"], [["x | y"]])
    assert table.splitlines()[2] == "| x \\| y |"


def test_report_html_colours_rows_by_outcome():
    rep = Report([Result("c.ok", {"n": 1}, "verified", "verified", "fine", 0.5),
                  Result("c.printed", {"n": 2}, "refuted", "refuted", "false as printed", 0.25),
                  Result("c.bad", {"n": 3}, "refuted", "verified", "<oops>", 0.1)], run=7, elapsed=1.0)
    h = rep._repr_html_()
    assert h.count(render.COLOURS["ok"][0]) == 1
    assert "refuted as printed" in h and "UNEXPECTED" in h
    assert render.COLOURS["unexpected"][0] in h
    assert "3 instance(s), 2 as expected, 1 not" in h
    m = rep._repr_markdown_()
    assert "| c.ok | 1 | 1 | 0 | 0 | 0 | 0.50 s | verified |" in m


def test_certificate_rendering_from_a_dict_and_a_file(tmp_path):
    from quarks.certificates import certificate
    from quarks.claims import registry

    claim = registry.get("test.bad-bound")
    v = claim.run({"n": 3})
    cert = certificate.build(claim, {"n": 3}, v, 0.01)
    path = certificate.write(cert, tmp_path / "c.json")
    shown = render.Rendered.certificate(path)
    h = shown._repr_html_()
    assert "test.bad-bound" in h and "refuted as printed" in h and str(path) in h
    assert "2^n &gt;= n^2" in h
    assert "refuted as printed" in shown._repr_markdown_()


def test_composition_class_repr():
    from quarks.solvers.compose import compose_class

    cls = compose_class(0b1000, 2, [1, 1], k=2, progress=False)  # AND of two LTFs of 2 inputs
    h = cls._repr_html_()
    assert f"{cls.size:,}" in h and cls.digest()[:16] in h
    assert "| size | 16 |" in cls._repr_markdown_()
    assert "members: `0x0`" in cls._repr_markdown_()  # all 16 functions of 2 variables, listed


def test_any_set_with_count_renders():
    class Odd:  # the shape of quarks.function_set sets: n, count(), members(limit)
        n = 2

        def count(self):
            return 8

        def members(self, limit):
            return [h for h in range(16) if bin(h).count("1") % 2]

    h = display_classes.composition_class_html(Odd())
    assert "<td" in h and ">8<" in h and "0x1, 0x2, 0x4, 0x7" in h
    assert "| capacity log2 size | 3.0000 |" in display_classes.composition_class_markdown(Odd())


def test_rich_reprs_of_notebook_objects(tmp_path):
    import quarks
    from quarks.claims import registry

    assert "arXiv:2412.09925" in registry.get("yang.prop11")._repr_html_()
    s = quarks.function_set("T(3;1)")
    assert "104 of 256" in s._repr_html_() and "uint64" not in s._repr_html_()
    assert "f_1" in quarks.decompose("0110", op="AND")._repr_markdown_().replace("\\_", "_")
    rep = quarks.verify("navon.integer-optimum", store=tmp_path / "r.sqlite", out=tmp_path / "c")
    assert "verified" in rep.results[0]._repr_html_()
    [chk] = quarks.check_certificates(tmp_path / "c" / "navon.integer-optimum")[:1]
    assert "witness" in chk._repr_markdown_() or "sympy" in chk._repr_markdown_()


def test_notebook_progress_goes_to_stdout_and_operators_by_name(monkeypatch):
    """Issue 50, point 16: progress lines rendered as stderr's error boxes; "operator 0x8" for AND."""
    import sys

    import quarks
    from quarks.base import progress
    from quarks.notebook import render

    monkeypatch.setattr(progress, "in_notebook", lambda: True)
    assert progress.messages() is sys.stdout
    monkeypatch.setattr(progress, "in_notebook", lambda: False)
    assert progress.messages() is sys.stderr
    rows = dict(render.decomposition_rows(quarks.decompose("0001", op="AND", degrees=(1, 1))))
    assert rows["operator"] == "AND (0x8)"
