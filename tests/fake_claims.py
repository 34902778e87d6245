"""Claims for testing the driver: fast, slow, crashing, wrong and refuted-as-printed ones."""
import os
import time

from quarks.certificates.evidence import arith
from quarks.claims.claim import Claim, Source, Verdict


def _square_sum(inst):
    n = inst["n"]
    ev = [arith({"lhs": ["sum", "k", 1, n, ["*", 2, "k"]], "rhs": ["*", n, ["+", n, 1]]},
                [("sum of 2k is n(n+1)", ["==", "lhs", "rhs"])])]
    return Verdict.from_facts(ev, f"2+4+...+2n = n(n+1) at n = {n}")


square_sum = Claim(
    id="test.square-sum", source=Source("003", "test 1"), statement="sum_{k<=n} 2k = n(n+1)",
    latex=r"\sum_{k\le n} 2k = n(n+1)", kind="finite",
    instances={"quick": [{"n": n} for n in (1, 2, 3)], "full": [{"n": n} for n in range(1, 9)]},
    check=_square_sum,
)


def _bad_bound(inst):
    n = inst["n"]
    ev = [arith({"two_n": ["^", 2, n], "n_sq": ["^", n, 2]}, [("2^n >= n^2", [">=", "two_n", "n_sq"])])]
    return Verdict.from_facts(ev, f"2^n >= n^2 at n = {n}", counterexample={"n": n})


bad_bound = Claim(
    id="test.bad-bound", source=Source("003", "test 2"), statement="2^n >= n^2 for all n >= 1 (false at n = 3)",
    latex=r"2^n \ge n^2", kind="finite", expected="refuted",
    instances={"quick": [{"n": 3}], "full": [{"n": 3}]}, check=_bad_bound,
)


def _sleepy(inst):
    time.sleep(inst["seconds"])
    return Verdict.verified("slept", [arith({}, [("true", ["==", 1, 1])])])


sleepy = Claim(
    id="test.sleepy", source=Source("003", "test 3"), statement="sleeps", latex="", kind="finite",
    instances={"quick": [{"seconds": 0.05}, {"seconds": 30}], "full": []}, check=_sleepy,
)


def _crash(inst):
    os._exit(3)


crash = Claim(id="test.crash", source=Source("003", "test 4"), statement="dies", latex="", kind="finite",
              instances={"quick": [{}], "full": []}, check=_crash)


def _raises(inst):
    raise RuntimeError("boom")


raises = Claim(id="test.raises", source=Source("003", "test 5"), statement="raises", latex="",
               kind="finite", instances={"quick": [{}], "full": []}, check=_raises)


def _slow_sum(inst):
    time.sleep(0.4)
    return _square_sum(inst)


slow_sum = Claim(
    id="test.slow-sum", source=Source("003", "test 6"), statement="sum_{k<=n} 2k = n(n+1), slowly",
    latex="", kind="finite", instances={"quick": [{"n": n} for n in range(1, 13)], "full": []},
    check=_slow_sum,
)


coq_proved = Claim(
    id="test.coq-proved", source=Source("003", "test 7"), statement="membership in T(n;d) is decidable classically",
    latex="", kind="finite", instances={"quick": [{"n": 1}], "full": []}, check=_square_sum,
    coq=("Threshold.v:inTP",),
)


def _flaky(inst):
    if os.environ.get("QUARKS_TEST_FLAKY"):
        raise RuntimeError("flaky")
    return _square_sum(inst)


flaky = Claim(id="test.flaky", source=Source("003", "test 8"), statement="sum_{k<=n} 2k = n(n+1), unless told to fail",
              latex="", kind="finite", instances={"quick": [{"n": 2}], "full": []}, check=_flaky)


# 2^n >= n^2 holds at n = 1 and 2, fails at 3: the instances where the false statement holds say so
mostly_false = Claim(
    id="test.mostly-false", source=Source("003", "test 9"), statement="2^n >= n^2 for all n >= 1 (false at n = 3)",
    latex=r"2^n \ge n^2", kind="finite", expected="refuted", check=_bad_bound,
    instances={"quick": [{"n": 1, "expected": "verified"}, {"n": 3}], "full": [{"n": 2, "expected": "verified"}]},
)
