"""Small gated circuits with a functional meaning (seed 001, "Functional properties of gating").

- gate products: a unit output-gated by another computes the product of their outputs, which
  is AND on {0,1} outputs and XNOR on {-1,+1} outputs;
- XOR: the OR gate output-gated by the NAND gate (no hidden layer);
- ReLU: a linear unit output-gated by the Heaviside gate of the same input, x H(x) = max(0, x);
- shaping: a unit with transfer f output-gated by a unit with transfer g and the same weights
  outputs f(S) g(S) = (fg)(S);
- sparse quadratic terms: each synaptic gating adds one quadratic monomial to an activation.

The ``wrong`` arguments build the miswired variants the tests must catch.
"""
from __future__ import annotations

from quarks.circuits.network import Network, output_gate, synaptic_gate

THRESHOLD = {"01": "H", "pm1": "sign"}


def gate_pair(encoding: str = "01") -> Network:
    """Inputs a, b in {0,1}; gates p = T(2a - 1), q = T(2b - 1) (T = H or sign); out = p gated by q."""
    T = THRESHOLD[encoding]
    net = Network().add("a", "input").add("b", "input")
    net = net.add("p", T, bias=-1).add("q", T, bias=-1).add("out", "id")
    net = net.connect("a", "p", 2).connect("b", "q", 2).connect("p", "out", 1)
    return output_gate(net, "p", "q")


def xor_network(encoding: str = "01", gate: str = "nand") -> Network:
    """OR(x1, x2) = T(x1 + x2 - 1/2) output-gated by NAND = T(-x1 - x2 + 3/2) (or AND, OR: miswired)."""
    T = THRESHOLD[encoding]
    sign, bias = {"nand": (-1, "3/2"), "and": (1, "-3/2"), "or": (1, "-1/2")}[gate]
    net = Network().add("x1", "input").add("x2", "input")
    net = net.add("or", T, bias="-1/2").add("gate", T, bias=bias).add("out", "id")
    for x in ("x1", "x2"):
        net = net.connect(x, "or", 1).connect(x, "gate", sign)
    net = net.connect("or", "out", 1)
    return output_gate(net, "or", "gate")


def relu_network(gate_weight: int = 1, transfer: str = "H") -> Network:
    """Linear unit x output-gated by T(gate_weight * x); (1, "H") is the ReLU."""
    net = Network().add("x", "input").add("lin", "id").add("gate", transfer).add("out", "id")
    net = net.connect("x", "lin", 1).connect("x", "gate", gate_weight).connect("lin", "out", 1)
    return output_gate(net, "lin", "gate")


def shaping_network(f: str, g: str, n: int, same: bool = True) -> Network:
    """Unit F (transfer f) output-gated by unit G (transfer g); weights w_i, bias w_0 for both
    (G gets its own weights v_i when ``same`` is False)."""
    net = Network()
    xs = [f"x{i}" for i in range(1, n + 1)]
    for x in xs:
        net = net.add(x, "input")
    wg = "w" if same else "v"
    net = net.add("F", f, bias="w0").add("G", g, bias=f"{wg}0").add("out", "id")
    for i, x in enumerate(xs, 1):
        net = net.connect(x, "F", f"w{i}").connect(x, "G", f"{wg}{i}")
    net = net.connect("F", "out", 1)
    return output_gate(net, "F", "G")


def linear_unit(n: int) -> Network:
    """Inputs x1..xn and a linear unit k with weights w_i and bias w0."""
    net = Network()
    for i in range(1, n + 1):
        net = net.add(f"x{i}", "input")
    net = net.add("k", "id", bias="w0")
    for i in range(1, n + 1):
        net = net.connect(f"x{i}", "k", f"w{i}")
    return net


def gated_quadratic(n: int, pairs) -> Network:
    """The linear unit plus, for each pair (i, j), a parallel synapse x_i -> k of weight c_i_j
    synaptically gated by x_j (i == j allowed: the square x_i^2)."""
    net = linear_unit(n)
    for key, (i, j) in enumerate(pairs, 1):
        net = net.connect(f"x{i}", "k", f"c_{i}_{j}", key=key)
        net = synaptic_gate(net, (f"x{i}", "k", key), f"x{j}")
    return net


def gate_twice(n: int) -> Network:
    """The miswired variant: two gatings on the same synapse (x1 by x1 and by x2): a cubic term."""
    net = linear_unit(n)
    net = synaptic_gate(net, ("x1", "k"), "x1")
    return synaptic_gate(net, ("x1", "k"), "x2")


def all_pairs(n: int) -> list:
    return [(i, j) for i in range(1, n + 1) for j in range(i, n + 1)]


def symbolic_outputs(net: Network, real: bool = True) -> dict:
    """Every neuron's output as a SymPy expression in the input names and weight symbols."""
    from quarks.circuits.network import SympyBackend

    B = SympyBackend()
    inputs = {n.name: n.name for n in net.neurons if n.transfer == "input"}
    return net.evaluate(inputs, B), B.symbols


# --- re-runnable exact checks (exact polynomials, no computer algebra) ----------------------------

def same_activation(n: int, gated: int) -> dict:
    """Activation gating of i (fan-in n) by j vs synaptic gating of ``gated`` incoming synapses:
    holds when every neuron's activation is the same exact polynomial."""
    from quarks.certificates.evidence import digest
    from quarks.circuits.network import Network, activation_gate, synaptic_gate

    net = Network().add("j", "input").add("i", "id")
    for l in range(1, n + 1):
        net = net.add(f"O{l}", "input").connect(f"O{l}", "i", f"w{l}")
    left = activation_gate(net, "i", "j")
    right = synaptic_gate(net, [(s.src, s.dst) for s in net.incoming("i")][:gated], "j")
    a = {k: left.local_activation(k) for k in net.names}
    b = {k: right.local_activation(k) for k in net.names}
    return {"cases": len(a), "holds": a == b, "multiplicity": right.gated_synapses("synaptic gating"),
            "digest": digest([repr(a[k]) + " | " + repr(b[k]) for k in sorted(a)])}


def same_gate_activation(n: int, same: bool = True) -> dict:
    """In the shaping network, the gated unit F and the gating unit G have equal activations."""
    from quarks.certificates.evidence import digest

    net = shaping_network("id", "id", n, same)
    SF, SG = net.local_activation("F"), net.local_activation("G")
    return {"cases": 1, "holds": SF == SG, "digest": digest([repr(SF), repr(SG)])}
