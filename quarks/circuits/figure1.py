"""The standard-model circuits of Fig. 1: softmax and the dot product, weights +-1, exp/log/identity units.

Softmax (Fig. 1a), depth 3: ``e_i = exp(u_i)``, ``L = log(sum_i e_i)``, ``y_i = exp(u_i - L)``,
so ``y_i = exp(u_i) / sum_l exp(u_l)`` for all real u (the sum is positive, so the log is defined).

Dot product (Fig. 1b; the wiring is not printed, this is our reading), depth 3:
``a_i = log u_i``, ``b_i = log v_i``, ``p_i = exp(a_i + b_i)``, ``s = sum_i p_i``, so ``s = u.v``
when every u_i, v_i > 0 (the logs need positive inputs).
"""
from __future__ import annotations

from .network import Network


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
