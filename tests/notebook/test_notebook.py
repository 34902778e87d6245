"""The example notebook runs top to bottom and its outputs are the rich tables (extra `notebook`)."""
import shutil
from pathlib import Path

import pytest

nbclient = pytest.importorskip("nbclient")
nbformat = pytest.importorskip("nbformat")
pytest.importorskip("ipykernel")

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "tour.ipynb"
pytestmark = pytest.mark.heavy   # about a minute: CI runs it (pytest -m heavy)


def test_tour_notebook_runs(tmp_path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    shutil.copy(NOTEBOOK, tmp_path / "tour.ipynb")
    client = nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    html = [o["data"]["text/html"] for c in nb.cells if c.cell_type == "code"
            for o in c.get("outputs", []) if "data" in o and "text/html" in o["data"]]
    text = "\n".join(html)
    assert "refuted as printed" in text                    # the Result of thm4.3-lower-as-printed
    assert "Function set" in text and "55,692" in text     # T(4;2) - T(4;1)
    assert "arXiv" in text and "NavonOptimum.v" in text    # the Claim with its Coq theorems
    assert "Certificate check" in text
