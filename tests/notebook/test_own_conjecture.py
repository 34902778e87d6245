"""examples/own_conjecture.ipynb runs top to bottom: a claim of one's own stated, verified, its
false variant refuted, exported to Coq, and its certificates re-checked in a second directory."""
import re
from pathlib import Path

import pytest

nbclient = pytest.importorskip("nbclient")
nbformat = pytest.importorskip("nbformat")
pytest.importorskip("ipykernel")

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "own_conjecture.ipynb"


def test_own_conjecture_notebook_runs(tmp_path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    code = [c for c in nb.cells if c.cell_type == "code"]
    html = ["\n".join(o["data"]["text/html"] for o in c.outputs if "text/html" in o.get("data", {})) for c in code]
    text = ["".join(o.get("text", "") for o in c.outputs if o["output_type"] == "stream") for c in code]
    assert "conjecture.monotone-small" in html[2] and "my notebook" in html[2]          # the claim
    report = re.sub(r"<[^>]+>", " ", html[3])
    assert re.search(r"conjecture\.monotone-small\s+3\s+3\s+0\s+0\s+0", report) and "verified" in report
    assert re.search(r"conjecture\.monotone\s+1\s+0\s+1\s+0\s+0", report) and "refuted as printed" in report
    assert "0xeac0" in html[4] and "not in T(4;1)" in html[4]                            # the counterexample
    assert "Farkas" in html[5] or "multipliers" in html[5]
    assert "29 theorem(s) written to coq" in html[6]                                      # 3 + 6 + 20 monotone functions
    assert "Theorem" in text[7] and "\\in T" in text[7]
    assert text[8].startswith("OK ") and "conjecture.monotone [n=4]: refuted" in text[8]   # in the colleague's directory
    assert "1 valid, 0 rejected" in text[8]
    assert "valid" in html[9]
    assert text[10].startswith("REJECTED") and "is not the one that wrote the certificate" in text[10]
    assert not (Path(NOTEBOOK.parent) / "conjecture.py").exists()                         # examples/ untouched
