"""Issue 36, point 8: what the smaller verbs print, read as a new user reads it."""
import pytest

from quarks.claims.claim import instance_text
from quarks.cli import main


def test_a_long_truth_table_is_abbreviated(capsys):
    """`realize 0x1 --n 14`: the 4,096-digit table is cut in the middle, its length said."""
    assert main(["realize", "0x1", "--n", "14"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert len(first) < 140 and first.startswith("f = 0x0000") and "000001 (4,098 characters)" in first, first


def test_ltl_string_with_a_space_is_an_error(capsys):
    """`ltl "a S b" --string "a b"`: the space was a silent third letter; now one line, exit 2."""
    assert main(["ltl", "a S b", "--string", "a b"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "one symbol per character" in err and "'ab'" in err, err
    assert main(["ltl", "a S b", "--string", "ab"]) == 0


@pytest.mark.parametrize("degree, claim", [(2, "quarks.count-t5-2"), (3, "quarks.count-t5-3")])
def test_beyond_reach_names_the_count_claim(degree, claim, capsys):
    assert main(["classes", f"T(5;{degree})"]) == 2
    err = capsys.readouterr().err.strip()
    assert "beyond reach" in err and f"the claim {claim} " in err and len(err.splitlines()) == 1, err


def test_instances_are_told_apart_from_their_parameters(workdir, capsys):
    """`show`: instances in brackets joined by "; " (their parameters are joined by ", ");
    a text value holding a separator is quoted (relation='==', not relation===)."""
    assert instance_text({"relation": "==", "n": 2}) == "n=2, relation='=='"
    assert instance_text({"formula": "!b S a", "n": 6}) == "formula=!b S a, n=6"
    assert main(["show", "navon.parameter-count"]) == 0
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("quick tier"))
    assert line.count("[") >= 2 and "]; [" in line, line


def test_refute_wording(capsys):
    """No "drops B irreducible dropped", no "tau(n) = 1/(1 n)"."""
    assert main(["refute", "--searches"]) == 0
    out = capsys.readouterr().out
    assert "drops" not in out and "quarks.thm4.2: B irreducible dropped" in out
    from quarks.claims import refute

    hot = next(s for s in refute.SEARCHES.values() if s.claim == "yang.thm15")
    assert "tau(n) = 1/n computes" in hot.statement(dict(hot.params, c="1"))
    assert "tau(n) = 1/(3/2 n) computes" in hot.statement(dict(hot.params, c="3/2"))


def test_the_resume_mark_has_its_legend(workdir, capsys):
    """After --resume the instance count of a claim reads "3*": the legend under the table says why."""
    assert main(["verify", "test.square-sum", "--quiet"]) == 0
    capsys.readouterr()
    assert main(["verify", "test.square-sum", "--resume", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert " 3*" in out and "* 3 instance(s) decided in an earlier run, skipped by --resume" in out, out


def test_the_resume_mark_has_its_legend_in_a_notebook(workdir):
    import quarks
    from quarks.notebook.render import report_html, report_markdown

    quarks.verify("test.square-sum")
    rep = quarks.verify("test.square-sum", resume=True)
    for text in (report_html(rep), report_markdown(rep).replace("\\*", "*")):
        assert "3*" in text and "* 3 instance(s) decided in an earlier run" in text, text
