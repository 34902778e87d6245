"""Random formulas of depth <= 4 (seed 004): the generator, the family check and its certificate."""

from quarks.certificates import certificate
from quarks.claims import registry
from quarks.ltl.random import family, family_check, random_formula
from quarks.ltl.syntax import Count, Next, Until, depth, parse


def _walk(f):
    from quarks.ltl.syntax import children
    yield f
    for c in children(f):
        yield from _walk(c)


def test_generator_is_deterministic_and_bounded():
    assert family(range(5)) == family(range(5))
    assert random_formula(3) != random_formula(4)
    for s in range(60):
        for frag in ("full", "past", "temporal", "past-temporal"):
            f = parse(random_formula(s, 4, frag))
            assert 2 <= depth(f) <= 4
            nodes = list(_walk(f))
            if frag.startswith("past"):
                assert not any(isinstance(g, (Next, Until)) for g in nodes)
                assert not any(isinstance(g, Count) and g.side == "right" for g in nodes)
            if frag.endswith("temporal"):
                assert not any(isinstance(g, Count) for g in nodes)


def test_full_syntax_is_drawn():
    kinds = {type(g).__name__ for s in range(40) for g in _walk(parse(random_formula(s)))}
    assert {"Prev", "Next", "Since", "Until", "Compare", "Pred", "Not", "And", "Or"} <= kinds
    texts = " ".join(family(range(40)))
    for piece in ("#left[", "#right[", " Ss ", " Us ", "(pos)", "(#left[", "(#right["):
        assert piece in texts


def test_family_check_counts_words_and_reports_rejections():
    r = family_check([0, 1], 4, "past-temporal", "causal", 6)
    assert r["holds"] and r["cases"] == 2 * 126 and not r["rejected"]
    # full-fragment formulas (with X, U, #right) cannot be future-masked: reported, not skipped
    bad = family_check([0, 1], 4, "full", "causal", 4)
    assert not bad["holds"] and bad["rejected"] and bad["rejected"][0]["formula"] == random_formula(0)


def test_claim_quick_tier_and_tampering(tmp_path):
    from quarks.checking import binding

    claim = registry.get("yang.random-formulas")
    inst = claim.instances_for("quick")[-1]
    v = claim.run(inst)
    assert v.status == "verified"
    cert = certificate.build(claim, inst, v)
    assert certificate.check(cert)[0]
    cert["evidence"][0]["args"]["seeds"] = [5, 6, 7]  # other formulas: the claim derives another record
    res = binding.check_file(certificate.write(cert, tmp_path / "c.json"), rederive=True)
    assert not res.ok and "derives" in res.message


def test_repeated_operands_compile_correctly():
    """phi & phi, phi | phi and C = C once collapsed the unit's weights {a: 1, a: 1} to {a: 1}
    (found by the full tier's random formulas): the hard model must equal the formula."""
    from quarks.ltl.check import exhaustive_check

    for f, v in [("a & a", "temperature"), ("(b | ((a & a) & Y b))", "causal"), ("(Y (a & a) U b)", "temperature"),
                 ("!a | !a", "unbounded"), ("#left[a] = #left[a]", "temperature"),
                 ("#right[b] != #right[b]", "unbounded"), ("#left[a] = #left[a]", "causal-temperature")]:
        r = exhaustive_check(f, "ab", 6, v)
        assert r["holds"] and r["cases"] == 126, (f, v, r["failure"])
