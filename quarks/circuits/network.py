"""Standard-model networks and the attention primitives as operations on them.

A neuron ``i`` of the standard model (SM) computes an activation ``S_i = sum_l w_il O_l + b_i``
from the outputs ``O_l`` of the neurons that project to it, and an output ``O_i = f_i(S_i)``.
Attention lets the output ``O_j`` of an attending neuron act on one of the three SM variables
of an attended site, by addition or by multiplication:

==================  ===============================  ==========================================
target              addition                         multiplication (gating)
==================  ===============================  ==========================================
activation ``S_i``  ``S_i + u O_j`` (multiplexing)   ``S_i O_j`` (activation gating)
output ``O_i``      ``O_i + O_j`` (additive output)  ``O_i O_j`` (output gating)
synapse ``w_ki``    ``w_ki + O_j`` (additive syn.)   ``w_ki O_j`` (synaptic gating)
==================  ===============================  ==========================================

An attended output is seen by *every* synapse leaving ``i`` (its fan-out); an attended synapse
only by its own target.  Each operation is recorded with its multiplicity: the synapses that
carry the modified signal.  Networks are immutable; an operation returns a new network.

Evaluation is generic over a *backend* (exact rationals, exact polynomials, floats, arb balls,
SymPy), which supplies the numbers and the transfer functions.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Callable


@dataclass(frozen=True)
class Neuron:
    """A unit: transfer function name, bias, and the attention acting on it."""

    name: str
    transfer: str = "id"          # "input", "id", "exp", "log", "H", "sign", "relu", or a backend name
    bias: Any = 0
    act_adds: tuple = ()          # multiplexing: ((j, u), ...) adds u * O_j to S_i
    act_gates: tuple = ()         # activation gating: S_i * prod O_j
    out_adds: tuple = ()          # additive output attention: O_i + sum O_j, seen by every target
    out_gates: tuple = ()         # output gating: O_i * prod O_j, seen by every target


@dataclass(frozen=True)
class Synapse:
    """A connection ``src -> dst`` with weight ``w_{dst,src}`` and the attention acting on it."""

    src: str
    dst: str
    weight: Any = 1
    key: int = 0                  # distinguishes parallel synapses src -> dst
    adds: tuple = ()              # additive synaptic attention: w + sum O_j
    gates: tuple = ()             # synaptic gating: w * prod O_j


@dataclass(frozen=True)
class Operation:
    """One attention operation: its class, the attending neuron, the target, the synapses it reaches."""

    kind: str                     # a key of PRIMITIVES
    source: str
    target: Any                   # a neuron name, or a tuple of (src, dst) synapses
    carriers: tuple               # the (src, dst) synapses that carry the modified signal

    @property
    def multiplicity(self) -> int:
        return len(self.carriers)


@dataclass(frozen=True)
class Network:
    """A directed graph of SM neurons with attention operations applied."""

    neurons: tuple = ()
    synapses: tuple = ()
    operations: tuple = ()

    # -- construction ------------------------------------------------------------------------
    def add(self, name: str, transfer: str = "id", bias=0) -> "Network":
        if name in self.names:
            raise ValueError(f"neuron {name!r} exists")
        return replace(self, neurons=self.neurons + (Neuron(name, transfer, bias),))

    def connect(self, src: str, dst: str, weight=1, key: int = 0) -> "Network":
        for n in (src, dst):
            if n not in self.names:
                raise ValueError(f"no neuron {n!r}")
        if self.find(src, dst, key) is not None:
            raise ValueError(f"synapse {src}->{dst} (key {key}) exists")
        return replace(self, synapses=self.synapses + (Synapse(src, dst, weight, key),))

    @property
    def names(self) -> list:
        return [n.name for n in self.neurons]

    def neuron(self, name: str) -> Neuron:
        for n in self.neurons:
            if n.name == name:
                return n
        raise KeyError(name)

    def find(self, src: str, dst: str, key: int = 0):
        for s in self.synapses:
            if s.src == src and s.dst == dst and s.key == key:
                return s
        return None

    def incoming(self, name: str) -> list:
        return [s for s in self.synapses if s.dst == name]

    def outgoing(self, name: str) -> list:
        return [s for s in self.synapses if s.src == name]

    def _with_neuron(self, name: str, **changes) -> "Network":
        n = self.neuron(name)
        neurons = tuple(replace(n, **changes) if m.name == name else m for m in self.neurons)
        return replace(self, neurons=neurons)

    def _with_synapse(self, src: str, dst: str, key: int = 0, **changes) -> "Network":
        s = self.find(src, dst, key)
        if s is None:
            raise KeyError(f"no synapse {src}->{dst} (key {key})")
        synapses = tuple(replace(t, **changes) if t is s else t for t in self.synapses)
        return replace(self, synapses=synapses)

    def _record(self, op: Operation) -> "Network":
        return replace(self, operations=self.operations + (op,))

    def in_standard_model(self) -> bool:
        """No attention operation at all (multiplexing and additive output are SM *in effect*, see taxonomy)."""
        return not self.operations

    def count(self, kind: str) -> int:
        return sum(1 for op in self.operations if op.kind == kind)

    def gated_synapses(self, kind: str) -> int:
        """The number of synapses reached by operations of ``kind`` (the summed multiplicities)."""
        return sum(op.multiplicity for op in self.operations if op.kind == kind)

    # -- evaluation --------------------------------------------------------------------------
    def order(self) -> list:
        """Neurons in an order where every neuron comes after everything it reads."""
        deps = {n.name: set() for n in self.neurons}
        for s in self.synapses:
            deps[s.dst] |= {s.src, *s.adds, *s.gates}
        for n in self.neurons:
            deps[n.name] |= {j for j, _ in n.act_adds} | set(n.act_gates)
            for s in self.outgoing(n.name):
                deps[s.dst] |= set(n.out_adds) | set(n.out_gates)
        done, out = set(), []
        while len(out) < len(deps):
            ready = [k for k in deps if k not in done and deps[k] <= done]
            if not ready:
                raise ValueError("the network has a cycle")
            for k in ready:
                done.add(k)
                out.append(k)
        return out

    def effective_output(self, name: str, O: Callable, B) -> Any:
        """The signal neuron ``name`` sends down every outgoing synapse: (O_i prod O_g) + sum O_a."""
        n = self.neuron(name)
        v = O(name)
        for g in n.out_gates:
            v = v * O(g)
        for a in n.out_adds:
            v = v + O(a)
        return v

    def effective_weight(self, s: Synapse, O: Callable, B) -> Any:
        """The weight a synapse applies: (w prod O_g) + sum O_a."""
        w = B.weight(s.weight)
        for g in s.gates:
            w = w * O(g)
        for a in s.adds:
            w = w + O(a)
        return w

    def activation(self, name: str, O: Callable, B) -> Any:
        """S_i = (sum_l w~_il O~_l + b_i) prod(activation gates) + sum u O_j (multiplexing)."""
        n = self.neuron(name)
        S = B.weight(n.bias)
        for s in self.incoming(name):
            S = S + self.effective_weight(s, O, B) * self.effective_output(s.src, O, B)
        for g in n.act_gates:
            S = S * O(g)
        for j, u in n.act_adds:
            S = S + B.weight(u) * O(j)
        return S

    def evaluate(self, inputs: dict, backend=None) -> dict:
        """All outputs ``{name: O}`` from input values, in the backend's numbers."""
        B = backend or ExactBackend()
        O: dict = {}
        for name in self.order():
            n = self.neuron(name)
            if n.transfer == "input":
                O[name] = B.number(inputs[name])
            else:
                O[name] = B.transfer(n.transfer, self.activation(name, O.__getitem__, B))
        return O

    def local_activation(self, name: str, signals: dict | None = None) -> "Any":
        """S_name as an exact polynomial in free output symbols ``O_l`` and weight symbols.

        This is the local view of the SM: every other neuron's output is an independent
        variable, so an SM neuron's activation is a linear form in them.  ``signals`` replaces
        the output of a neuron by a given polynomial (to model other kinds of attending source).
        """
        from quarks.circuits.poly import Poly

        signals = signals or {}
        return self.activation(name, lambda l: signals.get(l, Poly.var(f"O_{l}")), PolyBackend())


# --- the six attention primitives (attending signal from a neuron output) --------------------

def multiplex(net: Network, target: str, by: str, weight=1) -> Network:
    """Additive activation attention: S_target + weight * O_by."""
    n = net.neuron(target)
    net = net._with_neuron(target, act_adds=n.act_adds + ((by, weight),))
    return net._record(Operation("multiplexing", by, target, ((by, target, 0),)))


def activation_gate(net: Network, target: str, by: str) -> Network:
    """Multiplicative activation attention: S_target * O_by."""
    n = net.neuron(target)
    net = net._with_neuron(target, act_gates=n.act_gates + (by,))
    carriers = tuple((s.src, s.dst, s.key) for s in net.incoming(target))
    return net._record(Operation("activation gating", by, target, carriers))


def additive_output(net: Network, target: str, by: str) -> Network:
    """Additive output attention: O_target + O_by, seen by every target of ``target``."""
    n = net.neuron(target)
    net = net._with_neuron(target, out_adds=n.out_adds + (by,))
    carriers = tuple((s.src, s.dst, s.key) for s in net.outgoing(target))
    return net._record(Operation("additive output", by, target, carriers))


def output_gate(net: Network, target: str, by: str) -> Network:
    """Output gating: O_target * O_by, seen by every target of ``target`` (fan-out = out-degree)."""
    n = net.neuron(target)
    net = net._with_neuron(target, out_gates=n.out_gates + (by,))
    carriers = tuple((s.src, s.dst, s.key) for s in net.outgoing(target))
    return net._record(Operation("output gating", by, target, carriers))


def _synapse_list(synapses):
    """One synapse ``(src, dst[, key])`` or a list of them, as ``(src, dst, key)`` triples."""
    if isinstance(synapses, tuple) and isinstance(synapses[0], str):
        synapses = [synapses]
    return [(s[0], s[1], s[2] if len(s) > 2 else 0) for s in synapses]


def additive_synaptic(net: Network, synapses, by: str) -> Network:
    """Additive synaptic attention: w_ki + O_by on each listed synapse (i, k)."""
    syns = _synapse_list(synapses)
    for src, dst, key in syns:
        net = net._with_synapse(src, dst, key, adds=net.find(src, dst, key).adds + (by,))
    return net._record(Operation("additive synaptic", by, tuple(syns), tuple(syns)))


def synaptic_gate(net: Network, synapses, by: str) -> Network:
    """Synaptic gating: w_ki * O_by on each listed synapse (i, k); one attending signal, explicit fan-out."""
    syns = _synapse_list(synapses)
    for src, dst, key in syns:
        net = net._with_synapse(src, dst, key, gates=net.find(src, dst, key).gates + (by,))
    return net._record(Operation("synaptic gating", by, tuple(syns), tuple(syns)))


# (target type, mechanism) -> primitive, for attending signals that are neuron outputs
PRIMITIVES = {
    ("S", "+"): ("multiplexing", multiplex),
    ("S", "*"): ("activation gating", activation_gate),
    ("O", "+"): ("additive output", additive_output),
    ("O", "*"): ("output gating", output_gate),
    ("w", "+"): ("additive synaptic", additive_synaptic),
    ("w", "*"): ("synaptic gating", synaptic_gate),
}


# --- backends ----------------------------------------------------------------------------------

def _heaviside(x):
    return 1 if x > 0 else 0


def _sign(x):
    return (x > 0) - (x < 0)


@dataclass
class ExactBackend:
    """Python integers and Fractions; transfers id, H (H(0) = 0), sign, relu."""

    def number(self, x):
        return Fraction(x)

    def weight(self, w):
        if isinstance(w, str):
            raise ValueError(f"symbolic weight {w!r} in an exact evaluation")
        return Fraction(w)

    def transfer(self, name, x):
        table = {"id": lambda v: v, "H": _heaviside, "sign": _sign, "relu": lambda v: max(v, 0)}
        if name not in table:
            raise ValueError(f"transfer {name!r} has no exact value")
        return Fraction(table[name](x))


@dataclass
class PolyBackend:
    """Exact polynomials: weights may be symbols; only the identity transfer is polynomial."""

    def number(self, x):
        from quarks.circuits.poly import Poly

        return Poly.lift(x)

    def weight(self, w):
        from quarks.circuits.poly import Poly

        return Poly.lift(w)

    def transfer(self, name, x):
        if name != "id":
            raise ValueError(f"transfer {name!r} is not polynomial")
        return x


@dataclass
class FloatBackend:
    """numpy floats (to *find* and to plot; never to decide)."""

    def number(self, x):
        return float(x)

    def weight(self, w):
        return float(Fraction(w))

    def transfer(self, name, x):
        import numpy as np

        table = {"id": lambda v: v, "exp": np.exp, "log": np.log, "H": lambda v: float(v > 0),
                 "sign": np.sign, "relu": lambda v: max(v, 0.0)}
        return table[name](x)


@dataclass
class ArbBackend:
    """Rigorous arb balls (python-flint); H and sign of a ball that straddles 0 raise."""

    prec: int = 128

    def number(self, x):
        from flint import arb

        x = Fraction(x)
        return arb(x.numerator) / x.denominator

    def weight(self, w):
        return self.number(w)

    def transfer(self, name, x):
        if name == "id":
            return x
        if name == "exp":
            return x.exp()
        if name == "log":
            if not x > 0:
                raise ValueError("log of a ball not certainly positive")
            return x.log()
        from flint import arb

        if name in ("H", "sign", "relu"):
            if x > 0:
                return {"H": arb(1), "sign": arb(1), "relu": x}[name]
            if x < 0:
                return {"H": arb(0), "sign": arb(-1), "relu": arb(0)}[name]
            if x == 0:
                return arb(0)
            raise ValueError(f"{name} of a ball containing 0 is undecided")
        raise ValueError(f"transfer {name!r} has no arb value")


@dataclass
class SympyBackend:
    """SymPy expressions; weights may be symbol names; H(0) = 0."""

    symbols: dict = field(default_factory=dict)

    def _sym(self, name):
        import sympy

        if name not in self.symbols:
            self.symbols[name] = sympy.Symbol(name, real=True)
        return self.symbols[name]

    def number(self, x):
        import sympy

        return self._sym(x) if isinstance(x, str) else sympy.Rational(Fraction(x))

    weight = number

    def transfer(self, name, x):
        import sympy

        table = {"id": lambda v: v, "exp": sympy.exp, "log": sympy.log,
                 "H": lambda v: sympy.Heaviside(v, 0), "sign": sympy.sign,
                 "relu": lambda v: sympy.Max(0, v)}
        return table[name](x)
