"""Tests of the claims in mine.py, as any module has them: `python -m pytest test_mine.py` beside it."""
import mine


def test_gauss_holds_on_its_instances():
    for tier in ("quick", "full"):
        for instance in mine.GAUSS.instances_for(tier):
            assert mine.GAUSS.run(instance).status == "verified"


def test_the_misremembered_sum_fails_at_m_1():
    verdict = mine.GAUSS_WRONG.run({"n": 10})
    assert verdict.status == "refuted" and verdict.counterexample == {"m": 1}


def test_the_misremembered_sum_holds_at_n_0_as_that_instance_expects():
    [empty] = [i for i in mine.GAUSS_WRONG.instances_for("full") if i["n"] == 0]
    assert mine.GAUSS_WRONG.expected_for(empty) == "verified" and mine.GAUSS_WRONG.run(empty).status == "verified"
