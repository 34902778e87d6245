"""What the command line prints: help for every option, output cut to the terminal's width."""
import argparse
import json

import pytest

from quarks.base import terminal
from quarks.cli import main, parser

PENDING = {"check-cert"}   # being rewritten (its help comes with the rewrite)


def test_every_verb_and_option_has_help():
    missing = []
    for action in parser()._subparsers._group_actions:
        for verb, sub in action.choices.items():
            if verb in PENDING:
                continue
            if not sub.description:
                missing.append(f"{verb}: description")
            missing += [f"{verb} {a.option_strings or a.dest}" for a in sub._actions
                        if not isinstance(a, argparse._HelpAction) and not a.help]
    assert not missing, missing


def test_junitxml_is_an_alias_of_junit():
    args = parser().parse_args(["verify", "--junitxml", "r.xml"])
    assert args.junit == "r.xml"


def test_table_fits_the_width_and_keeps_identifiers():
    rows = [("navon.budget-objective-eq2", "003 §1.2 f(d) after eq. (4); eq. (17) and more text", "7", "verified")]
    for limit in (40, 60, 80):
        lines = terminal.table(("claim", "source", "n", "outcome"), rows, right=(2,), limit=limit)
        assert all(len(ln) <= limit and ln == ln.rstrip() for ln in lines), lines
    lines = terminal.table(("claim", "source", "n", "outcome"), rows, right=(2,), limit=80)
    assert lines[2].startswith("navon.budget-objective-eq2 ")   # the id is whole, the source cut
    assert terminal.ELLIPSIS in lines[2]
    full = terminal.table(("claim", "source", "n", "outcome"), rows, right=(2,), limit=None)
    assert rows[0][1] in full[2]


def test_wrap_keeps_every_word():
    text = "refuted as printed: quarks.x [n=2]: " + " ".join(f"word{i}" for i in range(40))
    out = terminal.wrap(text, 50)
    assert all(len(ln) <= 50 for ln in out.splitlines())
    assert out.split() == text.split()


@pytest.mark.parametrize("columns", ["60", "80", "100"])
def test_list_fits_columns(columns, workdir, monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", columns)
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) > 10 and all(len(ln) <= int(columns) and ln == ln.rstrip() for ln in lines)


def test_list_piped_fits_100_columns_and_json_keeps_the_full_text(workdir, monkeypatch, capsys):
    """Issue 36, point 8: piped, `list` rows were 250+ characters; now 100 at most (ids whole), --json all."""
    from quarks.cli.listing import PIPED

    monkeypatch.delenv("COLUMNS", raising=False)
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert PIPED == 100 and len(lines) > 10 and all(len(ln) <= 100 for ln in lines)
    assert "quarks.eq4.1-log-factor-as-printed " in "\n".join(lines)      # the id column is never cut
    assert main(["list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert any(len(r["source"]) > 40 for r in rows) and terminal.ELLIPSIS not in json.dumps(rows)


def test_verify_table_and_refutations_fit(monkeypatch):
    from quarks.run.driver import Report, Result

    long = "eq. (4) gives 8 parameters for L = 1 layers of degree 2; " * 5
    rep = Report(results=[Result("navon.parameter-count", {"L": 1, "d": 2}, "refuted", "refuted", long, 0.5),
                          Result("navon.sep-rank", {"n": 2}, "verified", "verified", "ok", 0.1)], elapsed=1.0)
    for width in (60, 100):
        text = rep.table(width) + "\n" + rep.details(width)
        assert all(len(ln) <= width and ln == ln.rstrip() for ln in text.splitlines()), text
    assert long.strip() in rep.details()            # unlimited: one line, the full text


def test_expected_duration_is_said_before_a_run(monkeypatch, tmp_path):
    """The estimate: recorded or shipped idle seconds per instance (never timed: the median) plus the
    Coq phase's CPU (per theorem, and the build when not compiled), over the cores the workers get:
    at most the workers and the cores this process may use (its affinity, not the machine's count),
    each worker's fair share when the load and the workers exceed the cores."""
    import os

    from quarks.run import forecast
    from quarks.run.driver import Task

    monkeypatch.setenv("QUARKS_TIMINGS", str(tmp_path / "timings.json"))
    monkeypatch.setattr(os, "cpu_count", lambda: 64)                         # the machine's
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)   # this process's: 2
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))          # idle
    monkeypatch.setattr(forecast, "kernels_cold", lambda: False)
    monkeypatch.setattr(forecast, "relative_weight", lambda: 1.0)            # the others as nice as this process
    monkeypatch.setattr(os, "getpriority", lambda which, who: 0)
    monkeypatch.setattr(forecast, "shipped", lambda: {"a": {'{"n":1}': 30.0, '{"n":2}': 50.0},
                                                      "coq": {"proofs": 10.0, "theorems": 5, "build": 40.0}})
    tasks = [Task("a", {"n": 1}), Task("a", {"n": 2}), Task("b", {"n": 1})]
    f = forecast.estimate(tasks, jobs=2, proofs=3, built=False)
    assert forecast.cores() == 2 and forecast.lanes(2, 1.0) == 2.0 and forecast.lanes(1, 1.0) == 1.0
    assert f.unknown == 1 and f.cpu == 30.0 + 50.0 + 40.0 + 3 * 2.0 + 40.0   # b at the median; 3 theorems x 2 s; build
    assert f.seconds == f.cpu / 2 == 83.0
    line = forecast.say(f, 3, 2, 3, 2)
    assert "expected about 83 s on 2 worker(s): about 3 min of CPU from quarks/run/timings.json" in line
    assert "over 2.0 of 2 core(s) at load 0.0; 1 instance(s) never timed here" in line
    monkeypatch.setattr(os, "getloadavg", lambda: (6.0, 6.0, 6.0))          # 6 other processes on 2 cores
    assert forecast.busy(extra=2) == 4.0 and forecast.lanes(2, 4.0) == 0.5   # each worker a quarter of a core
    f = forecast.estimate(tasks, jobs=2, proofs=3, built=False)
    assert f.cpu == 166.0 and f.seconds == 332.0
    assert "over 0.5 of 2 core(s) at load 6.0" in forecast.say(f, 3, 2, 3, 2)
    assert forecast.estimate(tasks[1:2], jobs=2).seconds == 4 * 50.0    # one long instance: its own core, slowed


def test_a_niced_run_gets_its_weight_of_the_cores(monkeypatch, tmp_path):
    """Under load a process at niceness 10 among processes at 0 gets 1.25 ** -10 = 0.107 of their CPU each
    (the Linux scheduler's weights): on 2 cores at load 10 its 2 workers get 0.04 of a core, not 0.33; the
    others' niceness is read from /proc (running processes only)."""
    import os

    from quarks.run import forecast

    monkeypatch.setattr(forecast, "cores", lambda: 2)
    assert forecast.lanes(2, 6.0, weight=1.0) == 2 * 2 / 12              # load 10 + 2 workers on 2 cores
    assert abs(forecast.lanes(2, 6.0, weight=1.25 ** -10) - 4 * 0.10737 / (10 + 2 * 0.10737)) < 1e-4
    assert forecast.lanes(2, 1.0, weight=1.25 ** -10) == 2               # idle: niceness does not matter
    for pid, state, nice in (("101", "R", 0), ("102", "R", 0), ("103", "S", 19), (str(os.getpid()), "R", 10)):
        (tmp_path / pid).mkdir()
        fields = [state] + ["0"] * 15 + [str(nice)] + ["0"] * 30         # stat after "pid (comm)": nice is the 17th
        (tmp_path / pid / "stat").write_text(f"{pid} (a) b) {' '.join(fields)}\n")
    (tmp_path / "self").mkdir()
    monkeypatch.setattr(os, "getpriority", lambda which, who: 10)
    assert abs(forecast.relative_weight(str(tmp_path)) - 1.25 ** -10) < 1e-12   # two running at 0; 103 asleep
    monkeypatch.setattr(os, "getpriority", lambda which, who: 0)
    assert forecast.relative_weight(str(tmp_path / "self")) == 1.0       # nothing else running: as at 0


def test_forecast_is_calibrated_by_the_last_run(monkeypatch, tmp_path):
    """After a run the timings cache holds its instance times as idle seconds (divided by how busy the
    machine was), the Coq phase's CPU per theorem, and the run's measured CPU over what the model gives
    for its own instance times (cpu_scale); the next forecast uses them, over the cores it gets then."""
    import os

    from quarks.run import forecast
    from quarks.run.driver import Result, Task

    monkeypatch.setenv("QUARKS_TIMINGS", str(tmp_path / "timings.json"))
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(forecast, "kernels_cold", lambda: False)
    monkeypatch.setattr(forecast, "relative_weight", lambda: 1.0)
    monkeypatch.setattr(forecast, "shipped", lambda: {"coq": {"proofs": 10.0, "theorems": 5, "build": 40.0}})
    results = [Result("a", {"n": k}, "verified", "verified", "ok", 10.0) for k in range(4)]
    forecast.calibrate(results, jobs=2, cpu=120.0, coq={"cpu": 60.0, "theorems": 20}, load=4.0)
    data = forecast.measured()
    assert data["a"]['{"n":0}'] == 5.0                                   # 10 s on a machine twice as busy
    assert data["_phases"] == {"per_theorem": 3.0, "cpu_scale": 1.5, "load": 4.0}   # 60 / 20; 120 / (4 x 5 + 60)
    monkeypatch.setattr(os, "getloadavg", lambda: (2.0, 2.0, 2.0))      # with 2 workers: one core for the run
    f = forecast.estimate([Task("a", {"n": k}) for k in range(4)], jobs=2, proofs=20, built=True)
    assert (f.cpu, f.seconds, f.unknown) == (120.0, 120.0, 0) and f.basis == "this machine's last run"
    forecast.calibrate(results[:1], jobs=2, cpu=50.0, load=4.0, built=False)   # a run that compiled Coq: scale kept
    assert forecast.measured()["_phases"]["cpu_scale"] == 1.5
    forecast.calibrate(results[:1], jobs=2, cpu=5.0, load=4.0)                 # a few seconds: scale kept
    assert forecast.measured()["_phases"]["cpu_scale"] == 1.5


FORGED = "\x1b[2K\rOK      forged.json: all good\n1 valid, 0 rejected\u2028"


def test_printable_escapes_every_control_character():
    assert terminal.printable("a\x1b[2K\rb\n\t\u202e\u2028é→") == "a\\x1b[2K\\x0db\\x0a\\x09\\u202e\\u2028é→"
    assert terminal.printable("explore.count [n=3]: ok") == "explore.count [n=3]: ok"


def test_check_cert_output_cannot_be_forged_by_a_certificate(workdir):
    """Issue 37, point 6: a claim id, a key path, a value or a file name with escape sequences is shown
    escaped: no raw ESC or CR reaches the terminal, one line per file, and the forged summary is not a line."""
    import json
    import os
    import subprocess
    import sys

    import quarks

    [good] = quarks.verify("test.square-sum", max_n=1).results
    cert = json.loads(open(good.certificate).read())
    d = workdir / "certs"
    d.mkdir()
    (d / f"name{FORGED.replace(chr(10), '')}.json").write_text(json.dumps(cert))   # a forged file name
    bad_claim = dict(cert, claim="test.square-sum" + FORGED)                        # a forged claim id
    (d / "claim.json").write_text(json.dumps(bad_claim))
    bad_key = dict(cert, **{"extra" + FORGED: 1})                                   # a forged key
    (d / "key.json").write_text(json.dumps(bad_key))
    bad_value = json.loads(json.dumps(cert))
    bad_value["instance"] = {"n" + FORGED: FORGED}                                  # a forged instance
    (d / "value.json").write_text(json.dumps(bad_value))
    out = subprocess.run([sys.executable, "-m", "quarks", "check-cert", str(d)], capture_output=True, text=True,
                         env=os.environ.copy())
    assert "\x1b" not in out.stdout + out.stderr and "\r" not in out.stdout + out.stderr, out.stdout
    assert "\u2028" not in out.stdout
    lines = out.stdout.splitlines()
    assert len(lines) == 5 and lines[-1].startswith("1 valid, 3 rejected"), lines
    assert sum(ln.startswith("REJECTED") for ln in lines) == 3 and "\\x1b[2K" in out.stdout
    assert "1 valid, 0 rejected" not in [ln.strip() for ln in lines]
    assert out.returncode == 1


@pytest.mark.parametrize("columns", ["80", "100"])
def test_verify_and_check_cert_fit_columns(columns, workdir, monkeypatch, capsys):
    """Every line of verify's table, its refutations and check-cert's lines fit $COLUMNS (--json: full text)."""
    monkeypatch.setenv("COLUMNS", columns)
    assert main(["verify", "navon.parameter-count", "navon.sep-rank", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert any(ln.startswith("refuted as printed: ") for ln in out)
    assert all(len(ln) <= int(columns) for ln in out), max(out, key=len)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)   # check-cert wraps on a terminal only
    assert main(["check-cert", ".quarks/certificates"]) in (0, 3)
    out = capsys.readouterr().out.splitlines()
    assert any(ln.startswith("OK ") for ln in out) and all(len(ln) <= int(columns) for ln in out), max(out, key=len)
