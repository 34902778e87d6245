"""A small exact expression language for certificates: integers, rationals, relations.

Expressions are JSON: an ``int``; a string ``"p/q"`` (a rational) or a name (bound by the
certificate's values or by a ``forall``); or a list ``[op, arg, ...]``.  Evaluation uses only
Python integers and :class:`fractions.Fraction`, so a certificate is re-checked without floats,
solvers or a computer-algebra system.

Ops: ``+ - * / neg ^`` (integer exponent), ``abs min max floor ceil``, ``binom fact``,
``sum prod`` (``[op, var, lo, hi, body]``, bounds inclusive), ``< <= == != > >=``,
``and or not``, ``ind`` (a truth value as the number 0 or 1), ``rank`` (a matrix given as a list of rows),
``len`` and ``list``.
The kernel is strict: each op checks its number of arguments and their kinds (``["-", 5, 1, 1]`` is
rejected, not evaluated; a boolean is not a number; ``and`` takes booleans), and says why.
"""
from __future__ import annotations

import math
import operator
import re
from fractions import Fraction

_RATIONAL = re.compile(r"^-?\d+(/\d+)?$")
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*$")
MAX_EXPONENT = 1 << 16
MAX_BITS = 1 << 17      # no integer (numerator, denominator) above this size is ever made
MAX_TERMS = 1 << 24     # a sum or product over more terms is refused outright


class ExprError(ValueError):
    """A malformed expression."""


class UnboundName(ExprError):
    """An expression uses a name that nothing binds."""


def to_exact(value):
    """Parse a recorded exact value: int, or a ``"p/q"`` string."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, str) and _RATIONAL.match(value):
        if len(value) > MAX_BITS // 3:
            raise ExprError("number too long")
        num, _, den = value.partition("/")
        if den and int(den) == 0:
            raise ExprError(f"{value!r} divides by zero")
        q = Fraction(value)
        return q.numerator if q.denominator == 1 else q
    raise ExprError(f"not an exact number: {value!r}")


def to_json(value):
    """The JSON form of an exact value: int, bool, or ``"p/q"``."""
    if isinstance(value, bool) or isinstance(value, int):
        return value
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, list):
        return [to_json(v) for v in value]
    raise ExprError(f"not an exact value: {value!r}")


def _norm(x):
    if isinstance(x, Fraction) and x.denominator == 1:
        return x.numerator
    return x


def rank(matrix, tick=None) -> int:
    """The rank over Q of a matrix of exact numbers (Gaussian elimination over the rationals); every
    intermediate's size is bounded by ``MAX_BITS`` before it is computed, and its cost charged to
    ``tick`` (see :func:`cost`)."""
    rows = [[Fraction(x) for x in row] for row in matrix]
    r = 0
    ncols = len(rows[0]) if rows else 0
    for c in range(ncols):
        pivot = next((i for i in range(r, len(rows)) if rows[i][c] != 0), None)
        if pivot is None:
            continue
        rows[r], rows[pivot] = rows[pivot], rows[r]
        for i in range(r + 1, len(rows)):
            if rows[i][c] != 0:
                _bounded("/", [rows[i][c], rows[r][c]], tick)
                f = rows[i][c] / rows[r][c]
                new = []
                for a, b in zip(rows[i], rows[r]):
                    _bounded("-", [a, f, b], tick)   # a - f * b: within the sum of the sizes
                    new.append(a - f * b)
                rows[i] = new
        r += 1
    return r


def _bounded(op, v, tick):
    """Refuse an intermediate whose size bound (the operands' sizes together) is over ``MAX_BITS``;
    charge its cost to ``tick``."""
    bits = sum(size(x) for x in v) + 2
    if bits > MAX_BITS:
        raise ExprError(f"rank would make a value of more than {MAX_BITS} bits")
    if tick is not None:
        tick(cost(op, v, bits))


def cost(op, v, bits: int) -> int:
    """The evaluation steps an op is charged, by the size of its operands and result (``bits``, a bound
    known before it is computed): one for small values; for big ones about a microsecond's worth per
    step: linear in the size for integer addition and comparison, quadratic (schoolbook) for products,
    quotients, powers and anything on fractions."""
    if bits <= 256:
        return 1
    linear = op in ("+", "-", "neg", "abs", "min", "max", "list", "len", "and", "or", "not") or op in _RELATIONS
    if linear and not any(isinstance(x, Fraction) for x in v):
        return 1 + (bits >> 10)
    return 1 + ((bits * bits) >> 21)


def size(x) -> int:
    """The size of an exact value in bits: an integer's length, a fraction's numerator and denominator
    together, a list one per element plus its elements' sizes (so every value, lists included, is
    bounded by ``MAX_BITS``)."""
    if isinstance(x, bool):
        return 1
    if isinstance(x, int):
        return max(1, x.bit_length())
    if isinstance(x, Fraction):
        return x.numerator.bit_length() + x.denominator.bit_length()
    if isinstance(x, list):
        return 1 + sum(size(v) + 1 for v in x)
    raise ExprError(f"not an exact value: {type(x).__name__}")


def _sized(x):
    if size(x) > MAX_BITS:
        raise ExprError(f"a value exceeds {MAX_BITS} bits")
    return x


def _numbers(op, v):
    """The operands of an arithmetic op: numbers only (a list is never multiplied, added, ...)."""
    if any(isinstance(x, list) for x in v):
        raise ExprError(f"{op} applies to numbers, not lists")
    return v


def _result_size(op, v) -> int:
    """An upper bound on the size of ``op`` applied to ``v``, known before it is computed."""
    if op in _RELATIONS or op in ("and", "or", "not", "len", "ind"):
        return 1
    if op in ("list",):
        return 1 + sum(size(x) + 1 for x in v)
    if op in ("min", "max"):
        return max((size(x) for x in v), default=1)
    _numbers(op, v)
    sizes = [size(x) for x in v]
    if op in ("+", "-") and all(isinstance(x, int) for x in v):
        return max(sizes, default=1) + len(v).bit_length()
    if op in ("+", "-", "*", "/"):
        return sum(sizes) + len(v).bit_length()
    if op in ("neg", "abs", "floor", "ceil"):
        return max(sizes, default=1) + 1
    return 1   # ^, binom, fact: bounded by their own checks before they are computed


_RELATIONS = ("<", "<=", "==", "!=", ">", ">=")
_COMPARE = {"<": operator.lt, "<=": operator.le, "==": operator.eq, "!=": operator.ne, ">": operator.gt, ">=": operator.ge}


def _cost_bits(op, v) -> int:
    """The operands' sizes and a bound on the result's, for :func:`cost` (before anything is computed)."""
    if any(isinstance(x, list) for x in v):
        return 1 + sum(size(x) + 1 for x in v)
    operands = sum(size(x) for x in v)
    if op == "^" and len(v) == 2 and isinstance(v[1], int):
        return operands + size(v[0]) * min(abs(v[1]), MAX_EXPONENT)
    if op in ("binom", "fact") and all(isinstance(x, int) for x in v):
        n = v[0] if v else 0
        k = min(v[1], n - v[1]) if op == "binom" and len(v) == 2 else n
        return operands + max(0, min(k, MAX_BITS)) * max(n.bit_length(), 1)
    return operands + _result_size(op, v)


def _checked(op, v) -> None:
    n = _result_size(op, v)
    if n > MAX_BITS:
        raise ExprError(f"{op} would make a value of more than {MAX_BITS} bits")


def evaluate(expr, env: dict | None = None, tick=None):
    """Evaluate an expression exactly; ``env`` binds names.  ``tick()`` is called once per node (a
    budget may raise there); no value larger than ``MAX_BITS`` bits (:func:`size`, lists included) is ever built: every
    op's result size is bounded before it is computed."""
    env = env or {}
    if tick is not None:
        tick()
    if isinstance(expr, bool):
        return expr
    if isinstance(expr, int):
        return expr
    if isinstance(expr, str):
        if _RATIONAL.match(expr):
            return to_exact(expr)
        if _NAME.match(expr):
            if expr not in env:
                raise UnboundName(f"unbound name {expr!r}")
            return env[expr]
        raise ExprError(f"bad atom {expr!r}")
    if not isinstance(expr, list) or not expr or not isinstance(expr[0], str):
        raise ExprError(f"bad expression {expr!r}")
    op, args = expr[0], expr[1:]
    if op in ("sum", "prod"):
        if len(args) != 4:
            raise ExprError(f"{op} needs var, lo, hi, body")
        var, lo, hi, body = args
        lo, hi = evaluate(lo, env, tick), evaluate(hi, env, tick)
        if not (isinstance(lo, int) and isinstance(hi, int)) or isinstance(lo, bool) or isinstance(hi, bool):
            raise ExprError(f"{op} bounds must be integers")
        if hi - lo >= MAX_TERMS:
            raise ExprError(f"{op} over more than {MAX_TERMS} terms")
        acc = 0 if op == "sum" else 1
        if not isinstance(var, str) or not _NAME.match(var):
            raise ExprError(f"{op} binds a name, not {var!r}")
        for v in range(lo, hi + 1):
            val = evaluate(body, {**env, var: v}, tick)
            if not _is_number(val):
                raise ExprError(f"{op} adds or multiplies numbers, not a {_kind(val)}")
            _checked("+" if op == "sum" else "*", [acc, val])
            acc = acc + val if op == "sum" else acc * val
        return _norm(acc)
    if op == "list":
        out = [evaluate(a, env, tick) for a in args]
        _checked("list", out)
        return out
    if op == "rank":
        if len(args) != 1:
            raise ExprError(f"rank takes 1 argument, not {len(args)}")
        (m,) = args
        if not isinstance(m, list) or not all(isinstance(row, list) for row in m) or sum(map(len, m)) > 4096:
            raise ExprError("rank needs a matrix of at most 4096 entries")
        return rank([[evaluate(x, env, tick) for x in row] for row in m], tick)
    vals = [evaluate(a, env, tick) for a in args]
    if op in _SMALL and _small(op, vals):   # what the checks below find of small numbers, found at once
        if tick is not None:
            tick(1)
        try:
            return _norm(_apply(op, vals))
        except ZeroDivisionError:
            raise ExprError("division by zero") from None
    _well_typed(op, vals)   # arity and kinds: a malformed expression is rejected, never evaluated
    _checked(op, vals)   # the result's size, before it is computed
    if tick is not None:   # big-integer work charged by size (a 2^17-bit power costs thousands of steps)
        tick(cost(op, vals, _cost_bits(op, vals)))
    try:
        return _norm(_sized(_apply(op, vals)))
    except ZeroDivisionError:
        raise ExprError("division by zero") from None


# ops whose result's size is at most their operands' sizes together plus the bits of their count
# (:func:`_result_size`), on numbers: for small operands every check of the general path passes
_SMALL = frozenset(("+", "-", "*", "/", "neg", "abs", "min", "max", "floor", "ceil", "<", "<=", "==", "!=", ">", ">="))


def _small(op, v) -> bool:
    """Whether ``op`` on ``v`` is well typed (the arity of :data:`_ARITY`; numbers, no boolean, no
    list) and so small that the general path's checks all pass: its cost bound (:func:`_cost_bits`, at
    most twice the operands' sizes plus the bits of their count) is at most 256 bits, so its cost is
    one step (:func:`cost`), and its result is far below ``MAX_BITS``."""
    lo, hi = _ARITY[op]
    if len(v) < lo or (hi is not None and len(v) > hi):
        return False
    bits = 0
    for x in v:
        t = type(x)
        if t is int:
            bits += x.bit_length() or 1
        elif t is Fraction:
            bits += x.numerator.bit_length() + x.denominator.bit_length()
        else:
            return False
    return 2 * bits + len(v).bit_length() <= 256


def _is_number(x) -> bool:
    return isinstance(x, (int, Fraction)) and not isinstance(x, bool)


# op -> (least, most) number of arguments (None: no bound) and what they must be
_ARITY = {"+": (1, None), "*": (1, None), "-": (1, 2), "neg": (1, 1), "/": (2, 2), "^": (2, 2),
          "abs": (1, 1), "min": (1, None), "max": (1, None), "floor": (1, 1), "ceil": (1, 1),
          "binom": (2, 2), "fact": (1, 1), "len": (1, 1), "ind": (1, 1), "and": (1, None), "or": (1, None), "not": (1, 1),
          **{r: (2, 2) for r in _RELATIONS}}


def _well_typed(op, v) -> None:
    """Reject, with its reason, an op applied to the wrong number or kind of arguments: arithmetic and
    order take numbers (a boolean is not a number), and/or/not take booleans, == and != two values of
    one kind, len one list."""
    if op not in _ARITY:
        raise ExprError(f"unknown op {op!r}")
    lo, hi = _ARITY[op]
    if len(v) < lo or (hi is not None and len(v) > hi):
        need = f"{lo}" if lo == hi else (f"at least {lo}" if hi is None else f"{lo} to {hi}")
        raise ExprError(f"{op} takes {need} argument(s), not {len(v)}")
    if op in ("and", "or", "not", "ind"):
        if not all(isinstance(x, bool) for x in v):
            raise ExprError(f"{op} applies to booleans, not {_kinds(v)}")
    elif op in ("==", "!="):
        if len({_kind(x) for x in v}) != 1:
            raise ExprError(f"{op} compares two values of one kind, not {_kinds(v)}")
    elif op == "len":
        if not isinstance(v[0], list):
            raise ExprError("len applies to one list")
    elif any(isinstance(x, list) for x in v):
        raise ExprError(f"{op} applies to numbers, not lists")
    elif not all(_is_number(x) for x in v):
        raise ExprError(f"{op} applies to numbers, not {_kinds(v)}")


def _kind(x) -> str:
    return "boolean" if isinstance(x, bool) else ("number" if _is_number(x) else type(x).__name__)


def _kinds(v) -> str:
    return ", ".join(_kind(x) for x in v)


def _integers(v, k):
    if len(v) != k or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        raise ExprError(f"expected {k} integer argument(s)")
    return v


def _apply(op, v):
    if op == "+":
        return sum(v, 0)
    if op == "*":
        out = 1
        for x in v:
            out *= x
        return out
    if op == "-":
        return v[0] - v[1] if len(v) == 2 else -v[0]
    if op == "neg":
        return -v[0]
    if op == "/":
        if v[1] == 0:
            raise ExprError("division by zero")
        return Fraction(v[0]) / Fraction(v[1])
    if op == "^":
        base, e = v
        if not isinstance(e, int) or abs(e) > MAX_EXPONENT:
            raise ExprError(f"exponent must be an integer of size <= {MAX_EXPONENT}")
        if isinstance(base, list):
            raise ExprError("^ applies to numbers, not lists")
        if size(base) > 1 and size(base) * abs(e) > MAX_BITS:
            raise ExprError(f"a power exceeds {MAX_BITS} bits")
        return Fraction(base) ** e if e < 0 else base**e
    if op == "abs":
        return abs(v[0])
    if op == "min":
        return min(v)
    if op == "max":
        return max(v)
    if op == "floor":
        return math.floor(v[0])
    if op == "ceil":
        return math.ceil(v[0])
    if op == "binom":
        n, k = _integers(v, 2)
        if not 0 <= k <= n:
            return 0
        if min(k, n - k) * max(n.bit_length(), 1) > MAX_BITS:
            raise ExprError(f"a binomial exceeds {MAX_BITS} bits")
        return math.comb(n, k)
    if op == "fact":
        (n,) = _integers(v, 1)
        if n * max(n.bit_length(), 1) > MAX_BITS:
            raise ExprError(f"a factorial exceeds {MAX_BITS} bits")
        return math.factorial(n)
    if op == "len":
        if len(v) != 1 or not isinstance(v[0], list):
            raise ExprError("len applies to one list")
        return len(v[0])
    if op in ("<", "<=", "==", "!=", ">", ">="):
        a, b = v
        return _COMPARE[op](a, b)
    if op == "and":
        return all(v)
    if op == "or":
        return any(v)
    if op == "not":
        return not v[0]
    if op == "ind":
        return 1 if v[0] else 0
    raise ExprError(f"unknown op {op!r}")


# --- the expression as a person reads it --------------------------------------------------------

_PREC = {"or": 1, "and": 2, "not": 3, "<": 4, "<=": 4, "==": 4, "!=": 4, ">": 4, ">=": 4,
         "+": 5, "-": 5, "*": 6, "/": 6, "neg": 7, "^": 8}
_SHOW = {"<=": "≤", ">=": "≥", "!=": "≠", "==": "=", "*": "·"}


def infix(expr, parent: int = 0) -> str:
    """An expression tree in infix notation: ``["/", 1, ["*", 2, "n"]]`` -> ``1/(2·n)``."""
    if isinstance(expr, bool):
        return str(expr).lower()
    if isinstance(expr, (int, str)):
        return str(expr)
    if not isinstance(expr, list) or not expr or not isinstance(expr[0], str):
        return str(expr)
    op, args = expr[0], expr[1:]
    prec = _PREC.get(op)
    if op in ("sum", "prod") and len(args) == 4:
        var, lo, hi, body = args
        sym = "Σ" if op == "sum" else "Π"
        text = f"{sym}_{{{var}={infix(lo)}..{infix(hi)}}} {infix(body, 7)}"
        return f"({text})" if parent > 5 else text
    if op == "ind" and len(args) == 1:
        return f"[{infix(args[0])}]"
    if op in ("neg", "not") or (op == "-" and len(args) == 1):
        text = ("not " if op == "not" else "-") + infix(args[0], prec or 7)
    elif op == "abs" and len(args) == 1:
        return f"|{infix(args[0])}|"
    elif op in ("floor", "ceil") and len(args) == 1:
        return ("⌊{}⌋" if op == "floor" else "⌈{}⌉").format(infix(args[0]))
    elif op == "fact" and len(args) == 1:
        return f"{infix(args[0], 9)}!"
    elif op == "list":
        return "[" + ", ".join(infix(a) for a in args) + "]"
    elif prec is not None and len(args) >= 2:
        sep = "/" if op == "/" else ("^" if op == "^" else f" {_SHOW.get(op, op)} ")
        # left-associative: the right operand of - and / (and the left of ^) needs brackets at equal rank
        parts = [infix(a, prec + (1 if (i > 0 and op in ("-", "/")) or (i == 0 and op == "^") else 0))
                 for i, a in enumerate(args)]
        text = sep.join(parts)
    else:
        return f"{op}(" + ", ".join(infix(a) for a in args) + ")"
    return f"({text})" if prec is not None and prec < parent else text


def readable(v) -> str:
    """A JSON value as a person reads it: strings bare, expression trees in infix, lists joined,
    dicts as ``key = value`` pairs."""
    if v is None:
        return "-"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float, str)):
        return str(v)
    if isinstance(v, list) and v and isinstance(v[0], str) and not all(isinstance(x, str) for x in v):
        return infix(v)                                   # ["*", 2, "n"] and the like
    if isinstance(v, list):
        return "[" + ", ".join(readable(x) for x in v) + "]"
    if isinstance(v, dict):
        return ", ".join(f"{k} = {readable(x)}" for k, x in v.items())
    return str(v)
