"""The capacity claims of seed 000 (§4, Appendix): verdicts, certificates, and checks that can fail."""
import json

from quarks.certificates import certificate
from quarks.checking import binding
from quarks.proofs.baldi import composition as comp
from quarks.proofs.baldi import composition_lemmas as lem
from quarks.proofs.baldi import layer_gating as lg


def _certify(claim, inst, tmp_path):
    v = claim.run(inst)
    path = certificate.write(certificate.build(claim, inst, v), tmp_path / "c.json")
    return v, path


def _mutate_arith(path, name, delta=1):
    cert = json.loads(path.read_text())
    for rec in cert["evidence"]:
        if rec["kind"] == "arith" and name in rec["values"]:
            rec["values"][name]["value"] += delta
            rec["values"][name]["expr"] = rec["values"][name]["value"] if isinstance(
                rec["values"][name]["expr"], int) else rec["values"][name]["expr"]
    path.write_text(json.dumps(cert))


def test_thm42_binary_n3_sizes_and_certificate(tmp_path):
    v, path = _certify(comp.thm42, {"n": 3, "degrees": [1, 1]}, tmp_path)
    assert v.status == "verified"
    assert v.data["sizes"]["AND"] == v.data["sizes"]["NOR"] == v.data["sizes"]["OR"] == 246
    assert v.data["sizes"]["XOR"] == v.data["sizes"]["XNOR"] == 254
    assert (v.data["lower"], v.data["upper"]) == (14 * 14, 104 * 104)
    assert binding.check_file(path, rederive=True).ok
    _mutate_arith(path, "size_AND", 1)
    assert not binding.check_file(path, rederive=True).ok


def test_thm42_exhaustive_record_rejects_a_wrong_size(tmp_path):
    v, path = _certify(comp.thm42, {"n": 2, "degrees": [1, 1]}, tmp_path)
    cert = json.loads(path.read_text())
    rec = next(r for r in cert["evidence"] if r.get("procedure", "").endswith("class_size_check"))
    rec["args"]["size"] += 1
    path.write_text(json.dumps(cert))
    assert not binding.check_file(path, rederive=True).ok


def test_operator_classes_cover_every_operator_once():
    ops = comp.irreducible_operators(3)
    groups = comp.operator_classes(ops, 3, [1, 1, 1])
    names = [m[0] for _, members in groups for m in members]
    assert sorted(names) == sorted(ops) and len(groups) == 10  # 10 NPN classes of full support
    assert len(comp.operator_classes(comp.irreducible_operators(2), 2, [1, 2])) == 2


def test_prop55_and_the_proof_witness_set():
    r = comp.intersection_result(3, [1, 1])
    assert r["subset"] and r["size"] == 238 and r["size"] >= 14 * 14
    v = comp.prop55.run({"n": 3, "degrees": [1, 1]})
    assert v.status == "verified" and v.data["intersection"] == 238


def test_thm41_proxy():
    v = comp.thm41.run({"n": 3})
    assert v.status == "verified" and v.data["sizes"] == {"AND": 246, "XNOR": 254}


def test_lemma51_counts():
    r = lem.lemma51_result(3)
    assert r["holds"] and r["irreducible"] == 218 and r["cases"] == 218 * 3
    assert lem.lemma51.run({"arity": 2}).status == "verified"


def test_lemma52_printed_witness_fails_exactly_at_j0():
    v = lem.lemma52.run({"k": 3})
    assert v.status == "refuted"
    assert v.counterexample["j"] == 0 and v.counterexample["i"] == 0
    assert v.counterexample["q(e_i)"] == "theta0"
    fails = {(f["k"], f["j"], f["i"]) for f in lem._lemma52(3, lem._q_printed)[1]}
    assert fails == {(k, 0, 0) for k in (1, 2, 3)}
    assert lem.lemma52_corrected.run({"k": 3}).status == "verified"


def test_lemma53_fails_with_the_printed_witness_at_j0(monkeypatch):
    assert lem.lemma53_result(3, 1, 1)["holds"]

    def printed(k, j, signs):  # (5.5) with theta_0 := +1 where it is not given
        s = {0: 1, **signs}
        coef = [0] * k
        if j >= 1:
            coef[j - 1] = -s[0]
        for i in range(1, k + 1):
            if i != j:
                coef[i - 1] = s[i] - s[0]
        return s[0], coef

    monkeypatch.setattr(lem, "_q_coefficients", printed)
    assert not lem.lemma53_result(3, 1, 1)["holds"]


def test_lemma54_injective_and_recovering():
    r = lem.lemma54_result(3, [1, 1])
    assert r["holds"] and r["cases"] == 10 * 14 * 14
    assert all(item[3] == item[4] == 196 for item in r["per_operator"])


def test_lemma54_detects_wrong_signs(monkeypatch):
    real = lem._lemma51_signs
    monkeypatch.setattr(lem, "_lemma51_signs", lambda B, a: [(-s[0], s[1]) for s in real(B, a)])
    assert not lem.lemma54_result(3, [1, 1], ["AND"])["holds"]


def test_thm43_counts_and_bounds():
    v = lg.thm43.run({"n": 3, "m": 1, "convention": "01"})
    assert v.status == "verified" and v.data["size"] == 254 and v.data["U"] == 246
    # every instance is unsaturated: the bounds are not met merely because all functions are realized
    for inst in lg.thm43.instances_for("full"):
        assert not lg.thm43.run(inst).data["saturated"], inst


def test_thm43_lower_bound_as_printed_is_refuted(tmp_path):
    v, path = _certify(lg.thm43_lower_printed, {"n": 3, "m": 2, "convention": "01"}, tmp_path)
    assert v.status == "refuted" and v.counterexample["size"] == 256 and v.counterexample["m_n2"] == 18
    assert binding.check_file(path, rederive=True).ok
    # the true m = 1 instance at n = 4: C = log2(41614) < 16
    assert lg.thm43_lower_printed.run({"n": 4, "m": 1, "convention": "01"}).counterexample["size"] == 41614


def test_printed_pm1_multiplexing_collides(tmp_path):
    v, path = _certify(lg.multiplexing, {"n": 3, "m": 2, "variant": "pm1-printed"}, tmp_path)
    assert v.status == "refuted"
    cex = v.counterexample
    ua = [u["u+"] for u in cex["map_a"]]
    ub = [u["u+"] for u in cex["map_b"]]
    assert ua != ub and cex["common_output"] == 0xFF  # OR of units that are +1 when unselected
    assert binding.check_file(path, rederive=True).ok
    for variant in ("01", "pm1-corrected"):
        r = lg.multiplex_result(3, 2, variant)
        assert r["holds"] and r["maps"] == r["outputs"] == 16 * 16


def test_remark44_counts():
    v = lg.remark44.run({"n": 3, "m": 2})
    assert v.status == "verified" and v.data["not_rechecked"]["gated"] == 256


def test_claim_modules_import_no_heavy_package():
    import subprocess
    import sys

    code = ("import sys, quarks.proofs.baldi.composition, quarks.proofs.baldi.layer_gating, "
            "quarks.solvers.compose, quarks.solvers.operators; "
            "print([m for m in ('numba', 'sympy', 'scipy', 'z3', 'pysat') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_capacity_cli(tmp_path, capsys):
    from quarks.cli import main

    assert main(["capacity", "plot", "--max-n", "7"]) == 2
    assert "--max-n must be in 1..5" in capsys.readouterr().err
    assert main(["capacity", "plot", "--max-n", "3", "--out", str(tmp_path / "no" / "x.png")]) == 2
    assert main(["capacity", "plot", "--max-n", "3", "--out", str(tmp_path / "x.txt")]) == 2
    out = tmp_path / "cap.png"
    assert main(["capacity", "plot", "--max-n", "3", "--out", str(out)]) == 0
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_prop55_through_the_symmetries_equals_the_direct_intersection(monkeypatch):
    direct = comp.intersection_result(4, [1, 1])
    monkeypatch.setattr(comp, "_direct", lambda n, degrees: False)
    via = comp.intersection_result(4, [1, 1])
    assert via["size"] == direct["size"] == 23398 and via["digest"] == direct["digest"] and via["subset"]


def test_dense_encoding_as_printed_is_refuted_and_corrected_holds(tmp_path):
    from quarks.proofs.baldi import dense_encoding as de

    assert [de.dense_units(k, "corrected") for k in (2, 3, 4, 5)] == [1, 2, 2, 3]
    assert [de.dense_units(k, "printed") for k in (2, 3, 4, 5)] == [0, 1, 2, 2]
    v, path = _certify(de.dense_as_printed, {"n": 2, "degrees": [1, 1], "reading": "printed"}, tmp_path)
    assert v.status == "refuted" and v.counterexample["lower"] == 196
    assert v.counterexample["failing_count"] == 10 and v.counterexample["failing"]["AND"] == 16
    assert binding.check_file(path, rederive=True).ok
    v = de.dense_corrected.run({"n": 3, "degrees": [1, 1], "reading": "corrected"})
    assert v.status == "verified" and v.data["lower"] == 14 ** 2 and min(v.data["sizes"].values()) == 246


def test_degree_zero_as_printed_refuted_and_constants(tmp_path):
    from quarks.proofs.baldi import degree_zero as dz

    v, path = _certify(dz.degree_zero_as_printed, {"n": 1, "reading": "printed"}, tmp_path)
    assert v.status == "refuted" and v.counterexample["size"] == 2 and v.counterexample["lower"] == 4
    assert binding.check_file(path, rederive=True).ok
    assert dz.degree_zero.run({"n": 3, "reading": "corrected"}).status == "verified"


def test_refute_names_the_dropped_degree_hypothesis():
    from quarks.claims import refute

    ref = refute.run("quarks.thm4.2", {"operator": "AND", "degrees": "0,0", "max_n": 2})
    assert ref.found and ref.instance["n"] == 1
    assert ref.search.hypothesis_for(ref.params) == "d_j >= 1 dropped"
    assert "irreducib" not in ref.search.hypothesis_for(ref.params)
    assert refute.SEARCHES["quarks.thm4.2"].hypothesis_for(
        {"operator": "reducible", "degrees": "1,1", "encoding": "-"}) == "B irreducible dropped"


def test_prop55_corollary_is_proved_with_explicit_constants():
    v = comp.prop55_corollary.run({"n": 3})
    assert v.status == "verified" and v.data["intersection"] >= 14 ** 2
    assert "ratio_to_2n2_float" in v.data["not_rechecked"]
    assert comp.prop55_corollary.label({"verified"}, 3) == "proved (Coq, all parameters)"
    assert comp.prop55_corollary.label({"verified"}, 3, proof=None) == \
        "verified on n <= 3 (Coq: not run)"
    assert "2(n-1)^2 (1 - 4/ln(n-1)) <= C(∩_B T_B(n;1,1)) <= 2n^2" in comp.prop55_corollary.statement
