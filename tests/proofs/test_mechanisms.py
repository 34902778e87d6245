"""The mechanism claims: quick tiers verify with certificates the checker accepts; every identity
has a miswired or wrong-sign variant that is refuted; mutated certificates are rejected."""
import json

import pytest

from quarks.certificates.certificate import build, check
from quarks.claims import registry
from quarks.proofs.baldi import mechanisms as M
from quarks.proofs.baldi import mechanisms_gating as G

IDS = ["quarks.taxonomy", "quarks.activation-gating", "quarks.gating-same-local-term",
       "quarks.softmax-circuit", "quarks.dot-product-circuit", "quarks.transformer-gating",
       "quarks.gate-products", "quarks.xor-by-gating", "quarks.relu-by-gating", "quarks.shaping",
       "quarks.sparse-quadratic", "quarks.universal-approximation", "quarks.synaptic-gating-capacity"]


def certify(claim, inst):
    v = claim.run(inst)
    cert = json.loads(json.dumps(build(claim, inst, v)))
    return v, cert


def test_every_claim_is_registered():
    table = registry.claims()
    for cid in IDS:
        assert cid in table and table[cid].source.seed.startswith(("000", "001"))


def test_synaptic_gating_counts():
    from quarks.circuits import capacity as C

    assert [C.count_one_gated(n) for n in range(5)] == [2, 4, 14, 132, 5782]
    assert [C.count_all_gated(n) for n in range(4)] == [2, 4, 16, 254]
    assert [C.count_output_gated(n) for n in range(5)] == [2, 4, 16, 246, 32506]


@pytest.mark.parametrize("n", [2, 3])
def test_one_gated_weight_by_direct_evaluation(n):
    """The composition F(x_1 g(x), x_2, ..) against the defining formula with integer weights."""
    import itertools

    from quarks.circuits import capacity as C

    gates = C._tables(n).tolist()
    points = list(range(1 << n))
    found = set()
    for w in itertools.product(range(-2, 3), repeat=n):   # T(3;1) needs weights |w_i| <= 2
        for w0 in range(-7, 8):
            for g in gates:
                bits = 0
                for x in points:
                    xs = [(x >> i) & 1 for i in range(n)]
                    s = 2 * (w[0] * ((g >> x) & 1) * xs[0] + sum(wi * xi for wi, xi in zip(w[1:], xs[1:]))) + w0
                    bits |= (s > 0) << x
                found.add(bits)
    assert len(found) == C.count_one_gated(n)


def test_output_gating_count_agrees_with_the_composition_engine():
    from quarks.circuits import capacity as C
    from quarks.proofs.baldi import composition

    v = composition.thm41.run({"n": 3})
    assert v.data["sizes"]["AND"] == C.count_output_gated(3) == 246


@pytest.mark.parametrize("cid", IDS)
def test_quick_tier_verifies_with_checked_certificates(cid):
    claim = registry.get(cid)
    for inst in claim.instances_for("quick"):
        v, cert = certify(claim, inst)
        assert v.status == "verified", (inst, v.summary)
        ok, msg = check(cert)
        assert ok, msg


MISWIRED = [
    ("quarks.taxonomy", {"probe": "p", "wiring": "additive synaptic in SM"}),
    ("quarks.activation-gating", {"n": 3, "wiring": "all but one synapse"}),
    ("quarks.gating-same-local-term", {"fanout": 2, "wiring": "gate the synapse by i"}),
    ("quarks.softmax-circuit", {"n": 3, "wiring": "log weight +1"}),
    ("quarks.dot-product-circuit", {"n": 2, "wiring": "log v weight -1"}),
    ("quarks.transformer-gating", {"n": 3, "m": 2, "d": 2, "wiring": "transpose"}),
    ("quarks.transformer-gating", {"n": 2, "m": 1, "d": 1, "wiring": "gate-by-query", "symbolic": True}),
    ("quarks.gate-products", {"encoding": "pm1", "wiring": "AND"}),
    ("quarks.gate-products", {"encoding": "01", "wiring": "XNOR"}),
    ("quarks.xor-by-gating", {"encoding": "01", "wiring": "gate by AND"}),
    ("quarks.xor-by-gating", {"encoding": "pm1", "wiring": "gate by OR"}),
    ("quarks.relu-by-gating", {"wiring": "gate by H(-x)"}),
    ("quarks.relu-by-gating", {"wiring": "gate by sign"}),
    ("quarks.shaping", {"f": "id", "g": "id", "n": 2, "wiring": "gate has its own weights"}),
    ("quarks.sparse-quadratic", {"n": 3, "wiring": "two gates on one synapse"}),
    ("quarks.universal-approximation", {"target": "sin2pi", "eps": "1/1000", "pieces": [49]}),
]


@pytest.mark.parametrize("cid,inst", MISWIRED, ids=[f"{c}:{i.get('wiring', 'K-1')}" for c, i in MISWIRED])
def test_miswired_variant_is_refuted(cid, inst):
    v, cert = certify(registry.get(cid), inst)
    assert v.status == "refuted", v.summary
    assert v.counterexample is not None
    ok, msg = check(cert)
    assert ok, msg


def test_specific_counterexamples():
    v = M.gate_products.run({"encoding": "pm1", "wiring": "AND"})
    assert v.counterexample == {"a": 0, "b": 0}          # (-1)(-1) = +1 but AND = -1
    v = G.relu_by_gating.run({"wiring": "gate by sign"})
    assert v.counterexample["witness"] == {"x": "-1"}     # x sign(x) = |x| != max(0, x) at -1
    v = G.xor_by_gating.run({"encoding": "01", "wiring": "gate by AND"})
    assert v.counterexample == {"x1": 0, "x2": 1}


def test_xor_non_realizability_is_farkas():
    v = G.xor_by_gating.run({"encoding": "01"})
    rec = next(r for r in v.evidence if r["kind"] == "nonrealization")
    assert rec["true"] == [[1, 1], [2, 1]] and rec["false"] == [[0, 1], [3, 1]]


def _mutations():
    v, cert = certify(M.softmax_circuit_claim, {"n": 2})
    sym = json.loads(json.dumps(cert))
    sym["_original"] = cert
    step = sym["evidence"][0]["steps"][1]
    step["rhs"] = step["rhs"].replace("exp(u1)/", "exp(u2)/")          # a wrong identity claimed to hold
    yield sym
    v, cert = certify(G.xor_by_gating, {"encoding": "01"})
    fa = json.loads(json.dumps(cert))
    fa["_original"] = cert
    fa["evidence"][0]["fact"][2] = ["==", "x1", "x2"]                 # XNOR claimed to hold
    yield fa
    nr = json.loads(json.dumps(cert))
    nr["_original"] = cert
    nr["evidence"][1]["false"] = [[0, 1], [3, 2]]                     # unbalanced multipliers
    yield nr
    v, cert = certify(G.universal_approximation, {"target": "sin2pi", "eps": "1/100", "pieces": [16]})
    ua = json.loads(json.dumps(cert))
    ua["_original"] = cert
    ua["evidence"][0]["args"]["pieces"] = [15]                        # fewer units, same recorded result
    yield ua
    v, cert = certify(M.transformer_gating, {"n": 2, "m": 2, "d": 1})
    tg = json.loads(json.dumps(cert))
    tg["_original"] = cert
    tg["evidence"][0]["args"]["miswire"] = "transpose"
    yield tg
    v, cert = certify(M.taxonomy, {})
    tx = json.loads(json.dumps(cert))
    tx["_original"] = cert
    tx["evidence"][0]["args"]["labels"]["output gating"] = "SM"
    yield tx


@pytest.mark.parametrize("cert", list(_mutations()), ids=["symbolic", "forall", "nonrealization",
                                                          "approx", "transformer", "taxonomy"])
def test_mutated_certificates_are_rejected(cert, tmp_path):
    """The original certificate passes the full check (binding and kernel); the mutant does not."""
    from quarks.certificates import certificate
    from quarks.checking import binding

    original = cert.pop("_original")
    assert binding.check_file(certificate.write(original, tmp_path / "good.json"), rederive=True).ok
    assert not binding.check_file(certificate.write(cert, tmp_path / "bad.json"), rederive=True).ok


def test_universal_approximation_reports_K_and_minimality():
    v = G.universal_approximation.run({"target": "sin2pi", "eps": "1/1000", "pieces": [50]})
    assert v.status == "verified" and "K = 50" in v.summary
    assert [r["procedure"] for r in v.evidence] == ["quarks.approx.certify:certify",
                                                    "quarks.approx.certify:fewer_fails"]


@pytest.mark.slow
@pytest.mark.parametrize("cid", IDS)
def test_full_tier(cid):
    claim = registry.get(cid)
    for inst in claim.instances_for("full"):
        v, cert = certify(claim, inst)
        assert v.status == "verified", (inst, v.summary)
        assert check(cert)[0]


# --- synaptic-gating capacity: the fast counts against brute force and their reductions ----------

def _ltf_by_weights(n, wmax=2, tmax=7):
    """Truth tables of [2 w.x + w0 > 0] over small integer weights (independent of the engine)."""
    import itertools

    out = set()
    for w in itertools.product(range(-wmax, wmax + 1), repeat=n):
        for w0 in range(-tmax, tmax + 1):
            out.add(sum((2 * sum(wi * ((x >> i) & 1) for i, wi in enumerate(w)) + w0 > 0) << x
                        for x in range(1 << n)))
    return sorted(out)


def _all_gated_brute(n):
    """|{x -> F(x_1 g_1(x), .., x_n g_n(x))}| over weight-enumerated F and full gates g_i (no face
    reduction, no symmetry): identical partial feature maps are merged, nothing else."""
    import numpy as np

    L = _ltf_by_weights(n)
    P = 1 << n
    partial = {tuple([0] * P)}
    for i in range(n):
        partial = {tuple(phi[x] | ((((x >> i) & 1) & ((g >> x) & 1)) << i) for x in range(P))
                   for phi in partial for g in L}
    Fbits = np.array([[(F >> y) & 1 for y in range(P)] for F in L], np.int64)   # (F, feature point)
    phis = np.array(sorted(partial), np.int64)                                  # (map, x)
    vals = Fbits[:, phis]                                                        # (F, map, x)
    tables = (vals << np.arange(P)).sum(axis=2)
    return len(L), len(np.unique(tables))


@pytest.mark.parametrize("n,want", [(2, 16), (3, 254)])
def test_all_gated_against_brute_force(n, want):
    from quarks.circuits import capacity as C

    size, brute = _all_gated_brute(n)
    assert size == len(C._tables(n))                     # the weight enumeration finds all of T(n;1)
    assert brute == want == C.count_all_gated(n) == C.all_gated_by_maps(n)


def test_all_gated_n2_by_the_defining_formula():
    """sign-free H(w_0 + sum w_i g_i(x) x_i) over integer weights and weight-enumerated gates."""
    import itertools

    gates = _ltf_by_weights(2)
    found = set()
    for w in itertools.product(range(-2, 3), repeat=2):
        for w0 in range(-7, 8):
            for g1, g2 in itertools.product(gates, repeat=2):
                found.add(sum((2 * (w[0] * ((g1 >> x) & 1) * (x & 1) + w[1] * ((g2 >> x) & 1) * ((x >> 1) & 1))
                               + w0 > 0) << x for x in range(4)))
    assert len(found) == 16


def test_gate_faces_are_the_threshold_functions_of_the_other_variables():
    from quarks.circuits import capacity as C

    for n in range(1, 5):
        T, T_prev = C._tables(n), C._tables(n - 1)
        assert C.face_features_check(n, T, T_prev)
        for i in range(n):
            H = C.face_features(n, i, T).tolist()
            direct = {sum(((x >> i) & 1 & (int(g) >> x) & 1) << x for x in range(1 << n)) for g in T.tolist()}
            assert sorted(direct) == H and len(H) == len(T_prev)


def test_symmetry_facts_fail_for_a_class_that_is_not_symmetric():
    import numpy as np

    from quarks.circuits import capacity as C

    T = C._tables(3)
    H = [C.face_features(3, i, T) for i in range(3)]
    _, facts = C.symmetry_maps(3, T, H)
    assert all(facts.values())
    x0 = np.uint64(C._face(3, 0))                      # drop x_1 (but keep x_2, x_3): not S_3-closed
    _, facts = C.symmetry_maps(3, T[T != x0], H)
    assert not facts["p T(n;1) = T(n;1)"]
    H_bad = [H[0][1:], H[1], H[2]]
    _, facts = C.symmetry_maps(3, T, H_bad)
    assert not facts["p H_i = H_p(i)"]


def test_one_gated_by_halves_matches_the_maps():
    from quarks.circuits import capacity as C

    assert [C.count_one_gated(n) for n in range(5)] == [C.one_gated_by_maps(n) for n in range(5)]


def test_one_gated_weight_at_n5():
    from quarks.circuits import capacity as C

    r = C.one_gated(5)
    assert r["count"] == 1935004 and all(r["facts"].values())


def test_capacity_certificate_with_a_wrong_count_is_rejected(tmp_path):
    v, cert = certify(G.synaptic_gating_capacity, {"n": 3})
    assert v.status == "verified" and v.data["row"]["all_gated"] == 254
    assert check(cert)[0]
    cert["evidence"][0]["args"]["n"] = 2                 # the record now claims n = 2 produced n = 3's table
    from quarks.certificates import certificate
    from quarks.checking import binding
    assert not binding.check_file(certificate.write(cert, tmp_path / "bad.json"), rederive=True).ok


@pytest.mark.slow
def test_all_gated_n4_count_and_sampled_gates():
    """|S_all(4)| = 63228, and units with random full gates g_i in T(4;1) land in the counted set."""
    import numpy as np

    from quarks.circuits import capacity as C

    r = C.all_gated(4)
    assert r["count"] == 63228 and all(r["facts"].values())
    found = set(r["tables"].tolist())
    T = C._tables(4).tolist()
    rng = np.random.default_rng(5)
    for _ in range(3000):
        F, *g = (T[k] for k in rng.integers(0, len(T), 5))
        phi = [sum((((x >> i) & 1) & ((g[i] >> x) & 1)) << i for i in range(4)) for x in range(16)]
        assert sum(((F >> phi[x]) & 1) << x for x in range(16)) in found
    assert r["count"] == len(found) and len(found) < 1 << 16
