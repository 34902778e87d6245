"""Verdict labels say what was checked (issue: honest verdict labels)."""
from quarks.claims import registry
from quarks.claims.claim import label_key, outcome_label
from quarks.cli.claims_table import markdown


class _C:
    def __init__(self, kind="finite", expected="verified", variant="", coq=(), size="n"):
        self.kind, self.expected, self.variant, self.coq, self.size = kind, expected, variant, coq, size
        self.proved_for_all = False

    def instances_for(self, tier):
        return []


def test_asymptotic_claims_are_consistent_not_verified():
    assert outcome_label(_C("asymptotic"), {"verified"}, 5) == "consistent on n <= 5 (asymptotic, not proved)"
    # a proof for all parameters lifts the label, and says how
    assert outcome_label(_C("asymptotic", coq=("X.v:t",)), {"verified"}, 5) == "proved (Coq, all parameters)"
    # a Coq proof not run, or failed, does not
    assert outcome_label(_C("asymptotic", coq=("X.v:t",)), {"verified"}, 5, proof=None) == \
        "consistent on n <= 5 (asymptotic, not proved) (Coq: not run)"
    assert outcome_label(_C(coq=("X.v:t",)), {"verified"}, 5, proof="failed") == "verified on n <= 5 (Coq: failed)"
    assert label_key("consistent on n <= 5 (asymptotic, not proved)") == "consistent"


def test_explorations_and_variants():
    assert outcome_label(_C("exploration"), {"verified"}) == "explored (not a proof)"
    assert outcome_label(_C(expected="refuted", variant="temperature too high"), {"refuted"}) == \
        "refuted (our variant: temperature too high)"
    assert outcome_label(_C(expected="refuted"), {"refuted"}) == "refuted as printed"
    assert outcome_label(_C(), {"verified", "refuted"}) == "unexpected: refuted"
    assert outcome_label(_C(expected="refuted"), {"verified"}) == "unexpected: not refuted"
    assert outcome_label(_C(), set()) == "not run"


def test_registry_labels():
    claims = registry.claims()
    assert claims["quarks.thm4.3"].label({"verified"}, 4) == "consistent on n <= 4 (asymptotic, not proved)"
    assert claims["yang.thm15-hot"].expected_label() == "refuted (our variant: temperature too high)"
    assert claims["yang.thm26-hot"].expected_label() == "refuted (our variant: temperature too high)"
    table = markdown()
    assert "| asymptotic | verified |" not in table
    assert "| exploration | verified |" not in table
    for c in claims.values():
        if c.variant:
            assert f"`{c.id}`" in table and "refuted as printed" not in table.split(f"`{c.id}`")[1].split("\n")[0]


def test_verify_summary_uses_labels(tmp_path):
    import quarks

    rep = quarks.verify("quarks.thm4.3", tier="quick", store=tmp_path / "r.sqlite", out=tmp_path / "c")
    row = rep.summary_rows()[0]
    assert row["outcome"].startswith("consistent on n <= ")
    assert "verified" not in row["outcome"]


def test_readme_claims_table_is_current():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    block = readme.split("<!-- claims-table -->")[1].split("<!-- /claims-table -->")[0].strip()
    ours = "\n".join(line for line in markdown().splitlines() if not line.startswith("| `test."))
    assert block == ours, "README claims table is stale: regenerate with `quarks claims-table`"


def test_certificate_rendering_uses_the_label():
    from quarks.notebook import render

    cert = {"claim": "yang.temperature-table", "verdict": "verified", "expected": "verified", "instance": {}}
    assert "explored (not a proof)" in render.certificate_markdown(cert)
    assert render.COLOURS["verified"][0] not in render.certificate_html(cert)
    hot = {"claim": "yang.thm26-hot", "verdict": "refuted", "expected": "refuted", "instance": {"n": 6}}
    assert "refuted (our variant: temperature too high)" in render.certificate_markdown(hot)


def test_notes_coverage_table_is_current():
    from pathlib import Path

    from quarks.claims import registry
    from quarks.cli.claims_table import coverage, coverage_markdown

    notes = (Path(__file__).resolve().parents[2] / "notes" / "README.md").read_text()
    block = notes.split("<!-- coverage-table -->")[1].split("<!-- /coverage-table -->")[0].strip()
    assert block == coverage_markdown(), "notes/README.md coverage table is stale: `quarks claims-table --coverage`"
    assert coverage(registry.get("quarks.prop5.5")) == "proved"
    assert coverage(registry.get("quarks.prop5.5-degree-zero-as-printed")) == "refuted"
    assert coverage(registry.get("quarks.eq4.2")) == "asymptotic"
    assert coverage(registry.get("yang.temperature-table")) == "explored"
    assert coverage(registry.get("yang.lemma27")) == "proved"
    assert coverage(registry.get("yang.thm20")) == "proved"  # variant (a) as printed for every formula (thm20a_paper)
    assert coverage(registry.get("quarks.thm4.2-degree-zero")) == "checked"
