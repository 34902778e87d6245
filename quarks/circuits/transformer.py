"""One encoder attention layer built only from output gating, softmax circuits and synaptic gating.

n positions, query/key dimension m, value dimension d.  Inputs are the neurons q_i_c, k_j_c
(c < m) and v_j_c (c < d).

- Scores: s_ij = sum_c q_ic k_jc.  For every (i, j, c) a relay r_i_j_c copies q_ic (a linear
  unit with weight 1) and is *output-gated* by k_jc; s_ij is a linear unit with weights 1.  The
  relays exist because output gating acts on every target of a neuron: q_ic feeds n score units,
  each needing a different gate.  m n^2 output gatings.
- Softmax of each row (the circuit of Fig. 1a): a_ij = exp(s_ij) / sum_l exp(s_il).
- Outputs: y_ic = sum_j a_ij v_jc, the synapse v_jc -> y_ic of weight 1 *synaptically gated* by
  a_ij.  One gating signal per weight a_ij, shared by the d value coordinates: n^2 synaptic
  gating operations of multiplicity d (n^2 d gated synapses).

So ``y = softmax(Q K^T) V`` (no 1/sqrt(m) scaling: it can be absorbed into the query weights).
"""
from __future__ import annotations

import random
from fractions import Fraction

from quarks.circuits.figure1 import add_softmax
from quarks.circuits.network import Network, output_gate, synaptic_gate


def attention_layer(n: int, m: int, d: int, miswire: str | None = None) -> Network:
    """The gating build; ``miswire`` = "gate-by-query" or "transpose" gives the wrong wirings for tests."""
    net = Network()
    for i in range(n):
        for c in range(m):
            net = net.add(f"q_{i}_{c}", "input").add(f"k_{i}_{c}", "input")
        for c in range(d):
            net = net.add(f"v_{i}_{c}", "input")
    for i in range(n):
        for j in range(n):
            net = net.add(f"s_{i}_{j}", "id")
            for c in range(m):
                r = f"r_{i}_{j}_{c}"
                net = net.add(r, "id").connect(f"q_{i}_{c}", r, 1).connect(r, f"s_{i}_{j}", 1)
                gate = f"q_{j}_{c}" if miswire == "gate-by-query" else f"k_{j}_{c}"
                net = output_gate(net, r, gate)
    for i in range(n):
        net, _ = add_softmax(net, [f"s_{i}_{j}" for j in range(n)], f"sm{i}_")
    for i in range(n):
        for c in range(d):
            net = net.add(f"y_{i}_{c}", "id")
            for j in range(n):
                net = net.connect(f"v_{j}_{c}", f"y_{i}_{c}", 1)
    for i in range(n):
        for j in range(n):
            a = f"sm{j}_y{i + 1}" if miswire == "transpose" else f"sm{i}_y{j + 1}"
            net = synaptic_gate(net, [(f"v_{j}_{c}", f"y_{i}_{c}") for c in range(d)], a)
    return net


def random_inputs(n: int, m: int, d: int, seed: int) -> dict:
    """Small rationals p/8 with |p| <= 16, reproducible from the seed."""
    rng = random.Random(seed)
    out = {}
    for i in range(n):
        for c in range(m):
            out[f"q_{i}_{c}"] = Fraction(rng.randint(-16, 16), 8)
            out[f"k_{i}_{c}"] = Fraction(rng.randint(-16, 16), 8)
        for c in range(d):
            out[f"v_{i}_{c}"] = Fraction(rng.randint(-16, 16), 8)
    return out


def reference(x: dict, n: int, m: int, d: int, backend) -> dict:
    """softmax(Q K^T) V computed directly, in the backend's numbers (scores exact first)."""
    out = {}
    for i in range(n):
        scores = [sum(x[f"q_{i}_{c}"] * x[f"k_{j}_{c}"] for c in range(m)) for j in range(n)]
        ex = [backend.transfer("exp", backend.number(s)) for s in scores]
        total = sum(ex[1:], ex[0])
        for c in range(d):
            acc = backend.number(0)
            for j in range(n):
                acc = acc + ex[j] / total * backend.number(x[f"v_{j}_{c}"])
            out[f"y_{i}_{c}"] = acc
    return out


TOLERANCE_BITS = 100


def compare(n: int, m: int, d: int, seed: int = 0, miswire: str | None = None) -> dict:
    """Count the gatings and compare the gating build with softmax(QK^T)V in arb balls.

    Both sides are rigorous enclosures (128-bit arb) of exact real numbers; the comparison holds
    when every difference ball lies within 2^-100 of 0.  Any miswiring that changes an output by
    more than that (plus the ball radii, about 2^-120) is caught.
    """
    from flint import arb, ctx

    from quarks.certificates.evidence import digest
    from quarks.circuits.network import ArbBackend

    old = ctx.prec
    ctx.prec = 128
    try:
        B = ArbBackend(128)
        net = attention_layer(n, m, d, miswire)
        x = random_inputs(n, m, d, seed)
        got = net.evaluate(x, B)
        want = reference(x, n, m, d, B)
        tol = arb(2) ** (-TOLERANCE_BITS)
        close = {}
        for name, w in want.items():
            diff = abs(got[name] - w)
            close[name] = bool(diff < tol)
    finally:
        ctx.prec = old
    counts = {
        "output gatings": net.count("output gating"),
        "synaptic gatings": net.count("synaptic gating"),
        "synaptically gated synapses": net.gated_synapses("synaptic gating"),
        "softmax circuits": n,
    }
    expected = {"output gatings": m * n * n, "synaptic gatings": n * n,
                "synaptically gated synapses": n * n * d, "softmax circuits": n}
    holds = counts == expected and all(close.values())
    items = [counts, sorted((k, str(v)) for k, v in x.items()), sorted(close.items())]
    return {"cases": len(close), "holds": holds, "digest": digest(items), "counts": counts,
            "agree": sum(close.values())}
