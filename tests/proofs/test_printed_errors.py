"""The printed errors of issue 28: each refuted as printed with its counterexample, its twin verified."""
from quarks.claims import registry


def _run(cid, inst):
    return registry.get(cid).check(inst)


def test_prop55_degree_zero():
    v = _run("quarks.prop5.5-degree-zero-as-printed", {"n": 1})
    assert v.status == "refuted" and v.data["intersection"] == 2 and v.data["bound"] == 4
    assert "d0, d1 >= 1" in registry.get("quarks.prop5.5").statement


def test_index_encoding():
    v = _run("quarks.thm4.3-index-encoding-as-printed", {"m_max": 16, "reading": "printed"})
    assert v.status == "refuted" and v.counterexample["failing_m"] == [1, 2, 4, 8, 16]
    assert _run("quarks.thm4.3-index-encoding", {"m_max": 16, "reading": "corrected"}).status == "verified"


def test_log_factor():
    v = _run("quarks.eq4.1-log-factor-as-printed", {"n_min": 1, "n_max": 3})
    assert v.status == "refuted" and v.evidence[0]["witness"] == {"n": 1}
    assert _run("quarks.eq4.1-log-factor", {"n_min": 2, "n_max": 1024}).status == "verified"
    # the vacuity needs ln n < 10: the range's top is compared with a rational lower bound of e^10 ~ 22026.47,
    # a comparison that fails past it (issue 48: not the range's own bound, true by construction)
    assert _run("quarks.eq4.1-log-factor", {"n_min": 2, "n_max": 22026}).status == "verified"
    assert _run("quarks.eq4.1-log-factor", {"n_min": 2, "n_max": 22027}).status == "refuted"


def test_metric_codomain():
    v = _run("navon.eq8-metric-codomain-as-printed", {"distribution": [["1/3", 2], ["2/3", "-5/2"]]})
    assert v.status == "refuted"
    assert _run("navon.eq8-metric-codomain", {"samples": 5, "points": 3, "seed": 4}).status == "verified"


def test_dense_encoding_arity_four():
    v = _run("quarks.appendix-dense-encoding", {"n": 4, "degrees": [1, 1, 1, 1], "reading": "corrected",
                                                "operators": ["0x8000"]})
    assert v.status == "verified" and v.data["lower"] == 14 ** 4 and v.data["sizes"] == {"B4_0x8000": 65094}


def test_selector_obstruction():
    from quarks.proofs.baldi.dense_encoding import selector_extension, selector_obstruction_check
    from quarks.solvers.compose import threshold_list

    r = selector_obstruction_check(2)
    assert r["holds"] and r["functions"] == 12
    # f = x_1 at code 00 with (1, 1, 1) elsewhere is x_1 OR c_1 OR c_2, a threshold function; (0, 0, 1) is not
    T3 = set(threshold_list(3, 1).tolist())
    assert selector_extension(0b10, 1, (1, 1, 1)) in T3 and selector_extension(0b10, 1, (0, 0, 1)) not in T3


def test_two_hop_induction_head():
    from quarks.attention import programs

    # find(i): rightmost j <= i with w_{j-1} = w_i.  "abab": find(2) = 1 (w_0 = a), find(3) = 2 (w_1 = b);
    # 1-hop outputs [w_find = a]: [0, 0, 0, 1]; 2-hop reads them at find(i): [0, 0, 0, 0]
    assert programs.induction_reference("abab") == [0, 0, 0, 1]
    assert programs.induction2_reference("abab") == [0, 0, 0, 0]
    assert programs.induction2_reference("aaab") == [0, 1, 1, 0]
    v = _run("yang.section6-rule", {"program": "induction2", "n": 4})
    assert v.status == "verified" and v.data["gamma"] == "1/4"


def test_new_seed_statements():
    assert _run("quarks.sm-universality", {"n": 3}).status == "verified"
    assert _run("quarks.multiplexing-silences", {"K": 3, "eps": "1/10", "L": 4}).status == "verified"
    # 2^3 < 9 = (1 - 1/10)/(1/10): L = 3 is not enough for this bound
    assert _run("quarks.multiplexing-silences", {"K": 3, "eps": "1/10", "L": 3}).status == "refuted"
    v = _run("navon.eq11-12-eps-sep-lower-bound", {"size": 2, "y": [3, 1, -2, 5], "eps": 2})
    assert v.status == "verified" and v.data["min_rank"] == 1


def test_every_arity_four_operator_has_an_irreducible_restriction():
    from quarks.proofs.baldi.dense_encoding import restrict_operator, restriction_check

    assert restrict_operator(0x8000, 4, 3, 1) == 0x80          # AND4 with z_4 = 1 is AND3
    assert restrict_operator(0x8000, 4, 3, 0) == 0             # with z_4 = 0, FALSE
    r = restriction_check(4)
    assert r["holds"] and r["cases"] == 64594


def test_selector_route_exists_for_every_arity_four_operator():
    from quarks.proofs.baldi.dense_encoding import FORBIDDEN, selector_route

    codes, lines = selector_route(0x8000)                      # AND4: the only lines are z = (1, 1, 1)
    assert sorted(codes) == [0, 1, 2, 3] and all(z[:i] + z[i + 1:] == [1, 1, 1] for i, z in enumerate(lines))
    assert (1, 1, 0) in FORBIDDEN and (1, 1, 1) not in FORBIDDEN
    v = _run("quarks.appendix-dense-selector-route", {"n": 1})
    assert v.status == "verified" and "each of the 64594 irreducible B" in v.summary
