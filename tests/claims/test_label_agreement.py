"""Every view prints the one label of quarks.claims.labels.label, for every registered claim (issue 48)."""
import io
import json
from argparse import Namespace
from contextlib import redirect_stdout

import pytest

from quarks.claims import labels, registry
from quarks.claims.claim import Source

CLAIMS = list(registry.listed().values())


def _cell(text: str) -> str:
    return text.replace("|", "&#124;")


def _row(table: str, claim_id: str) -> str:
    return next(line for line in table.splitlines() if f"`{claim_id}`" in line)


def test_every_view_prints_the_same_label(tmp_path):
    from quarks import api
    from quarks.cli import claims_table, listing
    from quarks.report import ClaimRow, Entry
    from quarks.run.driver import Report, Result

    readme, coverage = claims_table.markdown(), claims_table.coverage_markdown(include_test=True)
    out = io.StringIO()
    with redirect_stdout(out):   # no store here: the expected outcome of each claim
        listing.run(Namespace(patterns=[], store=str(tmp_path / "none.sqlite"), json=True))
    listed = {r["id"]: r["expected"] for r in json.loads(out.getvalue())}
    results, rows = [], []
    for c in CLAIMS:
        full = c.instances_for("full") or [{}]
        results += [Result(c.id, i, c.expected, c.expected, "", 0.0) for i in full]
        rows.append(ClaimRow(c.id, str(c.source), c.source.key, c.statement, c.kind, c.expected,
                             [Entry(c.id, i, c.expected, c.expected, "", 0.0, "0", "") for i in full], c,
                             {"status": "proved"} if c.coq else None))
    report = Report(results=results, proofs=[{"claim": c.id, "status": "proved"} for c in CLAIMS if c.coq])
    verify_table = {r["claim"]: r["outcome"] for r in report.summary_rows()}
    for c, row in zip(CLAIMS, rows):
        want = labels.label(c).text
        assert f"| {_cell(want)} |" in _row(readme, c.id), c.id
        assert f"| {_cell(want)} |" in _row(coverage, c.id), c.id
        assert listed[c.id] == want, c.id
        assert api.show(c.id, store=tmp_path / "none.sqlite")["label"] == want, c.id
        assert row.outcome == want, c.id                       # the report: Markdown and HTML print row.outcome
        assert verify_table[c.id] == want, c.id


def test_show_prints_the_label_and_proved_in_part(capsys, tmp_path):
    from quarks.cli import show

    for cid in ("yang.srasp",):
        c = registry.get(cid)
        show.run(Namespace(id=cid, store=str(tmp_path / "none.sqlite"), json=False))
        text = capsys.readouterr().out
        assert f"label: {labels.label(c).text}" in text
        assert labels.label(c).text.startswith("proved in part; not proved: ")
        assert "proved in part (not proved: " in text and "proved for all parameters in Coq" not in text


def test_labels_say_how():
    get = registry.get
    assert labels.label(get("quarks.sm-universality")).text == "verified on n <= 4"
    assert labels.label(get("navon.pointwise-errors")).text == "checked on 400 random instances (seeds 1, 2)"
    assert labels.label(get("navon.pointwise-errors"), {"verified"},
                        get("navon.pointwise-errors").instances_for("quick")).text == \
        "checked on 20 random instances (seed 1)"
    assert labels.label(get("quarks.self-attention-equivariance")).text.startswith("checked on 1600 random instances")
    eq42 = labels.label(get("quarks.eq4.2")).text
    assert "n <= 7" in eq42 and "n = 8, 9: reference value (OEIS A000609), not computed here" in eq42
    assert labels.label(get("quarks.count-t5-2")).text == "verified"   # its statement is its domain
    assert labels.label(get("yang.srasp")).coverage == "proved in part"
    assert labels.label(get("yang.thm20")).coverage == "proved"   # variant (a) as printed: thm20a_paper
    assert labels.label(get("yang.thm12"), proof=None).text.endswith("(Coq: not run)")


def test_trust_lines():
    zuev = registry.get("quarks.eq4.1-zuev-n2")
    ref = labels.trust_line(zuev, {"n": 9, "d": 1, "source": "reference"}, "witness")
    assert "reference value (OEIS A000609), not computed here" in ref and "witnesses checked exactly" not in ref
    assert labels.trust_line(zuev, {"n": 5, "d": 1}, "witness") == "witnesses checked exactly"
    pw = registry.get("navon.pointwise-errors")
    assert labels.trust_line(pw, {"samples": 20, "points": 4, "seed": 1}, "witness").endswith(
        "; 20 random instances (seed 1)")
    srasp = registry.get("yang.srasp")
    assert "proved in part; not proved: " in labels.trust_line(srasp, {"proof": "coq"}, "coq")


@pytest.mark.parametrize("cid", ["quarks.gate-products", "navon.pointwise-errors"])
def test_check_cert_line_prints_the_label(cid, tmp_path, capsys):
    from quarks.certificates import certificate
    from quarks.cli import check_cert

    c = registry.get(cid)
    inst = c.instances_for("quick")[0]
    path = certificate.write(certificate.build(c, inst, c.run(inst)), tmp_path / "c.json")
    args = Namespace(paths=[str(path)], json=False, evidence_only=False, rederive=False, coq=False,
                     time_limit=None, memory_limit=None, read_limit=None, total_time=None, jobs=None)
    check_cert.run(args)
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith("OK") and f"[label: {labels.instance_label(c, c.expected, inst)}]" in line
    assert f"[trust: {labels.trust_line(c, inst, 'witness')}]" in line or "[trust: SymPy" in line


def test_reference_certificate_never_reads_witnesses_checked_exactly(tmp_path, capsys):
    from quarks.certificates import certificate
    from quarks.cli import check_cert

    c = registry.get("quarks.eq4.1-zuev-n2")
    inst = {"n": 9, "d": 1, "source": "reference"}
    path = certificate.write(certificate.build(c, inst, c.run(inst)), tmp_path / "c.json")
    check_cert.run(Namespace(paths=[str(path)], json=False, evidence_only=False, rederive=False, coq=False,
                             time_limit=None, memory_limit=None, read_limit=None, total_time=None, jobs=None))
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith("OK") and "reference value (OEIS A000609), not computed here" in line
    assert "witnesses checked exactly" not in line


def test_a_claim_of_ones_own_gets_the_same_label():
    from quarks.claims.claim import Claim, Verdict

    c = Claim(id="test.mine", source=Source("my notes"), statement="s", latex="s", kind="finite",
              instances={"quick": [{"n": 2}], "full": [{"n": 3}]}, check=lambda i: Verdict.verified("ok"))
    assert c.expected_label() == labels.label(c).text == "verified on n <= 3"


def test_a_coq_proof_certificate_of_a_claim_proved_in_part_says_so():
    from quarks.checking.binding import proof_verdict

    for cid in ("yang.srasp",):
        c = registry.get(cid)
        summary = proof_verdict(c, {"kind": "coq"}).summary
        assert summary.startswith("proved in part in Coq") and "for all parameters" not in summary
    assert proof_verdict(registry.get("yang.thm12"), {"kind": "coq"}).summary.startswith("proved in Coq for all parameters")
    # since LTLSection6.v, the applications claim states only what Coq proves; the Python rule is its own claim
    assert proof_verdict(registry.get("yang.section6-applications"), {"kind": "coq"}).summary.startswith(
        "proved in Coq for all parameters")
    assert not registry.get("yang.section6-rule").coq
