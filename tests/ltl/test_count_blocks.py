"""quarks.ltl.count_blocks, the Python side of LTLCountCompile.v's bcompile: its network run exactly
(hard attention, Fractions) is the reference semantics, its softmax run at tau = 1/(2n) is certified
to round to it, a changed coefficient is caught, and formulas outside tfrag are refused."""
import itertools
from fractions import Fraction

import pytest

from quarks.attention.run import hard_exact
from quarks.ltl.check import check_words
from quarks.ltl.count_blocks import bcompile, coordinate, tfrag, tl_of
from quarks.ltl.parts import CompileError
from quarks.ltl.semantics import all_words, truth
from quarks.ltl.syntax import parse
from quarks.proofs.yang import counting

CASES = [(counting.PARITY, False), (counting.MAJORITY, False), (counting.PARITY, True), (counting.MAJORITY, True),
         ("(!a S b) & #left[a] > #left[b]", True), (counting.DOUBLE, False), ("H (a -> ODD(#left[a]))", True),
         ("MOD_3_1(#right[b]) & ODD(pos)", False), ("MOD_3(#left[Y a])", True), ("X (a U b) | #right[a] != 2", False)]
WORDS = ["".join(w) for n in range(1, 6) for w in itertools.product("ab", repeat=n)]


@pytest.mark.parametrize("formula,causal", CASES)
def test_exact_hard_run_is_the_semantics(formula, causal):
    f = parse(formula)
    model = bcompile(f, "ab", causal)
    for word in WORDS:
        assert hard_exact(model, word)[model.output] == [Fraction(int(v)) for v in truth(f, word)], word


@pytest.mark.parametrize("formula,causal", CASES[:5])
def test_softmax_at_one_over_2n_is_certified(formula, causal):
    """All words of length <= 8: the hard model is the formula, the softmax one within 1/4 before
    every rounding at the one temperature 1/(2n) of Theorems 20, 21 (so equal after rounding)."""
    model = bcompile(parse(formula), "ab", causal)
    for n in range(1, 9):
        r = check_words(model, parse(formula), all_words("ab", n))
        assert r["ok"] == r["words"] == 2 ** n and r["margin"] > 0.05, (n, r["failure"])


def test_a_changed_sign_constant_is_caught():
    """The sign head's K (c0 + 1/2) / d made K (c0 - 1/2) / d: MAJORITY on "ab" at position 1 (one a,
    no b, E = 0) turns false."""
    f = parse(counting.MAJORITY)
    model = bcompile(f, "ab", False)
    sign = next(h for layer in model.layers for h in layer.heads if h.value == "pe:even")
    q, k, c = sign.terms[-1]
    sign.terms[-1] = (q, k, c - 2)
    assert truth(f, "ab") == [True, False]
    assert hard_exact(model, "ab")[model.output] == [0, 0]


def test_fragment_and_terms():
    assert tl_of(parse("#left[a] > 2*#right[b] + 1"), "ab") == ("cmp", ((1, "left", ("atom", 0)), (-2, "right", ("atom", 1))), -2)
    assert tl_of(parse("a Ss b"), "ab") == ("Y", ("S", ("atom", 0), ("atom", 1)))
    assert tl_of(parse("MOD_3(#left[a])"), "ab") == ("cnt", "MOD_3", "left", ("atom", 0))
    assert not tfrag(tl_of(parse(counting.PARITY45), "ab"), False)
    assert tfrag(tl_of(parse("ODD(#right[a])"), "ab"), False) and not tfrag(tl_of(parse("ODD(#right[a])"), "ab"), True)
    for text, causal in [(counting.PARITY45, False), ("X a", True), ("#left[a] >= #left[a]", False)]:
        with pytest.raises(CompileError):
            bcompile(parse(text), "ab", causal)


def test_coordinates_are_the_coq_numbers():
    """Letters 0, 1; 1/i at k + 3; first at k + 7; [n = 1] at k + 11; 2i at k + 12; the predicate
    embeddings from k + 13; fresh coordinates after them."""
    model = bcompile(parse("ODD(pos) & EVEN(#left[a])"), "ab", False)
    numbers = {c: coordinate(c, "ab") for c in model.coords()}
    assert numbers["w:b"] == 1 and numbers["pe:1/i"] == 5 and numbers["first"] == 9 and numbers["single"] == 13
    assert numbers["pe:2i"] == 14 and numbers["pe:ODD(i):0"] == 15 and numbers["pe:EVEN(i):1"] == 16
    assert min(v for c, v in numbers.items() if c.startswith("t")) == 17 and len(set(numbers.values())) == len(numbers)
