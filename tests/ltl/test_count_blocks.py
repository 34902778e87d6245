"""quarks.ltl.count_blocks, the Python side of LTLCountCompile.v's bcompile: its network run exactly
(hard attention, Fractions) is the reference semantics, its softmax run at tau = 1/(2n) is certified
to round to it, a changed coefficient is caught, and formulas outside tfrag are refused; the same for
mcompile (mixed comparisons, tau = 1/(2n)) and bcompile_b (scores scaled by 2n, tau = 1)."""
import itertools
from fractions import Fraction

import pytest

from quarks.attention.run import hard_exact
from quarks.ltl.check import check_words
from quarks.ltl.count_blocks import bcompile, bcompile_b, coordinate, mcompile, numbering, tfrag, tl_of
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
    embeddings from k + 13 (a predicate on a count followed by [P_n(0)]); fresh coordinates after them."""
    model = bcompile(parse("ODD(pos) & EVEN(#left[a])"), "ab", False)
    numbers = {c: coordinate(c, "ab") for c in model.coords()}
    assert numbers["w:b"] == 1 and numbers["pe:1/i"] == 5 and numbers["first"] == 9 and numbers["single"] == 13
    assert numbers["pe:2i"] == 14 and numbers["pe:ODD(i):0"] == 15 and numbers["pe:EVEN(i):1"] == 16
    assert numbers["pe:EVEN(0):2"] == 17 and model.pe["pe:EVEN(0):2"] == ["pred", "EVEN", 0]
    assert min(v for c, v in numbers.items() if c.startswith("t")) == 18 and len(set(numbers.values())) == len(numbers)


# --- mcompile and bcompile_b -----------------------------------------------------------------------

MIXED = [counting.PARITY45, "#left[a] = #right[b] + 1", "F (#left[a] = #right[a])", "#left[a] > 2*#right[b] - 1",
         "Y (#right[X a] != #left[a S b]) | ODD(#right[b])"]
QUICK = [counting.PARITY, counting.MAJORITY, "(!a S b) & #left[a] > #left[b]"]


@pytest.mark.parametrize("formula", MIXED + QUICK)
@pytest.mark.parametrize("compiler", [mcompile, bcompile_b])
def test_mixed_networks_run_exactly_as_the_semantics(formula, compiler):
    """Hard attention, exact rationals: every word of length <= 5."""
    f = parse(formula)
    model = compiler(f, "ab")
    for word in WORDS:
        assert hard_exact(model, word)[model.output] == [Fraction(int(v)) for v in truth(f, word)], word


@pytest.mark.parametrize("formula", MIXED[:3] + QUICK[:2])
@pytest.mark.parametrize("compiler", [mcompile, bcompile_b])
def test_mixed_softmax_is_certified(formula, compiler):
    """All words of length <= 8: softmax at tau = 1/(2n) (mcompile) or tau = 1 (bcompile_b) certified
    within 1/4 before every rounding, output radius 0 (the mixed unit's input within 1 of 4E)."""
    model = compiler(parse(formula), "ab")
    taus = {str(h.tau) for layer in model.layers for h in layer.heads if h.terms}
    assert taus == ({"1"} if compiler is bcompile_b else {"['/', 1, ['*', 2, 'n']]"})
    for n in range(1, 9):
        r = check_words(model, parse(formula), all_words("ab", n))
        assert r["ok"] == r["words"] == 2 ** n and r["margin"] > 0.05, (n, r["failure"])


def test_mcompile_is_bcompile_on_tfrag_and_refuses_causal_mixing():
    for formula, causal in CASES:
        assert mcompile(parse(formula), "ab", causal).to_dict() == bcompile(parse(formula), "ab", causal).to_dict()
    assert mcompile(parse(counting.PARITY45), "ab").info["compiler"] == "mcompile"
    with pytest.raises(CompileError):
        mcompile(parse(counting.PARITY45), "ab", True)
    with pytest.raises(CompileError):
        bcompile_b(parse("a & c"), "ab")


def test_mixed_blocks_and_extra_embeddings():
    """#left[a] = #right[b] + 1: two mixed comparisons, K = 2 (1 + 2) = 6 on the keys 2in, -i^2 n at
    k + 13 (no predicates); bcompile_b's six embeddings after them, scores doubled onto n-scaled keys."""
    f = parse("#left[a] = #right[b] + 1")
    m = mcompile(f, "ab")
    num = numbering(m)
    assert [num(c, "ab") for c in ("pe:2in", "pe:-i^2n")] == [15, 16] and min(
        num(c, "ab") for c in m.coords() if c.startswith("t")) == 17
    looks = [h for layer in m.layers for h in layer.heads if h.mask == "none" and h.value == "pe:2i"]
    assert len(looks) == 4 and all([(k, c) for _, k, c in h.terms] == [("pe:2in", 6), ("pe:-i^2n", 6)] for h in looks)
    units = [u for layer in m.layers for u in layer.units if len(u.hidden[0][0]) == 4]
    assert [(list(u.hidden[0][0].values()), u.hidden[0][1], u.hidden[1][1]) for u in units] == [
        ([2, -4, -2, 4], 4 * -1 + 2, 4 * -1 + 1), ([-2, 4, 2, -4], 4 * 1 + 2, 4 * 1 + 1)]  # 4 (+-(C_a - C_b) -+ 1) + 2
    mb = bcompile_b(f, "ab")
    nb = numbering(mb)
    assert [nb(c, "ab") for c in ("pe:n", "pe:alt*n", "pe:2in^2", "pe:-i^2n^2")] == [17, 18, 19, 20]
    lb = [h for layer in mb.layers for h in layer.heads if h.mask == "none" and h.value == "pe:2i"]
    assert all([(k, c) for _, k, c in h.terms] == [("pe:2in^2", 12), ("pe:-i^2n^2", 12)] for h in lb)
    sel = [h for layer in mb.layers for h in layer.heads if h.terms and h.mask != "none"]
    assert sel and all(q in ("pe:n", "pe:alt*n") or k in ("pe:alt*n", "pe:2in", "pe:-i^2n") for h in sel for q, k, _ in h.terms)


def test_a_changed_mixed_constant_is_caught():
    """#left[a] >= #right[b]: the unit's 4 c0 + 2 made 4 (c0 - 1) + 2 turns "ab" (1 >= 1 at both) false."""
    f = parse("#left[a] >= #right[b]")
    model = mcompile(f, "ab")
    unit = model.layers[-1].units[0]
    unit.hidden = [(ws, b - 4) for ws, b in unit.hidden]
    assert truth(f, "ab") == [True, True] and hard_exact(model, "ab")[model.output] == [0, 0]


def test_check_runs_the_coq_networks_of_their_variants():
    """quarks.ltl.check names mcompile (temperature, c = 2) and bcompile_b (unbounded, c = 2) and refuses others."""
    from quarks.ltl.check import exhaustive_check, model_for

    r = exhaustive_check(counting.PARITY45, "ab", 5, variant="unbounded", network="bcompile_b")
    assert r["holds"] and r["cases"] == 62 and r["layers"] == 29
    assert model_for(parse(counting.PARITY45), "ab", "temperature", "2", "1", "mcompile").info["compiler"] == "mcompile"
    for variant, c, network in [("temperature", "2", "bcompile_b"), ("unbounded", "2", "mcompile"), ("temperature", "3", "mcompile")]:
        with pytest.raises(ValueError):
            model_for(parse(counting.PARITY45), "ab", variant, c, "1", network)


@pytest.mark.parametrize("formula,causal", CASES[:6] + [(counting.PARITY45, False), ("#left[a] = #right[b] + 1", False)])
def test_acompile_hard_run_is_the_semantics(formula, causal):
    """acompile (LTLCountBounded.v, variant (a): bounded keys j/n^2, -(j/n)^2, lookups scaled by n^2 or n^3,
    a first layer 2i = 2n (i/n) when a comparison mixes #left and #right), built for each length n <= 4:
    its exact hard run is the semantics, and every embedding lies in [-1, 1]."""
    from quarks.attention.model import pe_bound
    from quarks.ltl.count_blocks import acompile

    f = parse(formula)
    for n in range(1, 5):
        model = acompile(f, "ab", n, causal)
        assert all(pe_bound(spec, n) <= 1 for spec in model.pe.values())
        assert ("2i" in {t for u in model.layers[0].units for t in u.out}) == (not tfrag(tl_of(f, "ab"), causal))
        for word in itertools.product("ab", repeat=n):
            assert hard_exact(model, word)[model.output] == [Fraction(int(v)) for v in truth(f, "".join(word))], word
    with pytest.raises(CompileError):
        acompile(f, "ab", 0)


@pytest.mark.parametrize("formula,causal", CASES[:6] + [("MOD_3_1(#right[b]) & ODD(pos)", False), ("MOD_3(#left[Y a])", True)])
def test_pcompile_is_one_network_certified_at_one_over_2n_cubed(formula, causal):
    """pcompile (LTLCountFixed.v, variant (a) as printed): one model for every n, embeddings in [-1, 1], every
    head at 1/(2n^3); all words of length <= 6: the exact hard run is the semantics and the softmax run is
    certified within 1/4 before every rounding."""
    from quarks.attention.model import pe_bound
    from quarks.ltl.count_blocks import pcompile

    f = parse(formula)
    model = pcompile(f, "ab", causal)
    assert all(h.temperature(5) == Fraction(1, 250) for layer in model.layers for h in layer.heads if h.terms)
    assert "2i" not in {t for layer in model.layers for u in layer.units for t in u.out}
    for n in range(1, 7):
        assert all(pe_bound(spec, n) <= 1 for spec in model.pe.values())
        r = check_words(model, f, all_words("ab", n))
        assert r["ok"] == r["words"] == 2 ** n, (n, r["failure"])


@pytest.mark.parametrize("formula", [counting.PARITY45, "#left[a] = #right[b] + 1", "F (#left[a] = #right[a])",
                                     "#left[a] >= 2*#right[b] & ODD(#left[a])"])
def test_pcompile_of_a_mixed_comparison_is_the_papers_block(formula):
    """A comparison mixing #left and #right (LTLCountPaperThm.v's pqcompile: lookups of C/n on the keys j/n^2,
    -(j/n)^2 at xk + 2, xk + 3, the sign test of (E + 1/2)/n): one model for every n, no 2i layer, every head
    at 1/(2n^3), embeddings in [-1, 1]; its exact hard run is the semantics on every word of length <= 5,
    and its softmax run is certified within 1/4 before every rounding on every word of length <= 7."""
    from quarks.attention.model import pe_bound
    from quarks.ltl.count_blocks import PAPER_KEYS, pcompile

    f = parse(formula)
    model = pcompile(f, "ab")
    assert set(PAPER_KEYS) <= set(model.pe) and "2i" not in {t for layer in model.layers for u in layer.units for t in u.out}
    assert all(h.temperature(5) == Fraction(1, 250) for layer in model.layers for h in layer.heads if h.terms)
    for word in WORDS:
        assert hard_exact(model, word)[model.output] == [Fraction(int(v)) for v in truth(f, word)], word
    for n in range(1, 8):
        assert all(pe_bound(spec, n) <= 1 for spec in model.pe.values())
        r = check_words(model, f, all_words("ab", n))
        assert r["ok"] == r["words"] == 2 ** n, (n, r["failure"])


def test_pcompile_refuses_a_causal_mixed_comparison():
    """Mixed comparisons are not causal (they read #right): pcompile refuses one with causal=True."""
    from quarks.ltl.count_blocks import pcompile

    with pytest.raises(CompileError, match="mixing #left and #right"):
        pcompile(parse(counting.PARITY45), "ab", causal=True)


def test_a_family_of_predicates_with_p_n_of_0_depending_on_n(monkeypatch):
    """A numerical predicate is a family P_n: P_n(x) = [x + n odd], so P_n(0) = [n odd] changes with n.  One
    bcompile / pcompile network (weights independent of n: P_n(0) is read from its embedding, Coq's pred0) is
    the semantics on every word of length <= 6, and the embedding [P_n(0)] is what carries n."""
    from quarks.attention import model as attention_model
    from quarks.ltl.count_blocks import pcompile

    monkeypatch.setitem(attention_model.PREDICATES, "SHIFTODD", lambda x, n: (x + n) % 2 == 1)
    f = parse("SHIFTODD(#left[a]) | (b & SHIFTODD(pos))")
    for model in (bcompile(f, "ab", False), pcompile(f, "ab", True)):
        assert attention_model.pe_value(model.pe["pe:SHIFTODD(0):1"], 3, 5) == 1
        assert attention_model.pe_value(model.pe["pe:SHIFTODD(0):1"], 3, 4) == 0
        for word in (w for w in WORDS if len(w) <= 6):
            assert hard_exact(model, word)[model.output] == [Fraction(int(v)) for v in truth(f, word)], word
    model = pcompile(f, "ab", True)
    for n in range(1, 6):  # the softmax run at 1/(2n^3) is certified within 1/4 before every rounding
        r = check_words(model, f, all_words("ab", n))
        assert r["ok"] == r["words"] == 2 ** n, (n, r["failure"])
