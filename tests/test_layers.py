"""The layers: one list (the import-linter contract), folders not modules, and the notes follow it."""
import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")   # Python 3.11+

ROOT = Path(__file__).resolve().parents[1]


def contract_layers() -> list[list[str]]:
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text())
    layers = cfg["tool"]["importlinter"]["contracts"][0]["layers"]
    return [[name.strip().removeprefix("quarks.") for name in layer.split(":")] for layer in layers]


def test_every_unit_of_the_package_is_on_one_layer():
    """Each folder of quarks/ (and api.py) is named by the contract exactly once; nothing else is a module."""
    named = [u for layer in contract_layers() for u in layer]
    assert len(named) == len(set(named))
    package = ROOT / "quarks"
    folders = {p.name for p in package.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    modules = {p.stem for p in package.glob("*.py")} - {"__init__", "__main__"}
    assert set(named) == folders | modules
    assert modules == {"api"}


def test_notes_list_the_layers_in_the_contracts_order():
    text = (ROOT / "notes" / "README.md").read_text()
    table = text[text.index("## Layers"):text.index("## The checker")]
    rows = [re.findall(r"`([a-z_]+)(?:/|\.py)`", line.split("|")[1]) for line in table.splitlines()
            if line.startswith("| `")]
    assert rows == contract_layers()
