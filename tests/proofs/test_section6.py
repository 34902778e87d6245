"""§6 through Corollary 17: the Python formulas of the k-hop induction heads and the flip-flop language (the
formulas of LTLSection6.v) are the tasks, their networks are exact, and a wrong reference is caught."""
from quarks.attention import programs
from quarks.claims.registry import get
from quarks.proofs.yang import applications as app


def test_references_agree_with_the_engines():
    for word in ("abab", "aaab", "abcabca", "cabbacab"):
        assert [int(v) for v in app.ih_reference(word, 1, "a")] == programs.induction_reference(word)
        assert [int(v) for v in app.ih_reference(word, 2, "a")] == programs.induction2_reference(word)
    # the letter: at every position at most one letter's output is true, and it is the letter reached
    word = "abcabca"
    outs = {c: app.ih_reference(word, 1, c) for c in "abc"}
    assert [sum(outs[c][i] for c in "abc") for i in range(len(word))] == [0, 0, 0, 1, 1, 1, 1]
    assert [c for c in "abc" if outs[c][3]] == ["b"]     # find(3) = 1 (w_0 = a = w_3), w_1 = b


def test_flipflop_reference():
    assert app.ff_reference("0x1y") == [True, True, True, True]
    assert app.ff_reference("x") == [False]               # a read with no earlier write
    assert app.ff_reference("0y0x") == [True, False, False, False]
    assert app.ff_reference("1i0ix") == [True, True, True, True, True]


def test_formulas_are_the_tasks():
    assert app.formula_is_task("induction", "abc", 5, hops=2, letter="c") == {"holds": True, "cases": 363}
    assert app.formula_is_task("flipflop", app.FF_ALPHABET, 4)["holds"]


def test_quick_instances_verify_and_a_wrong_reference_is_refuted(monkeypatch):
    c = get("yang.section6-applications")
    for inst in c.instances_for("quick"):
        assert c.check(inst).status == "verified", inst
    monkeypatch.setattr(app, "ff_reference", lambda word: [True] * len(word))
    v = c.check({"task": "flipflop", "alphabet": app.FF_ALPHABET, "n": 2})
    assert v.status == "refuted" and v.summary.startswith("the formula differs from the task on")
