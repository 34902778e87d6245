"""Self-attention is permutation-equivariant, not invariant (seed 001)."""
from fractions import Fraction

from quarks.attention.self_attention import equivariance_check, invariance_check, output_forms, permute
from quarks.certificates import certificate
from quarks.checking import binding
from quarks.proofs.baldi import permutation as pm


def test_two_tokens_swap_outputs():
    r = invariance_check([[0], [1]], [[1]], [[1]], [[1]], [1, 0])
    assert not r["holds"] and r["position"] == 1
    assert r["f_ball"][0].startswith("0.5") and "0.731058" in r["f_perm_ball"][0]
    f = output_forms([[0], [1]], [[1]], [[1]], [[1]])
    assert f[0] == ((Fraction(0), (Fraction(0),)), (Fraction(0), (Fraction(1),)))


def test_equivariance_exact_and_detects_a_broken_layer(monkeypatch):
    assert equivariance_check(5, 2, 25, 3)["holds"]
    X = [[1, 2], [0, 1], [3, 1]]
    W = [[1, 0], [0, 1]]
    f, fp = output_forms(X, W, W, W), output_forms(permute(X, [2, 0, 1]), W, W, W)
    assert [fp[i] == f[p] for i, p in enumerate([2, 0, 1])] == [True] * 3
    # a layer with position-dependent scores is not equivariant: the check must notice
    import quarks.attention.self_attention as sa
    real = sa.output_forms
    monkeypatch.setattr(sa, "output_forms", lambda X, *w: [form + ((Fraction(i), ()),) for i, form in
                                                           enumerate(real(X, *w))])
    assert not sa.equivariance_check(4, 2, 10, 1)["holds"]


def test_claims_and_certificates(tmp_path):
    inst = pm.invariance_as_printed.instances_for("quick")[0]
    v = pm.invariance_as_printed.run(inst)
    assert v.status == "refuted" and v.counterexample["position"] == 1
    path = certificate.write(certificate.build(pm.invariance_as_printed, inst, v), tmp_path / "inv.json")
    assert binding.check_file(path).ok
    assert pm.equivariance.run({"n": 3, "dim": 2, "samples": 10, "seed": 2}).status == "verified"
