"""Seeds 000-002, Sections 2-4: attention mechanisms, their circuits and functional properties.

Every circuit is built in the circuit model of :mod:`quarks.circuits` (standard-model neurons on a
directed graph, attention primitives as operations with explicit fan-out); identities are then
proved on the network's own output: SymPy steps (``symbolic`` records) for identities over the
reals, exhaustive exact enumeration (``forall`` records) over the Boolean cube, exact polynomial
expansion (``exhaustive`` records re-running :mod:`quarks.circuits`) for the taxonomy, and arb
balls for numerical agreement and sup-error bounds.  Each check accepts a ``wiring`` key:
``"as printed"`` (the default) or a named miswiring, which the tests use to show that a wrong
wiring or sign is caught.
"""
from __future__ import annotations

from quarks.certificates.evidence import exhaustive, forall
from quarks.claims.claim import Claim, Source, Verdict, decide


def derivation(symbols, **assume):
    from quarks.symbolic.derivation import Derivation

    return Derivation({str(s): dict(assume) for s in symbols})


def wiring_of(inst, allowed):
    w = inst.get("wiring", "as printed")
    if w not in allowed:
        raise ValueError(f"unknown wiring {w!r} (choose {', '.join(allowed)})")
    return w


# --- taxonomy ------------------------------------------------------------------------------------

def check_taxonomy(inst) -> Verdict:
    from quarks.circuits.taxonomy import PAPER_LABELS

    labels = dict(PAPER_LABELS)
    if wiring_of(inst, ("as printed", "additive synaptic in SM")) != "as printed":
        labels["additive synaptic"] = "SM"
    rec = exhaustive("quarks.circuits.taxonomy:check_table", labels=labels)
    facts = rec["result"]["facts"]
    return decide([rec], "18 classes computed on a probe network (fan-in 2, fan-out 2): "
                    + "; ".join(f"{k}: {'yes' if v else 'NO'}" for k, v in facts.items()), explain=True)


taxonomy = Claim(
    id="quarks.taxonomy",
    source=Source("000", "§2, Table 1"),
    statement="Source x target x mechanism = {S,O,w} x {S,O,w} x {+,*}: 18 classes.  With the attending "
              "signal a neuron output, 6 remain; multiplexing (+S) and additive output (+O) stay in the "
              "SM, the other 4 extend it; activation gating = synaptic gating of every incoming "
              "synapse, additive output = multiplexing of every target, so multiplexing, output "
              "gating and synaptic gating carry the rest.",
    latex=r"|\{S,O,w\}^2\times\{+,\times\}|=18;\ O_j\textstyle\sum_l w_{il}O_l=\sum_l(w_{il}O_j)O_l",
    kind="finite",
    instances={"quick": [{}], "full": [{}]},
    check=check_taxonomy,
    note="Computed in the local view: every output O_l is a free variable and an SM activation is a "
         "linear form in them; a class extends the SM iff a quadratic monomial O_i O_j appears.  "
         "Weight-sourced signals are static (no output variable) and stay in the SM; "
         "activation-sourced ones behave like output-sourced ones (a linear relay).  Output gating "
         "is itself synaptic gating of every outgoing synapse: it is kept for economy of fan-out, "
         "not by algebra (see notes/mechanisms.md).",
)


# --- activation gating = synaptic gating of every incoming synapse ------------------------------

def _fan_in_net(n):
    from quarks.circuits.network import Network

    net = Network().add("z", "input").add("i", "id")  # z: the attending neuron
    for l in range(1, n + 1):
        net = net.add(f"O{l}", "input").connect(f"O{l}", "i", f"w{l}")
    return net


def check_activation_gating(inst) -> Verdict:
    from quarks.circuits.functional import symbolic_outputs
    from quarks.circuits.network import activation_gate, synaptic_gate

    n = inst["n"]
    wiring = wiring_of(inst, ("as printed", "all but one synapse"))
    base = _fan_in_net(n)
    left = activation_gate(base, "i", "z")
    incoming = [(s.src, s.dst) for s in base.incoming("i")]
    if wiring != "as printed":
        incoming = incoming[:-1]
    right = synaptic_gate(base, incoming, "z")
    lo, syms = symbolic_outputs(left)
    ro, syms2 = symbolic_outputs(right)
    der = derivation({**syms, **syms2}.values(), real=True)
    der.equal(lo["i"], ro["i"], label=f"O_z * sum_l w_l O_l == sum_l (w_l O_z) O_l, fan-in {n}")
    rec = der.record()
    model = exhaustive("quarks.circuits.functional:same_activation", n=n, gated=len(incoming))
    return decide([rec, model], f"fan-in {n}: activation gating of i by z vs synaptic gating of "
                    f"{len(incoming)} incoming synapse(s)", explain=True)


activation_gating = Claim(
    id="quarks.activation-gating",
    source=Source("000", "§2 (Mechanism)"),
    statement="Gating the activation of neuron i by O_j equals synaptic gating of every incoming "
              "synapse of i by O_j: O_j * sum_l w_il O_l = sum_l (w_il O_j) O_l, for all real values.",
    latex=r"O_j\sum_l w_{il}O_l=\sum_l (w_{il}O_j)\,O_l",
    kind="symbolic",
    instances={"quick": [{"n": n} for n in (1, 2, 3, 4)], "full": [{"n": n} for n in range(1, 9)]},
    check=check_activation_gating,
    note="The fan-out of the attending signal is the fan-in n of i: one activation gating costs n "
         "synaptic gatings.  A bias is a synapse from a constant unit and is gated too.",
)


# --- Fig 2: output gating and synaptic gating give k the same term ---------------------------------

def _fan_out_net(f):
    from quarks.circuits.network import Network

    net = Network().add("i", "input").add("j", "input")
    for t in range(1, f + 1):
        net = net.add(f"k{t}", "id").connect("i", f"k{t}", f"w{t}")
    return net


def check_same_local_term(inst) -> Verdict:
    from quarks.circuits.functional import symbolic_outputs
    from quarks.circuits.network import output_gate, synaptic_gate

    f = inst["fanout"]
    wiring = wiring_of(inst, ("as printed", "gate the synapse by i"))
    base = _fan_out_net(f)
    og = output_gate(base, "i", "j")
    sg = synaptic_gate(base, ("i", "k1"), "i" if wiring != "as printed" else "j")
    b, s0 = symbolic_outputs(base)
    o, s1 = symbolic_outputs(og)
    s, s2 = symbolic_outputs(sg)
    der = derivation({**s0, **s1, **s2}.values(), real=True)
    der.equal(o["k1"], s["k1"], label="k1 receives w_1 O_i O_j under both")
    der.equal(o["k1"], "w1*i*j", label="the term is w_ki O_i O_j")
    for t in range(2, f + 1):
        der.equal(s[f"k{t}"], b[f"k{t}"], label=f"synaptic gating leaves k{t} unchanged")
        der.equal(o[f"k{t}"] - b[f"k{t}"], f"w{t}*i*(j - 1)", label=f"output gating changes k{t}")
    rec = der.record()
    return decide([rec], f"fan-out {f}: same term w O_i O_j at k1; output gating changes all {f} "
                    f"target(s) of i, synaptic gating only k1", explain=True)


same_local_term = Claim(
    id="quarks.gating-same-local-term",
    source=Source("000", "Fig. 2"),
    statement="Output gating of i by j and synaptic gating of w_ki by j give neuron k the same term "
              "w_ki O_i O_j; output gating changes every target of i, synaptic gating only k.",
    latex=r"w_{ki}(O_iO_j)=(w_{ki}O_j)O_i",
    kind="symbolic",
    instances={"quick": [{"fanout": f} for f in (1, 2, 3)], "full": [{"fanout": f} for f in range(1, 7)]},
    check=check_same_local_term,
    size="fanout",
    note="Neuron outputs are the free real symbols i, j (inputs of the probe); k_t are linear units.",
)


# --- Fig 1a, 1b -----------------------------------------------------------------------------------

def check_softmax(inst) -> Verdict:
    from quarks.circuits.figure1 import softmax_circuit
    from quarks.circuits.functional import symbolic_outputs

    n = inst["n"]
    sign = -1 if wiring_of(inst, ("as printed", "log weight +1")) == "as printed" else 1
    out, syms = symbolic_outputs(softmax_circuit(n, sign))
    der = derivation(syms.values(), real=True)
    total = " + ".join(f"exp(u{t})" for t in range(1, n + 1))
    der.sign(total, "positive", label="sum_l exp(u_l) > 0, so the log unit is defined for all real u")
    for t in range(1, n + 1):
        der.equal(out[f"y{t}"], f"exp(u{t})/({total})", label=f"y{t} = softmax(u)_{t}")
    rec = der.record()
    num = exhaustive("quarks.circuits.figure1:check_circuit", circuit="softmax", n=n,
                     sign=sign, points=4, seed=n)
    st = num["result"]["structure"]
    return decide([rec, num], f"n = {n}: depth {st['depth']}, weights {st['weights']}, units "
                    f"{st['transfers']}; y = softmax(u) for all real u (SymPy), and at 4 rational "
                    f"points within 2^-100 (arb)", explain=True)


softmax_circuit_claim = Claim(
    id="quarks.softmax-circuit",
    source=Source("000", "Fig. 1a"),
    statement="A depth-3 SM network with weights +-1 and exp/log/identity units computes softmax: "
              "e_i = exp(u_i), L = log(sum e_i), y_i = exp(u_i - L) = exp(u_i)/sum_l exp(u_l), for "
              "every real u.",
    latex=r"y_i=\exp\!\big(u_i-\log\textstyle\sum_l e^{u_l}\big)=\mathrm{softmax}(u)_i",
    kind="symbolic",
    instances={"quick": [{"n": n} for n in (2, 3)], "full": [{"n": n} for n in range(2, 7)]},
    check=check_softmax,
    note="Domain: all real u (the log's argument is a sum of exponentials, decided positive).",
)


def check_dot_product(inst) -> Verdict:
    from quarks.circuits.figure1 import dot_product_circuit
    from quarks.circuits.functional import symbolic_outputs

    n = inst["n"]
    sign = 1 if wiring_of(inst, ("as printed", "log v weight -1")) == "as printed" else -1
    out, syms = symbolic_outputs(dot_product_circuit(n, sign))
    der = derivation(syms.values(), positive=True)
    # the network's expression re-read with positive symbols (the domain of the real logs)
    from quarks.certify.symbolic.parse import unparse

    der.equal(unparse(out["s"]), " + ".join(f"u{t}*v{t}" for t in range(1, n + 1)),
              label="s = sum_i exp(log u_i + log v_i) = u.v for u, v > 0")
    rec = der.record()
    num = exhaustive("quarks.circuits.figure1:check_circuit", circuit="dot", n=n, sign=sign,
                     points=4, seed=n)
    st = num["result"]["structure"]
    return decide([rec, num], f"n = {n}: depth {st['depth']}, weights {st['weights']}, units "
                    f"{st['transfers']}; s = u.v for all u, v > 0 (SymPy) and at 4 rational points (arb)", explain=True)


dot_product = Claim(
    id="quarks.dot-product-circuit",
    source=Source("000", "Fig. 1b"),
    statement="A depth-3 SM network with weights +1 and log/exp/identity units computes u.v for "
              "positive inputs: s = sum_i exp(log u_i + log v_i).",
    latex=r"\sum_i \exp(\log u_i+\log v_i)=u\cdot v\quad(u_i,v_i>0)",
    kind="symbolic",
    instances={"quick": [{"n": n} for n in (2, 3)], "full": [{"n": n} for n in range(1, 7)]},
    check=check_dot_product,
    note="The figure's wiring is not printed; this is one valid reading.  It needs u_i, v_i > 0 "
         "(real logs); signed inputs need more units.",
)


# --- §3 transformer layer from gating --------------------------------------------------------------

def check_transformer(inst) -> Verdict:
    n, m, d = inst["n"], inst["m"], inst["d"]
    wiring = wiring_of(inst, ("as printed", "transpose", "gate-by-query"))
    miswire = None if wiring == "as printed" else wiring
    rec = exhaustive("quarks.circuits.transformer:compare", n=n, m=m, d=d, seed=n * 100 + m * 10 + d,
                     miswire=miswire)
    evidence = [rec]
    counts = rec["result"]["counts"]
    if inst.get("symbolic"):
        evidence.append(_transformer_symbolic(n, m, d, miswire))
    return decide(evidence, f"n = {n}, m = {m}, d = {d}: {counts['output gatings']} output gatings "
                    f"(m n^2 = {m * n * n}), {counts['synaptic gatings']} synaptic gatings (n^2 = {n * n}, "
                    f"each of fan-out d = {d}), {n} softmax circuits; {rec['result']['agree']}/"
                    f"{rec['result']['cases']} outputs within 2^-100 of softmax(QK^T)V (arb)"
                    + ("; equal for all real inputs (SymPy)" if inst.get("symbolic") else ""), explain=True)


def _transformer_symbolic(n, m, d, miswire):
    from quarks.circuits.functional import symbolic_outputs
    from quarks.circuits.transformer import attention_layer

    out, syms = symbolic_outputs(attention_layer(n, m, d, miswire))
    der = derivation(syms.values(), real=True)
    for i in range(n):
        s = [" + ".join(f"q_{i}_{c}*k_{j}_{c}" for c in range(m)) for j in range(n)]
        total = " + ".join(f"exp({x})" for x in s)
        for c in range(d):
            num = " + ".join(f"exp({s[j]})*v_{j}_{c}" for j in range(n))
            der.equal(out[f"y_{i}_{c}"], f"({num})/({total})", label=f"y[{i},{c}] = (softmax(QK^T)V)[{i},{c}]")
    return der.record()


transformer_gating = Claim(
    id="quarks.transformer-gating",
    source=Source("000", "§3"),
    statement="One encoder attention layer (n positions, query/key dimension m, value dimension d) is "
              "built from m n^2 output gatings (the dot products q_i.k_j), one softmax circuit per row, "
              "and n^2 synaptic gatings (the convex combinations, one gating per weight a_ij shared by "
              "the d value coordinates), and computes softmax(Q K^T) V.",
    latex=r"Y=\mathrm{softmax}(QK^\top)V:\ mn^2\ \text{output gatings},\ n^2\ \text{synaptic gatings}",
    kind="construction",
    instances={
        "quick": [{"n": 2, "m": 1, "d": 1, "symbolic": True}, {"n": 2, "m": 2, "d": 1},
                  {"n": 3, "m": 2, "d": 2}, {"n": 4, "m": 3, "d": 2}],
        "full": [{"n": 2, "m": 2, "d": 2, "symbolic": True}, {"n": 3, "m": 2, "d": 1, "symbolic": True},
                 {"n": 3, "m": 2, "d": 2}, {"n": 4, "m": 3, "d": 2}, {"n": 6, "m": 4, "d": 3},
                 {"n": 8, "m": 4, "d": 4}],
    },
    check=check_transformer,
    note="Output gating acts on every target of a neuron, so each q_ic is copied into n relay units "
         "(one per key); synaptic gating of the q -> score synapses would need no relays.  No "
         "1/sqrt(m) scaling (absorbed into the query weights).  Tolerance: both sides are 128-bit "
         "arb enclosures of exact reals; agreement means every difference ball lies within 2^-100.",
)


# --- §4.2 gate products ------------------------------------------------------------------------------

def check_gate_products(inst) -> Verdict:
    from quarks.circuits.compile import output_expression
    from quarks.circuits.functional import gate_pair

    enc = inst["encoding"]
    op = wiring_of(inst, ("as printed", "AND", "XNOR"))
    if op == "as printed":
        op = "AND" if enc == "01" else "XNOR"
    out = output_expression(gate_pair(enc), "out")
    if enc == "01":
        want = ["min", "a", "b"] if op == "AND" else ["ind", ["==", "a", "b"]]
    else:  # +-1 values 2a-1, 2b-1
        sa, sb = ["-", ["*", 2, "a"], 1], ["-", ["*", 2, "b"], 1]
        want = ["min", sa, sb] if op == "AND" else ["-", ["*", 2, ["ind", ["==", "a", "b"]]], 1]
    rec = forall([["a", 0, 1], ["b", 0, 1]], ["==", out, want])
    name = {"01": "{0,1} (Heaviside)", "pm1": "{-1,+1} (sign)"}[enc]
    return decide([rec], f"outputs in {name}: the output-gated product of two gates equals {op} on "
                    f"all 4 input pairs", explain=True)


gate_products = Claim(
    id="quarks.gate-products",
    source=Source("000", "§4.2"),
    statement="The product of two threshold-gate outputs is their AND with 0/1 outputs (H(p)H(q)) and "
              "their XNOR with -1/+1 outputs (sign(p)sign(q)).",
    latex=r"H(p)H(q)=H(p)\wedge H(q),\qquad \mathrm{sgn}(p)\,\mathrm{sgn}(q)=\mathrm{XNOR}",
    kind="finite",
    instances={"quick": [{"encoding": "01"}, {"encoding": "pm1"}],
               "full": [{"encoding": "01"}, {"encoding": "pm1"}]},
    check=check_gate_products,
    size="none",
    note="Gate outputs range over {0,1} (or {-1,+1}) whatever p and q are, so the 4 pairs of "
         "gate values are exhaustive.  In {-1,+1} coding, AND would be min(s, t): the product is not AND.",
    coq=("Gates.v:gate_product_and", "Gates.v:gate_product_xnor"),
    coq_hypotheses={"gate_product_and": [], "gate_product_xnor": []},
)
