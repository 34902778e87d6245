"""check-cert checks files in parallel confined children (quarks.checking.batch.Pool), and the Python API
(quarks.check_certificates) checks them with the same batches: the same results, in the order of the files."""
from __future__ import annotations

import json
from dataclasses import asdict

import pytest

import quarks
from quarks.checking import batch
from quarks.cli import main

CLAIMS = ("quarks.taxonomy", "quarks.eq4.5", "navon.integer-optimum")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    out = tmp_path_factory.mktemp("parallel")
    rep = quarks.verify(*CLAIMS, tier="quick", store=out / "r.sqlite", out=out / "c", jobs=1)
    assert rep.exit_code == 0
    return out / "c"


def _cli(made, capsys, *flags):
    capsys.readouterr()
    code = main(["check-cert", "--json", *flags, str(made)])
    return code, json.loads(capsys.readouterr().out)


@pytest.fixture
def children(monkeypatch):
    """How many checking children were started."""
    started: list = []
    start = batch.Checker._start

    def counted(self, limits):
        started.append(1)
        return start(self, limits)

    monkeypatch.setattr(batch.Checker, "_start", counted)
    return started


def test_the_api_checks_in_batches_with_the_clis_results(made, capsys, children):
    code, cli = _cli(made, capsys, "--jobs", "1")
    assert code == 0 and len(cli) > 5 and all(r["ok"] and r["bound"] for r in cli)
    from_cli = len(children)
    api = [asdict(r) for r in quarks.check_certificates(made, jobs=1, progress=False)]
    assert api == cli                                    # the same results, field by field, in the same order
    assert len(children) - from_cli < len(api)           # batches: fewer children than files (one a file before)


def test_the_results_do_not_depend_on_the_number_of_children(made, capsys):
    _, one = _cli(made, capsys, "--jobs", "1")
    _, three = _cli(made, capsys, "--jobs", "3")
    assert three == one
    rederived = [asdict(r) for r in quarks.check_certificates(made, rederive=True, jobs=2, progress=False)]
    assert [(r["path"], r["ok"], r["bound"]) for r in rederived] == [(r["path"], r["ok"], r["bound"]) for r in one]


def test_jobs_must_be_positive(made, capsys):
    assert main(["check-cert", "--jobs", "0", str(made)]) == 2
    with pytest.raises(quarks.UsageError):
        quarks.check_certificates(made, jobs=0)
