"""Property tests of the checking kernel's parts against independent oracles (issue 48): the exact
evaluator against Python Fractions, the sign procedure against exact evaluation, the threshold and
Farkas checkers against brute force (n <= 4), the count by halves against enumeration (n <= 4)."""
import base64
import itertools
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quarks.base.exact import ExprError, evaluate

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --- the evaluator against Fraction ---------------------------------------------------------------------

atoms = st.one_of(st.integers(-50, 50),
                  st.tuples(st.integers(-20, 20), st.integers(1, 9)).map(lambda pq: f"{pq[0]}/{pq[1]}"))


def _node(children):
    def strat(op, lo, hi):
        return st.lists(children, min_size=lo, max_size=hi).map(lambda args: [op, *args])

    return st.one_of(strat("+", 1, 3), strat("*", 1, 3), strat("-", 1, 2), strat("min", 1, 3),
                     strat("max", 1, 3), strat("abs", 1, 1), strat("/", 2, 2))


expressions = st.recursive(atoms, _node, max_leaves=10)


def _value(expr):
    """The oracle: the expression evaluated with Fractions (None on a division by zero)."""
    if isinstance(expr, int):
        return Fraction(expr)
    if isinstance(expr, str):
        return Fraction(expr)
    op, *args = expr
    vals = [_value(a) for a in args]
    if any(v is None for v in vals):
        return None
    if op == "+":
        return sum(vals, Fraction(0))
    if op == "*":
        out = Fraction(1)
        for v in vals:
            out *= v
        return out
    if op == "-":
        return -vals[0] if len(vals) == 1 else vals[0] - vals[1]
    if op == "/":
        return None if vals[1] == 0 else vals[0] / vals[1]
    return {"min": min, "max": max}[op](vals) if op in ("min", "max") else abs(vals[0])


@FAST
@given(expressions)
def test_evaluator_agrees_with_fractions(expr):
    want = _value(expr)
    if want is None:
        with pytest.raises(ExprError):
            evaluate(expr)
    else:
        got = evaluate(expr)
        assert not isinstance(got, bool) and Fraction(got) == want
        assert evaluate(["==", expr, expr]) is True and evaluate(["<", expr, ["+", expr, 1]]) is True


@FAST
@given(st.sampled_from(["-", "neg", "abs", "/", "^", "floor", "not", "binom", "fact", "<", "==", "len"]),
       st.integers(0, 4))
def test_a_wrong_number_of_arguments_is_rejected(op, k):
    from quarks.base.exact import _ARITY

    lo, hi = _ARITY[op]
    args = [True] * k if op == "not" else ([["list", 1]] * k if op == "len" else [1] * k)
    if lo <= k <= (hi if hi is not None else k):
        return
    with pytest.raises(ExprError, match="argument"):
        evaluate([op, *args])


def test_malformed_expressions_are_rejected_with_their_reason():
    for expr, reason in ((["-", 5, 1, 1], "takes 1 to 2 argument"), (["neg", 5, 1], "takes 1 argument"),
                         (["+", True, 1], "numbers, not boolean"), (["<", False, 1], "numbers, not boolean"),
                         (["and", 1, True], "booleans, not number"), (["==", True, 1], "one kind"),
                         (["not", 0], "booleans"), (["sum", "k", 1, 2, ["==", "k", 1]], "numbers, not a boolean"),
                         (["abs"], "takes 1 argument")):
        with pytest.raises(ExprError, match=reason):
            evaluate(expr)
    assert evaluate(["-", 5, 1]) == 4 and evaluate(["and", True, ["<", 1, 2]]) is True



any_atoms = st.one_of(atoms, st.booleans(), st.integers(-(1 << 70), 1 << 70), st.sampled_from(["2^90", "x", "1/0"]),
                      st.integers(-(1 << 40), 1 << 40).map(lambda p: f"{p}/{(1 << 30) + 1}"))


def _any_node(children):
    ops = ["+", "*", "-", "/", "neg", "abs", "min", "max", "floor", "ceil", "<", "<=", "==", "!=", ">", ">=",
           "^", "and", "not", "list", "len", "ind"]
    return st.tuples(st.sampled_from(ops), st.lists(children, min_size=0, max_size=4)).map(lambda t: [t[0], *t[1]])


def _outcome(expr):
    """The value (or error message) and the steps charged."""
    from quarks.certify.base import Budget, CertificateError

    budget = Budget()
    try:
        value = evaluate(expr, {"x": Fraction(7, 3)}, budget.step)
    except (ExprError, CertificateError) as exc:
        value = f"error: {exc}"
    return value, type(value).__name__, budget.steps


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.recursive(any_atoms, _any_node, max_leaves=12))
def test_small_numbers_take_the_general_paths_answer_at_once(expr):
    """The evaluator's shortcut for small numbers (exact._small) gives what the general path gives:
    the same value of the same type, the same error, the same steps charged."""
    from quarks.base import exact

    fast = _outcome(expr)
    small, exact._SMALL = exact._SMALL, frozenset()
    try:
        assert _outcome(expr) == fast
    finally:
        exact._SMALL = small


# --- the sign procedure against exact evaluation -----------------------------------------------------------

rationals = st.tuples(st.integers(-12, 12), st.integers(1, 6)).map(lambda pq: Fraction(*pq))


def _sympy_tree(draw_tree):
    import sympy

    kind, a, b = draw_tree
    ra, rb = sympy.Rational(a.numerator, a.denominator), sympy.Rational(b.numerator, b.denominator)
    if kind == "add":
        return sympy.Add(ra, rb, evaluate=False), a + b
    if kind == "mul":
        return sympy.Mul(ra, rb, evaluate=False), a * b
    if kind == "sub-square":   # a^2 - b^2, and its sign
        return sympy.Add(sympy.Pow(ra, 2, evaluate=False), sympy.Mul(-1, sympy.Pow(rb, 2, evaluate=False),
                                                                    evaluate=False), evaluate=False), a * a - b * b
    raise AssertionError(kind)


def _sign(x):
    return (x > 0) - (x < 0)


@FAST
@given(st.tuples(st.sampled_from(["add", "mul", "sub-square"]), rationals, rationals))
def test_sign_procedure_contains_the_exact_sign(tree):
    from quarks.certify.symbolic.sign import decide_signs, possible_signs

    e, value = _sympy_tree(tree)
    assert _sign(value) in possible_signs(e)
    assert _sign(value) in decide_signs(e)


@FAST
@given(st.lists(st.tuples(st.sampled_from(["rat", "exp", "log"]), rationals), min_size=1, max_size=4))
def test_sign_of_products_of_exp_log_and_rationals(factors):
    import sympy

    from quarks.certify.symbolic.sign import possible_signs

    parts, sign = [], 1
    for kind, q in factors:
        r = sympy.Rational(q.numerator, q.denominator)
        if kind == "rat":
            parts.append(r)
            sign *= _sign(q)
        elif kind == "exp":
            parts.append(sympy.exp(r, evaluate=False))
        else:   # log of a positive rational: the sign of q - 1
            q = abs(q) + 1 if q <= 0 else q
            parts.append(sympy.log(sympy.Rational(q.numerator, q.denominator), evaluate=False))
            sign *= _sign(q - 1)
    e = sympy.Mul(*parts, evaluate=False)
    got = possible_signs(e)
    assert sign in got
    if len(got) == 1:
        assert got == {sign}


# --- the threshold and Farkas checkers against brute force -----------------------------------------------

@lru_cache(maxsize=None)
def brute_threshold(n: int) -> frozenset:
    """T(n;1) by brute force: every table of [w.x >= t] over integer weights in [-3, 3] (enough for n <= 4)."""
    xs = np.array([[(x >> i) & 1 for i in range(n)] for x in range(1 << n)])
    tables = set()
    for w in itertools.product(range(-3, 4), repeat=n):
        s = xs @ np.array(w, dtype=int)
        for t in range(-3 * n - 1, 3 * n + 2):
            tables.add(int(((s >= t).astype(int) << np.arange(1 << n)).sum()))
    return frozenset(tables)


def test_brute_force_counts_are_the_known_ones():
    assert [len(brute_threshold(n)) for n in (1, 2, 3, 4)] == [4, 14, 104, 1882]


@FAST
@given(st.integers(1, 4).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, (1 << (1 << n)) - 1),
                                                     st.lists(st.integers(-4, 4), min_size=n, max_size=n),
                                                     st.integers(-6, 6))))
def test_realization_checker_agrees_with_brute_force(case):
    from quarks.certify.threshold import check_realization_data

    n, table, weights, t = case
    direct = all(((sum(w for i, w in enumerate(weights) if (x >> i) & 1) - t >= 1) == bool((table >> x) & 1))
                 and sum(w for i, w in enumerate(weights) if (x >> i) & 1) - t != 0 for x in range(1 << n))
    problem = check_realization_data(n, 1, table, [1 << i for i in range(n)], weights, t)
    assert (problem is None) == direct
    if problem is None:
        assert table in brute_threshold(n)


@FAST
@given(st.integers(1, 4).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, (1 << (1 << n)) - 1),
                                                     st.lists(st.integers(0, 2), min_size=1 << n, max_size=1 << n))))
def test_farkas_checker_agrees_with_brute_force(case):
    from quarks.certify.threshold import check_nonrealization_data

    n, table, mult = case
    true = [(x, m) for x, m in enumerate(mult) if (table >> x) & 1 and m]
    false = [(x, m) for x, m in enumerate(mult) if not (table >> x) & 1 and m]
    g = [m if (table >> x) & 1 else -m for x, m in enumerate(mult)]
    balanced = sum(g) == 0 and all(sum(g[x] for x in range(1 << n) if (x >> i) & 1) == 0 for i in range(n))
    problem = check_nonrealization_data(n, 1, table, true, false)
    assert (problem is None) == (balanced and any(mult))
    if problem is None:   # sound: a valid Farkas certificate only for a function outside T(n;1)
        assert table not in brute_threshold(n)


def test_every_function_of_three_variables_is_decided_by_a_witness_the_checker_accepts():
    from quarks.base.boolean import TruthTable
    from quarks.certify.threshold import check_nonrealization_data, check_realization_data
    from quarks.solvers.realize import realize

    for table in range(0, 1 << 8, 5):
        r = realize(TruthTable(3, table), 1)
        if table in brute_threshold(3):
            assert check_realization_data(3, 1, table, r.monomials, r.weights, r.threshold) is None
        else:
            assert check_nonrealization_data(3, 1, table, r.true_multipliers, r.false_multipliers) is None


# --- the count by halves against enumeration ---------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4])
def test_halves_count_agrees_with_enumeration(n):
    from quarks.certify.base import CheckContext
    from quarks.certify.halves import check_halves_count
    from quarks.solvers.halves import npz_bytes, pair_witnesses, witness_arrays

    w = pair_witnesses(n, 1)
    record = {"kind": "halves-count", "n": n, "degree": 1, "count": int(w.count),
              "data": {"npz_base64": base64.b64encode(npz_bytes(witness_arrays(w))).decode()},
              "pairs": int(len(w.pair_g)), "realizable_pairs": int(w.member.sum()), "representatives": int(len(w.reps))}
    out = check_halves_count(record, CheckContext())
    assert out.valid and out.holds and record["count"] == len(brute_threshold(n))
    wrong = {**record, "count": record["count"] + 1}
    assert not check_halves_count(wrong, CheckContext()).valid
