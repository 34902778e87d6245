import os
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
ROOT = TESTS.parent
sys.path.insert(0, str(TESTS))
os.environ["QUARKS_EXTRA_CLAIMS"] = "fake_claims"
os.environ["PYTHONPATH"] = os.pathsep.join([str(TESTS), str(ROOT), os.environ.get("PYTHONPATH", "")])


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """Run in a fresh directory: the default store and certificates land there."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
