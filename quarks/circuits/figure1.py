"""The standard-model circuits of Fig. 1: softmax and the dot product, weights +-1, exp/log/identity units.

Softmax (Fig. 1a), depth 3: ``e_i = exp(u_i)``, ``L = log(sum_i e_i)``, ``y_i = exp(u_i - L)``,
so ``y_i = exp(u_i) / sum_l exp(u_l)`` for all real u (the sum is positive, so the log is defined).

Dot product (Fig. 1b; the wiring is not printed, this is our reading), depth 3:
``a_i = log u_i``, ``b_i = log v_i``, ``p_i = exp(a_i + b_i)``, ``s = sum_i p_i``, so ``s = u.v``
when every u_i, v_i > 0 (the logs need positive inputs).
"""
from __future__ import annotations

from quarks.circuits.network import Network


def add_softmax(net: Network, inputs: list, prefix: str, sign: int = -1) -> tuple:
    """Append a softmax circuit over the named neurons; returns (network, output names).

    ``sign`` is the weight from the log unit into each output unit (-1 is correct; +1 is the
    miswired variant the tests must catch).
    """
    log = f"{prefix}L"
    exps = [f"{prefix}e{t}" for t in range(1, len(inputs) + 1)]
    outs = [f"{prefix}y{t}" for t in range(1, len(inputs) + 1)]
    for e, u in zip(exps, inputs):
        net = net.add(e, "exp").connect(u, e, 1)
    net = net.add(log, "log")
    for e in exps:
        net = net.connect(e, log, 1)
    for y, u in zip(outs, inputs):
        net = net.add(y, "exp").connect(u, y, 1).connect(log, y, sign)
    return net, outs


def softmax_circuit(n: int, sign: int = -1) -> Network:
    """Inputs u1..un, outputs y1..yn."""
    net = Network()
    us = [f"u{t}" for t in range(1, n + 1)]
    for u in us:
        net = net.add(u, "input")
    net, _ = add_softmax(net, us, "", sign)
    return net


def dot_product_circuit(n: int, sign: int = 1) -> Network:
    """Inputs u1..un, v1..vn, output s; ``sign`` is the weight from log v_i (+1 correct)."""
    net = Network()
    for t in range(1, n + 1):
        net = net.add(f"u{t}", "input").add(f"v{t}", "input")
    for t in range(1, n + 1):
        net = net.add(f"a{t}", "log").connect(f"u{t}", f"a{t}", 1)
        net = net.add(f"b{t}", "log").connect(f"v{t}", f"b{t}", 1)
        net = net.add(f"p{t}", "exp").connect(f"a{t}", f"p{t}", 1).connect(f"b{t}", f"p{t}", sign)
    net = net.add("s", "id")
    for t in range(1, n + 1):
        net = net.connect(f"p{t}", "s", 1)
    return net


def depth(net: Network) -> int:
    """The number of non-input layers on the longest path."""
    level = {}
    for name in net.order():
        n = net.neuron(name)
        preds = [s.src for s in net.incoming(name)]
        level[name] = 0 if n.transfer == "input" else 1 + max((level[p] for p in preds), default=0)
    return max(level.values())


def weights(net: Network) -> set:
    return {s.weight for s in net.synapses}


def transfers(net: Network) -> set:
    return {n.transfer for n in net.neurons if n.transfer != "input"}


PAPER = {"depth": 3, "weights": {-1, 1}, "transfers": {"exp", "log", "id"}}


def _reference(circuit: str, x: dict, n: int, B) -> dict:
    if circuit == "softmax":
        ex = [B.transfer("exp", B.number(x[f"u{t}"])) for t in range(1, n + 1)]
        total = sum(ex[1:], ex[0])
        return {f"y{t}": ex[t - 1] / total for t in range(1, n + 1)}
    return {"s": B.number(sum(x[f"u{t}"] * x[f"v{t}"] for t in range(1, n + 1)))}


def check_circuit(circuit: str, n: int, sign: int | None = None, points: int = 4, seed: int = 0) -> dict:
    """Structure (depth 3, weights +-1, exp/log/identity units) and values at rational points.

    Values: the network evaluated in 128-bit arb balls against the formula (softmax, or u.v with
    u, v > 0) in arb balls; each difference must lie within 2^-100 of 0 (both are rigorous
    enclosures of exact reals, with radii near 2^-120).
    """
    import random
    from fractions import Fraction

    from flint import arb, ctx

    from quarks.certificates.evidence import digest
    from quarks.circuits.network import ArbBackend

    build = softmax_circuit if circuit == "softmax" else dot_product_circuit
    net = build(n) if sign is None else build(n, sign)
    structure = {"depth": depth(net), "weights": sorted(weights(net)), "transfers": sorted(transfers(net))}
    ok = (structure["depth"] == PAPER["depth"] and set(structure["weights"]) <= PAPER["weights"]
          and set(structure["transfers"]) <= PAPER["transfers"])
    rng = random.Random(seed)
    old, ctx.prec = ctx.prec, 128
    close, tried = [], []
    try:
        B = ArbBackend(128)
        for _ in range(points):
            if circuit == "softmax":
                x = {f"u{t}": Fraction(rng.randint(-32, 32), 8) for t in range(1, n + 1)}
            else:
                x = {f"{a}{t}": Fraction(rng.randint(1, 32), 8) for t in range(1, n + 1) for a in "uv"}
            got, want = net.evaluate(x, B), _reference(circuit, x, n, B)
            close.append(all(bool(abs(got[k] - w) < arb(2) ** -100) for k, w in want.items()))
            tried.append(sorted((k, str(v)) for k, v in x.items()))
    finally:
        ctx.prec = old
    return {"cases": points, "holds": ok and all(close), "structure": structure,
            "digest": digest([structure, tried, close])}
