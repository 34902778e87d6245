"""The circuit model: polynomials, primitives with fan-out, the computed taxonomy, Fig 1 circuits,
the gating transformer layer, exact compilation, and the gated-LTG approximations."""
from fractions import Fraction

import numpy as np
import pytest

from quarks.certificates.evidence import forall
from quarks.certify import check_record
from quarks.circuits import figure1, functional, taxonomy, transformer
from quarks.circuits.compile import output_expression
from quarks.circuits.network import (
    ExactBackend,
    FloatBackend,
    Network,
    activation_gate,
    additive_output,
    additive_synaptic,
    multiplex,
    output_gate,
    synaptic_gate,
)
from quarks.circuits.poly import Poly


def test_poly_identities():
    x, y = Poly.var("x"), Poly.var("y")
    assert (x + y) * (x - y) == x * x - y * y
    assert ((x + 1) * (x + 1)).degree() == 2
    assert (x * y + x).monomials({"x", "y"}) == {(("x", 1), ("y", 1)), (("x", 1),)}
    assert (x * y - y * x).is_zero()
    assert (x * y).subs({"y": 3}) == 3 * x


def fan_net():
    net = Network().add("a", "input").add("b", "input").add("j", "input").add("i", "id")
    net = net.add("k1", "id").add("k2", "id")
    for s, d in (("a", "i"), ("b", "i"), ("i", "k1"), ("i", "k2")):
        net = net.connect(s, d, f"w_{d}_{s}")
    return net


def test_primitives_record_fan_out():
    net = fan_net()
    assert output_gate(net, "i", "j").operations[-1].multiplicity == 2      # out-degree of i
    assert activation_gate(net, "i", "j").operations[-1].multiplicity == 2  # in-degree of i
    assert synaptic_gate(net, ("i", "k1"), "j").operations[-1].multiplicity == 1
    assert additive_output(net, "i", "j").operations[-1].multiplicity == 2
    assert multiplex(net, "i", "j").operations[-1].multiplicity == 1
    assert additive_synaptic(net, ("i", "k2"), "j").operations[-1].multiplicity == 1


def test_output_gating_reaches_every_target_synaptic_only_one():
    net = fan_net()
    og, sg = output_gate(net, "i", "j"), synaptic_gate(net, ("i", "k1"), "j")
    term = Poly.var("w_k1_i") * Poly.var("O_i") * Poly.var("O_j")
    assert og.local_activation("k1") == term == sg.local_activation("k1")
    assert og.local_activation("k2") != net.local_activation("k2")
    assert sg.local_activation("k2") == net.local_activation("k2")


def test_exact_evaluation_of_gated_units():
    net = functional.relu_network()
    assert [net.evaluate({"x": x})["out"] for x in (-2, 0, Fraction(3, 2))] == [0, 0, Fraction(3, 2)]


def test_taxonomy_is_computed():
    rows = taxonomy.classify()
    assert len(rows) == 18
    dyn = {r["name"]: r for r in rows if r["source"] == "O"}
    assert {n for n, r in dyn.items() if r["in_sm"]} == {"multiplexing", "additive output"}
    assert dyn["output gating"]["changed"] == ["k1", "k2"] and dyn["synaptic gating"]["changed"] == ["k1"]
    assert dyn["synaptic gating"]["quadratic"] == ["O_i*O_j"]
    assert all(r["in_sm"] for r in rows if r["source"] == "w")
    eq = taxonomy.equivalences()
    assert [e["equal"] for e in eq] == [True] * 7 + [False]
    assert all(d["matches"] == 0 for d in taxonomy.distinct_core())
    res = taxonomy.check_table()
    assert res["holds"] and res["cases"] == 64
    wrong = dict(taxonomy.PAPER_LABELS, **{"output gating": "SM"})
    assert not taxonomy.check_table(wrong)["holds"]


def test_figure1_structure_and_values():
    sm = figure1.softmax_circuit(3)
    assert figure1.depth(sm) == 3 and figure1.weights(sm) == {-1, 1}
    u = [0.3, -1.2, 2.0]
    out = sm.evaluate({f"u{t + 1}": u[t] for t in range(3)}, FloatBackend())
    want = np.exp(u) / np.exp(u).sum()
    assert np.allclose([out[f"y{t}"] for t in (1, 2, 3)], want, rtol=1e-14)
    dp = figure1.dot_product_circuit(2)
    out = dp.evaluate({"u1": 2.0, "v1": 3.0, "u2": 0.5, "v2": 4.0}, FloatBackend())
    assert out["s"] == pytest.approx(8.0, rel=1e-14)
    assert figure1.check_circuit("softmax", 4)["holds"]
    assert not figure1.check_circuit("softmax", 3, sign=1)["holds"]
    assert not figure1.check_circuit("dot", 3, sign=-1)["holds"]


@pytest.mark.parametrize("n,m,d", [(2, 1, 1), (3, 2, 2), (4, 3, 2), (5, 2, 3)])
def test_transformer_counts_and_values(n, m, d):
    net = transformer.attention_layer(n, m, d)
    assert net.count("output gating") == m * n * n
    assert net.count("synaptic gating") == n * n
    assert net.gated_synapses("synaptic gating") == n * n * d
    x = transformer.random_inputs(n, m, d, seed=7)
    Q = np.array([[float(x[f"q_{i}_{c}"]) for c in range(m)] for i in range(n)])
    K = np.array([[float(x[f"k_{i}_{c}"]) for c in range(m)] for i in range(n)])
    V = np.array([[float(x[f"v_{i}_{c}"]) for c in range(d)] for i in range(n)])
    S = Q @ K.T
    A = np.exp(S - S.max(axis=1, keepdims=True))
    Y = (A / A.sum(axis=1, keepdims=True)) @ V
    out = net.evaluate(x, FloatBackend())
    got = np.array([[out[f"y_{i}_{c}"] for c in range(d)] for i in range(n)])
    assert np.allclose(got, Y, rtol=1e-12, atol=1e-12)
    assert transformer.compare(n, m, d, seed=3)["holds"]


def test_transformer_miswirings_are_caught():
    assert not transformer.compare(3, 2, 2, miswire="transpose")["holds"]
    assert not transformer.compare(3, 2, 2, miswire="gate-by-query")["holds"]


def test_compiled_xor_and_its_miswiring():
    def table(gate, enc="01"):
        e = output_expression(functional.xor_network(enc, gate), "out")
        return forall([["x1", 0, 1], ["x2", 0, 1]], ["==", e, ["ind", ["!=", "x1", "x2"]]])

    good = table("nand")
    assert good["holds"] and good["cases"] == 4 and check_record(good).valid
    bad = table("and")
    assert not bad["holds"] and bad["witness"] == {"x1": 0, "x2": 1}


def test_exact_backend_refuses_transcendental():
    with pytest.raises(ValueError):
        figure1.softmax_circuit(2).evaluate({"u1": 0, "u2": 0}, ExactBackend())


def test_same_activation_procedures():
    assert functional.same_activation(4, 4)["holds"]
    assert not functional.same_activation(4, 3)["holds"]
    assert functional.same_gate_activation(3, True)["holds"]
    assert not functional.same_gate_activation(3, False)["holds"]


# --- approximation -------------------------------------------------------------------------------

def test_gated_units_equal_the_circuit_model():
    from quarks.approx import gated
    from quarks.approx.targets import TARGETS

    t = TARGETS["sinsin"]
    units = gated.build(t, [5, 4])
    net = gated.as_network(units, 2)
    assert net.count("output gating") == len(units) == 9
    for z in [(Fraction(0), Fraction(0)), (Fraction(1, 3), Fraction(5, 7)), (Fraction(1), Fraction(1, 2)),
              (Fraction(1, 5), Fraction(1, 5))]:
        out = net.evaluate({"x1": z[0], "x2": z[1]})["out"]
        assert out == gated.evaluate(units, z)


def test_units_are_relus_where_their_gates_switch():
    from quarks.approx import gated
    from quarks.approx.targets import TARGETS

    units = gated.build(TARGETS["sin2pi"], [10])
    assert units[0].relu_scale() is None          # the always-on unit
    assert all(u.relu_scale() is not None for u in units[1:])


def test_sup_bound_certifies_and_rejects():
    from quarks.approx.certify import certify, fewer_fails

    ok = certify("sin2pi", [16], "1/100")
    assert ok["holds"] and ok["units"] == 16 and Fraction(ok["bound"]) <= Fraction(1, 100)
    assert fewer_fails("sin2pi", [16], "1/100")["holds"]
    bad = certify("sin2pi", [15], "1/100")
    assert not bad["holds"] and bad["witness"] is not None


def test_sup_bound_is_not_fooled_by_a_wrong_target():
    """A network built for sin(2 pi x) must fail as an approximation of another function."""
    from quarks.approx import gated, supbound
    from quarks.approx.targets import TARGETS, Target

    sin = TARGETS["sin2pi"]
    from flint import arb

    shifted = Target("shifted", 1, lambda z: sin.value(z) + arb(1) / 50, sin.gradient, sin.ridges, "")
    res = supbound.sup_bound(shifted, gated.build(sin, [16]), Fraction(1, 100))
    assert not res["holds"]
