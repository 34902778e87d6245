import os
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
ROOT = TESTS.parent
sys.path.insert(0, str(TESTS))
os.environ["QUARKS_EXTRA_CLAIMS"] = "fake_claims"
os.environ.pop("QUARKS_HOME", None)   # the default store and certificates: .quarks/ of each test's directory
os.environ["PYTHONPATH"] = os.pathsep.join([str(TESTS), str(ROOT), os.environ.get("PYTHONPATH", "")])


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """One test process per core (``-n auto --dist loadfile``: a file's tests in one process, so module
    fixtures are built once) when pytest-xdist is installed and no ``-n`` is given; plain pytest
    without it (``pip install quarks`` has no test extra)."""
    if (config.pluginmanager.hasplugin("xdist") and config.getoption("numprocesses", None) is None
            and "PYTEST_XDIST_WORKER" not in os.environ and not config.getoption("collectonly", False)):
        config.option.numprocesses = "auto"
        if config.option.dist == "no":
            config.option.dist = "loadfile"


@pytest.fixture(autouse=True, scope="session")
def notebook_renderings():
    """The notebook renderings, as a Jupyter session has them (quarks.notebook)."""
    from quarks import notebook

    notebook.attach()


@pytest.fixture(autouse=True, scope="session")
def own_timings(tmp_path_factory):
    """The timings a test run measures do not calibrate the user's forecasts (quarks.base.home)."""
    os.environ["QUARKS_TIMINGS"] = str(tmp_path_factory.mktemp("timings") / "timings.json")


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """Run in a fresh directory: the default store and certificates land there."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def pytest_collection_modifyitems(config, items):
    """Tests marked ``coq`` need coqc: skipped without it, except under CI=true, where they fail."""
    import shutil

    if shutil.which(os.environ.get("QUARKS_COQC", "coqc")) or os.environ.get("CI") == "true":
        return
    skip = pytest.mark.skip(reason="coqc not installed (apt-get install coq libcoq-mathcomp ...)")
    for item in items:
        if "coq" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def package_proofs():
    """The package's Coq theories, compiled once per session (through the build cache)."""
    from quarks.certify import coq_gate

    b = coq_gate.build()
    assert b.ok, b.error
    return b


@pytest.fixture(autouse=True)
def fresh_check_run():
    """Each test's binding.check_file calls are one check-cert run: the re-derivations made by an earlier
    test of the same process (with its own claims, mutated or monkeypatched), and their digests, bind
    nothing (a check forked later inherits none of them)."""
    from quarks.checking import obligations

    obligations.reset()
    yield
