"""The logic: parser, reference semantics, compiler, exhaustive check, CLI."""
import time

import pytest

from quarks.base.errors import UsageError
from quarks.cli import main
from quarks.ltl.check import exhaustive_check, soft_site_check
from quarks.ltl.compile import CompileError, compile_formula
from quarks.ltl.semantics import accepts, all_words, truth, truth_batch
from quarks.ltl.syntax import And, Atom, Compare, Count, Not, Or, ParseError, Prev, Since, Until, parse, show


def test_parser_precedence_and_sugar():
    assert parse("a & b | c") == Or(And(Atom("a"), Atom("b")), Atom("c"))
    assert parse("!a S Y b") == Since(Not(Atom("a")), Prev(Atom("b")))
    assert parse("a Us b") == Until(Atom("a"), Atom("b"), True)
    f = parse("#left[a] >= 2*#right[b] - 1")
    assert isinstance(f, Compare) and f.left.terms == ((1, Count("left", Atom("a"))),)
    assert f.right.terms == ((2, Count("right", Atom("b"))),) and f.right.const == -1
    for text in ["(a S b) & ODD(#left[Y a])", "!P(#left[Y a] = #right[a])", "G (a -> F b)", "'(' U ')'"]:
        assert parse(show(parse(text))) == parse(text)


@pytest.mark.parametrize("text, column", [("(a & b", 7), ("a & & b", 5), ("ODDD(pos)", 1), ("a S", 4),
                                          ("#left[a] b", 10), ("a ? b", 3)])
def test_parse_errors_point_at_the_column(text, column):
    with pytest.raises(ParseError) as exc:
        parse(text)
    assert exc.value.pos + 1 == column
    assert f"column {column}" in str(exc.value)
    assert isinstance(exc.value, UsageError)


def test_semantics_by_hand():
    assert truth(parse("!b S a"), "abbaab") == [1, 0, 0, 1, 1, 0]
    assert truth(parse("a Ss b"), "baab") == [0, 1, 1, 1]  # strict: b strictly before, a in between
    assert truth(parse("a Ss b"), "aab") == [0, 0, 0] and truth(parse("a S b"), "aab") == [0, 0, 1]
    assert truth(parse("a S b"), "baab") == [1, 1, 1, 1]
    assert truth(parse("X a"), "ab") == [0, 0] and truth(parse("Y a"), "ab") == [0, 1]
    assert truth(parse("#right[a] = 2"), "aba") == [1, 0, 0]
    assert truth(parse("MOD_3_2(pos)"), "aaaaa") == [0, 1, 0, 0, 1]


FORMULAS = ["!b S a", "a Ss (b & Y a)", "X (a Us b) | Y Y a", "ODD(#left[a])", "#left[a] > #right[b]",
            "!P(#left[Y a] = #right[a])", "H (a -> MOD_3_1(#left[b]))", "G F a"]


@pytest.mark.parametrize("formula", FORMULAS)
def test_batch_semantics_equals_definition(formula):
    f = parse(formula)
    for n in range(1, 7):
        W = all_words("ab", n)
        got = truth_batch(f, W, "ab")
        for row, w in zip(got, W):
            assert row.tolist() == truth(f, "".join("ab"[k] for k in w))


def test_parity_formula_of_section_4_5_is_parity():
    f = parse("!P(#left[Y a] = #right[a])")
    for n in range(1, 11):
        W = all_words("ab", n)
        assert (truth_batch(f, W, "ab")[:, -1] == ((W == 0).sum(axis=1) % 2 == 1)).all()
    assert accepts(f, "abaa") and not accepts(f, "abab")


@pytest.mark.parametrize("variant", ["temperature", "unbounded"])
@pytest.mark.parametrize("formula", FORMULAS)
def test_compiled_transformer_exhaustive(formula, variant):
    res = exhaustive_check(formula, "ab", 7, variant)
    assert res["holds"] and res["cases"] == 254 and res["margin"] > 0.04


@pytest.mark.parametrize("variant", ["temperature", "unbounded"])
def test_a_family_of_predicates_with_p_n_of_0_depending_on_n(variant, monkeypatch):
    """P_n(x) = [x + n odd] (so P_n(0) = [n odd]): the network reads [P_n(i)], [P_n(j)] and [P_n(0)] from
    embeddings, its weights the same for every n, and is exhaustively the formula."""
    from quarks.attention import model as attention_model

    monkeypatch.setitem(attention_model.PREDICATES, "SHIFTODD", lambda x, n: (x + n) % 2 == 1)
    res = exhaustive_check("SHIFTODD(#left[a]) | (b & SHIFTODD(pos))", "ab", 6, variant)
    assert res["holds"] and res["cases"] == 126


def test_three_letters_and_causal():
    assert exhaustive_check("(!b & !c) S a", "abc", 6, "causal")["holds"]
    assert exhaustive_check("#left[a] >= 2*#left[c]", "abc", 6, "causal-temperature")["holds"]
    with pytest.raises(CompileError):
        compile_formula(parse("a U b"), "ab", "causal")
    with pytest.raises(CompileError):
        compile_formula(parse("ODD(#left[a])"), "ab", "causal")


def test_too_hot_model_is_caught_and_really_fails():
    res = exhaustive_check("!b S a", "ab", 6, "temperature", "2", tau_factor="2")
    assert not res["holds"] and res["failure"]["word"] == "ab" and res["failure"]["hard_matches_formula"]
    arb = soft_site_check("!b S a", "ab", "ab", "temperature", "2", "2")
    assert arb["holds"] is False and arb["decided"]
    # the same model at the stated temperature passes, and arb agrees on that word
    assert exhaustive_check("!b S a", "ab", 6)["holds"]
    assert soft_site_check("!b S a", "ab", "ab")["holds"] is True


def test_speed_8190_strings():
    t = time.perf_counter()
    res = exhaustive_check("(a & Y b) S (X a | b)", "ab", 12)
    assert res["holds"] and res["cases"] == 8190
    assert time.perf_counter() - t < 10


@pytest.mark.slow
def test_speed_parity_section_4_5():
    t = time.perf_counter()
    res = exhaustive_check("!P(#left[Y a] = #right[a])", "ab", 12)
    assert res["holds"] and res["cases"] == 8190
    assert time.perf_counter() - t < 10


def test_cli(tmp_path, capsys):
    assert main(["ltl", "!b S a", "--string", "abbaab"]) == 0
    out = capsys.readouterr().out
    assert "certified" in out and "NOT" not in out
    assert main(["ltl", "ODD(#left[a])", "--check-up-to", "8", "--save", str(tmp_path / "m.json")]) == 0
    assert "510 strings" in capsys.readouterr().out and (tmp_path / "m.json").exists()
    assert main(["ltl", "!b S a", "--check-up-to", "5", "--tau-factor", "3"]) == 1
    assert main(["ltl", "(a & b", "--string", "ab"]) == 2
    assert main(["ltl", "X a", "--string", "ab", "--variant", "causal"]) == 2
    assert main(["ltl", "a", "--string", "az", "--alphabet", "ab"]) == 2
    assert main(["ltl", "a", "--check-up-to", "40"]) == 2
    err = capsys.readouterr().err
    assert "column 7" in err and err.count("\n") == 4


def test_not_certified_exits_1_with_or_without_out(tmp_path, capsys):
    """Issue 50, point 12: "NOT certified" printed with exit 0 (and exit 1 with --out)."""
    assert main(["ltl", "!b S a", "--string", "abba", "--tau-factor", "8"]) == 1
    assert "NOT certified" in capsys.readouterr().out
    assert main(["ltl", "!b S a", "--string", "abba", "--tau-factor", "8", "--out", str(tmp_path / "c.json")]) == 1
    assert main(["ltl", "!b S a", "--string", "abba"]) == 0
    capsys.readouterr()
    assert main(["check-cert", str(tmp_path / "c.json")]) == 0      # a valid certificate of the answer ...
    line = capsys.readouterr().out
    assert "answer: disagrees" in line and "answer: agrees" not in line   # ... whose line says what it was
