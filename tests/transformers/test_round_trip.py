"""Issue 51: a quarks export goes through import, check and certificate like anyone else's transformer:
a compiled network exported as a TransformerLens HookedTransformer is read back by
quarks.load_transformer, checked soft against hard, and its certificate is re-checked by check-cert
(a tampered one rejected)."""
import json

import pytest

pytest.importorskip("torch", reason="torch not installed (pip install torch==2.13.0 'quarks[torch]')")
pytest.importorskip("transformer_lens", reason="transformer_lens not installed (pip install 'quarks[transformer-lens]')")

import quarks  # noqa: E402
from quarks.transformers.export import export  # noqa: E402

pytestmark = pytest.mark.heavy   # importing transformer_lens alone takes about 8 s of CPU

SOURCES = [{"formula": "!b S a", "alphabet": "ab", "variant": "causal-temperature"},
           {"program": "flipflop", "max_len": 4}]


@pytest.mark.parametrize("source", SOURCES, ids=lambda s: s.get("formula") or s["program"])
def test_exported_network_imported_checked_and_certified(source, tmp_path):
    lens = export(source, torch_module=False, lens_length=4).lens
    w = quarks.load_transformer(lens)
    assert w["format"] == "quarks-weights/1" and len(w["layers"]) >= 1
    report = quarks.soft_hard(lens, max_len=4, out=tmp_path / "c.json")
    thm = report["theorem26"]
    assert thm["applies"] and thm["result"]["counts"]["disagree"] == 0 and thm["result"]["counts"]["undecided"] == 0
    results = quarks.check_certificates(tmp_path)
    assert len(results) == 2 and all(r.ok and r.bound for r in results)
    cert = json.loads((tmp_path / "c.json").read_text())
    cert["instance"]["max_len"] = 3   # a verdict bound to another instance than its evidence
    (tmp_path / "c.json").write_text(json.dumps(cert))
    bad = [r for r in quarks.check_certificates(tmp_path) if r.path.endswith("c.json")]
    assert bad and not bad[0].ok
