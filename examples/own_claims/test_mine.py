"""Tests of the claims in mine.py, as any module has them: `python -m pytest test_mine.py` beside it."""
import mine


def test_gauss_holds_on_its_instances():
    for tier in ("quick", "full"):
        for instance in mine.GAUSS.instances_for(tier):
            assert mine.GAUSS.run(instance).status == "verified"


def test_the_misremembered_sum_fails_at_m_1():
    verdict = mine.GAUSS_WRONG.run({"n": 10})
    assert verdict.status == "refuted" and verdict.counterexample == {"m": 1}
