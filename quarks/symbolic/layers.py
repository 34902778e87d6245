"""Polynomial layers y(X) = X prod_{k=1}^{d-1} (W_k X^T) and their stacks.

X is n x n: the printed formula (seed 003, eq. (2)) multiplies X (N x dx) by W_k X^T, which
only type-checks for d >= 3 and composes (output shape = input shape) when N = dx = n.

Facts used by the degree claims:

* each entry of y(X) is a homogeneous polynomial of degree d in the entries of X, for every
  choice of weights: y(sX) = s^d y(X);
* so a stack Y_L = y_L o ... o y_1 is homogeneous of degree d^L (or identically 0):
  Y_L(sX) = s^(d^L) Y_L(X); its total degree is exactly d^L as soon as Y_L(X0) != 0 at one point,
  and then for generic weights too (the top coefficient is a non-zero polynomial in the weights).

The builders write these facts as steps of a :class:`~quarks.symbolic.derivation.Derivation`;
the integer evaluators (``stack_int``) use plain Python integers for explorations.
"""
from __future__ import annotations

import random

from quarks.symbolic.derivation import Derivation


def x_names(n: int) -> list[str]:
    return [f"x{i}{j}" for i in range(n) for j in range(n)]


def x_matrix(n: int) -> str:
    rows = ", ".join("[" + ", ".join(f"x{i}{j}" for j in range(n)) + "]" for i in range(n))
    return f"Matrix([{rows}])"


def weight_symbols(n: int, prefix: str) -> list[str]:
    return [f"{prefix}_{i}{j}" for i in range(n) for j in range(n)]


def symbolic_matrix(n: int, prefix: str) -> str:
    rows = ", ".join("[" + ", ".join(f"{prefix}_{i}{j}" for j in range(n)) + "]" for i in range(n))
    return f"Matrix([{rows}])"


def int_matrix_text(m) -> str:
    return "Matrix([" + ", ".join("[" + ", ".join(str(v) for v in row) + "]" for row in m) + "])"


def layer_text(x: str, weights: list[str]) -> str:
    """The printed layer X (W_1 X^T) ... (W_{d-1} X^T) as an expression string."""
    return x + "".join(f"*{w}*transpose({x})" for w in weights)


def random_weights(d: int, n: int, layers: int, seed: int, lo: int = -2, hi: int = 3):
    """Deterministic small integer weights: layers x (d-1) matrices n x n."""
    rng = random.Random(seed)
    return [[[[rng.randint(lo, hi) for _ in range(n)] for _ in range(n)] for _ in range(d - 1)]
            for _ in range(layers)]


def random_point(n: int, seed: int, lo: int = -3, hi: int = 3):
    rng = random.Random(seed + 7919)
    return [[rng.randint(lo, hi) for _ in range(n)] for _ in range(n)]


# --- derivations ---------------------------------------------------------------------------------

def one_layer(der: Derivation, d: int, n: int) -> None:
    """Define X, symbolic weights and y(X), y(sX) in ``der`` (symbols declared by the caller)."""
    der.define("X", x_matrix(n))
    ws = []
    for k in range(1, d):
        der.define(f"V{k}", symbolic_matrix(n, f"v{k}"))
        ws.append(f"V{k}")
    der.define("Y", layer_text("X", ws))
    der.define("Xs", "s*X")
    der.define("Ys", layer_text("Xs", ws))


def layer_symbols(d: int, n: int) -> dict:
    syms = {"s": {}}
    syms.update({x: {} for x in x_names(n)})
    for k in range(1, d):
        syms.update({w: {} for w in weight_symbols(n, f"v{k}")})
    return syms


def nonvanishing_seed(d: int, L: int, n: int, seed: int = 0, tries: int = 100) -> int:
    """The first seed >= ``seed`` whose integer weights and point give Y_L(X0) != 0 (a search;
    the derivation then proves what it finds)."""
    for s in range(seed, seed + tries):
        if any(v for row in stack_int(random_point(n, s), random_weights(d, n, L, s)) for v in row):
            return s
    return seed


def stack_degree_plan(d: int, L: int, n: int, expect: int, seed: int = 0, expand: bool = False) -> tuple:
    """(symbols, definitions, steps) of :func:`stack_degree`: the steps as ``(op, fields, label)``, their
    results not computed (the integer weights and point searched for here are cheap: Python integers)."""
    symbols = layer_symbols(d, n)
    seed = nonvanishing_seed(d, L, n, seed)
    ws = [f"V{k}" for k in range(1, d)]
    defs = [("X", x_matrix(n)), *((f"V{k}", symbolic_matrix(n, f"v{k}")) for k in range(1, d)),
            ("Y", layer_text("X", ws)), ("Xs", "s*X"), ("Ys", layer_text("Xs", ws))]
    xs = x_names(n)
    steps = [("degree", {"expr": "Y", "vars": xs, "value": d, "relation": "=="},
              f"one layer, symbolic weights: total degree {d} in X"),
             ("equal", {"lhs": "Ys", "rhs": f"s**{d}*Y"}, f"one layer is homogeneous: y(sX) = s^{d} y(X)")]
    defs.append(("Z0", f"s*{int_matrix_text(random_point(n, seed))}"))
    for layer, weights in enumerate(random_weights(d, n, L, seed), start=1):
        names = []
        for k, w in enumerate(weights, start=1):
            defs.append((f"W{layer}_{k}", int_matrix_text(w)))
            names.append(f"W{layer}_{k}")
        defs.append((f"Z{layer}", layer_text(f"Z{layer - 1}", names)))
    steps.append(("degree", {"expr": f"Z{L}", "vars": ["s"], "value": expect, "relation": "=="},
                  "on the line s X0 with integer weights: degree d^L in s"))
    if expand:
        defs.append(("T0", "X"))
        for layer in range(1, L + 1):
            defs.append((f"T{layer}", layer_text(f"T{layer - 1}", [f"W{layer}_{k}" for k in range(1, d)])))
        steps.append(("degree", {"expr": f"T{L}", "vars": xs, "value": expect, "relation": "=="},
                      "the full expansion in the entries of X"))
    return symbols, defs, steps


def stack_degree(d: int, L: int, n: int, expect: int, seed: int = 0, expand: bool = False) -> Derivation:
    """Degree of a stack of L degree-d layers on n x n inputs, against the stated ``expect``: the steps
    of :func:`stack_degree_plan` run in order, up to the first that fails."""
    symbols, defs, steps = stack_degree_plan(d, L, n, expect, seed, expand)
    der = Derivation(symbols)
    for name, text in defs:
        der.define(name, text)
    for op, f, label in steps:
        truth = (der.degree(f["expr"], f["vars"], f["value"], f["relation"], label=label) if op == "degree"
                 else der.equal(f["lhs"], f["rhs"], label=label))
        if not truth.holds:
            break
    return der


def stack_degree_record(d: int, L: int, n: int, expect: int, said: list, seed: int = 0, expand: bool = False) -> dict:
    """The record :func:`stack_degree` writes, with the results of its steps (``holds``, ``found``,
    ``witness``) read from ``said`` (a certificate's steps) instead of computed: the kernel computes them
    again.  Steps up to the first that ``said`` says fails."""
    symbols, defs, plan = stack_degree_plan(d, L, n, expect, seed, expand)
    steps = []
    for i, (op, fields, label) in enumerate(plan):
        result = said[i] if isinstance(said, list) and i < len(said) and isinstance(said[i], dict) else {}
        if not isinstance(result.get("holds"), bool) or op == "degree" and type(result.get("found")) is not int:
            raise ValueError(f"the certificate lacks the result of step {i} ({label})")
        step = {"op": op, **fields, "label": label, "holds": result["holds"]}
        step.update({k: result[k] for k in ("found", "witness") if k in result and (k == "witness" or op == "degree")})
        steps.append(step)
        if not result["holds"]:
            break
    return {"kind": "symbolic", "symbols": symbols, "defs": [list(d) for d in defs], "steps": steps}


def layer_parameters(d: int, n: int, per_layer: int) -> Derivation:
    """Number of weights one layer of eq. (2) depends on, against the stated ``per_layer``."""
    der = Derivation(layer_symbols(d, n))
    one_layer(der, d, n)
    der.nfree("Y", per_layer, exclude=x_names(n), label="free weight symbols of one layer of eq. (2)")
    return der


# --- integer evaluation (explorations) -----------------------------------------------------------

def matmul(a, b):
    bt = list(zip(*b))
    return [[sum(x * y for x, y in zip(row, col)) for col in bt] for row in a]


def transpose(a):
    return [list(r) for r in zip(*a)]


def layer_int(x, ws):
    out = x
    xt = transpose(x)
    for w in ws:
        out = matmul(out, matmul(w, xt))
    return out


def stack_int(x, weights):
    for ws in weights:
        x = layer_int(x, ws)
    return x
