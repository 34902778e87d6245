"""Seed 004 claims: every quick instance decided as expected, certificates re-checked, tampering caught."""
import copy
import time

import pytest

from quarks.certificates import certificate
from quarks.claims import registry

YANG = [c for c in registry.select(["yang.*"])]


def test_ids_present():
    ids = {c.id for c in YANG}
    for want in ["yang.lemma6", "yang.lemma7", "yang.lemma8", "yang.lemma9", "yang.prop11", "yang.thm12",
                 "yang.thm13", "yang.thm15", "yang.thm16", "yang.cor17", "yang.cor18", "yang.thm20",
                 "yang.thm21", "yang.cor22", "yang.cor23", "yang.temperature-table", "yang.thm15-hot"]:
        assert want in ids


def test_quick_tier_decides_every_claim_as_expected():
    t = time.perf_counter()
    for claim in YANG:
        for inst in claim.instances_for("quick"):
            v = claim.run(inst)
            assert v.status == claim.expected, (claim.id, inst, v.summary)
            cert = certificate.build(claim, inst, v)
            if claim.id in ("yang.lemma9", "yang.prop11", "yang.thm15-hot", "yang.thm20"):
                ok, msg = certificate.check(cert)
                assert ok, (claim.id, msg)
    assert time.perf_counter() - t < 40


def test_tampered_exhaustive_record_is_rejected(tmp_path):
    """An exhaustive record is confirmed only by re-running the claim's check: a tampered digest or
    argument no longer matches what the claim derives."""
    from quarks.checking import binding

    claim = registry.get("yang.thm15")
    inst = claim.instances_for("quick")[0]
    v = claim.run(inst)
    good = certificate.build(claim, inst, v)
    assert binding.check_file(certificate.write(good, tmp_path / "good.json"), rederive=True).ok
    for edit in (lambda r: r["result"].__setitem__("digest", "0" * 64),
                 lambda r: r["args"].__setitem__("tau_factor", "3")):   # a hotter model
        bad = copy.deepcopy(good)
        edit(bad["evidence"][0])
        res = binding.check_file(certificate.write(bad, tmp_path / "bad.json"), rederive=True)
        assert not res.ok and "derives" in res.message


def test_hot_variant_refuted_with_arb_witness():
    claim = registry.get("yang.thm15-hot")
    v = claim.run(claim.instances_for("quick")[0])
    assert v.status == "refuted"
    assert v.counterexample["word"] == "ab" and v.counterexample["arb_sites"][0][3] == "outside"
    cert = certificate.build(claim, claim.instances_for("quick")[0], v)
    assert certificate.check(cert)[0]
    cert["verdict"] = "verified"
    assert not certificate.check(cert)[0]


def test_lemma_grids_reject_a_wrong_constant():
    from quarks.proofs.yang.lemmas import lemma7_grid

    # the bound 2(2 + tau) e^(-1/tau) holds; a tenth of it does not
    assert lemma7_grid(12, ["1/2"])["holds"]
    from flint import arb

    from quarks.proofs.yang import lemmas

    s = [2 * 3 * j - j * j for j in range(1, 8)]
    l1 = lemmas.softmax_l1([__import__("fractions").Fraction(x) for x in s], 2, __import__("fractions").Fraction(1, 2))
    assert not (l1 <= 2 * (2 + arb(1) / 2) * (-2 * arb(1)).exp() / 10)


@pytest.mark.slow
def test_full_tier_lemmas():
    for cid in ["yang.lemma6", "yang.lemma7", "yang.prop11"]:
        claim = registry.get(cid)
        for inst in claim.instances_for("full"):
            assert claim.run(inst).status == "verified"


def test_counting_checks_run_the_coq_network(monkeypatch, tmp_path):
    """Counting instances in the Coq fragment tfrag also check LTLCountCompile.v's network bcompile
    (quarks.ltl.count_blocks, at tau = 1/(2n)); a mixed comparison (Corollary 22's PARITY) checks
    mcompile's, and its certificate re-derives; a wrong Coq network refutes the claim on a named word."""
    from quarks.checking import binding
    from quarks.ltl import count_blocks

    claim = registry.get("yang.thm21")
    inst = claim.instances_for("quick")[0]
    v = claim.run(inst)
    nets = [r["args"].get("network", "compile") for r in v.evidence if r["kind"] == "exhaustive"]
    assert v.status == "verified" and nets == ["compile", "bcompile"] and "bcompile" in v.summary
    assert all(r["result"]["holds"] and r["result"]["cases"] == 510 for r in v.evidence)
    cert = certificate.write(certificate.build(claim, inst, v), tmp_path / "thm21.json")
    assert binding.check_file(cert, rederive=True).ok
    cor22 = registry.get("yang.cor22")
    v22 = cor22.run(cor22.instances_for("quick")[0])
    assert [r["args"].get("network", "compile") for r in v22.evidence] == ["compile", "mcompile"]
    assert v22.status == "verified" and "(mcompile)" in v22.summary and v22.evidence[1]["result"]["cases"] == 510
    cert22 = certificate.write(certificate.build(cor22, cor22.instances_for("quick")[0], v22), tmp_path / "cor22.json")
    assert binding.check_file(cert22, rederive=True).ok
    monkeypatch.setattr(count_blocks, "K_SIGN", -count_blocks.K_SIGN)  # the sign test reads the wrong parity
    bad = claim.run(claim.instances_for("quick")[1])  # MAJORITY
    assert bad.status == "refuted" and bad.counterexample["network"] == "bcompile", bad.summary
    monkeypatch.setitem(count_blocks.EXTRA, "pe:2in", ["*", 2, "i"])  # the mixed lookups' key 2in read as 2i
    bad22 = cor22.run(cor22.instances_for("quick")[0])
    assert bad22.status == "refuted" and bad22.counterexample["network"] == "mcompile", bad22.summary


def test_unbounded_counting_checks_run_bcompile_b():
    """A full-tier instance of the unbounded variant (tau = 1) also checks LTLCountTau1.v's bcompile_b
    (#left[a] = #right[b] + 1 mixes #left and #right); a causal one has no Coq network there."""
    from quarks.proofs.yang import counting
    from quarks.proofs.yang.common import coq_network

    claim = registry.get("yang.thm20")
    inst = next(i for i in claim.instances_for("full") if i["variant"] == "unbounded"
                and i["formula"] == "#left[a] = #right[b] + 1")
    v = claim.run({**inst, "n": 6})
    assert [r["args"].get("network", "compile") for r in v.evidence] == ["compile", "bcompile_b"]
    assert v.status == "verified" and all(r["result"]["cases"] == 126 for r in v.evidence), v.summary
    assert coq_network(counting.PARITY45, "ab", "temperature", "2") == "mcompile"
    assert coq_network(counting.PARITY45, "ab", "causal-temperature", "2") is None
    assert coq_network(counting.PARITY45, "ab", "temperature", "3") is None
