"""Bad input gets one line on stderr naming the problem and exit code 2, never a traceback, and
nothing half-written (issue: a first hour without surprises)."""
import os
import subprocess
import sys

import pytest


def _run(args, cwd, env=None):
    return subprocess.run([sys.executable, "-m", "quarks", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=300)


@pytest.fixture
def place(tmp_path):
    (tmp_path / "notsql.sqlite").write_text("hello")
    (tmp_path / "adir").mkdir()
    (tmp_path / "afile").write_text("x")
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    yield tmp_path
    ro.chmod(0o755)


BAD = [
    (["verify", "navon.integer-optimum", "--store", "notsql.sqlite"], "not a quarks results database"),
    (["list", "--store", "notsql.sqlite"], "not a quarks results database"),
    (["show", "navon.integer-optimum", "--store", "notsql.sqlite"], "not a quarks results database"),
    (["show", "navon.integer-optimum", "--store", "adir"], "is a directory"),
    (["list", "--store", "adir"], "is a directory"),
    (["verify", "navon.integer-optimum", "--out", "afile/x"], "is a file, not a directory"),
    (["verify", "navon.integer-optimum", "--store", "nonexistent/dir/x.sqlite"], "does not exist"),
    (["verify", "navon.integer-optimum", "--executor", "dask", "--scheduler", "tcp://127.0.0.1:1"], "cannot connect"),
    (["verify", "navon.integer-optimum", "--scheduler", "tcp://127.0.0.1:1"], "--scheduler needs --executor dask"),
    (["ltl", "Y a", "--string", "ab", "--save", "afile/x.json"], "is a file, not a directory"),
    (["capacity", "plot", "--max-n", "2", "--out", "afile/x.png"], "is a file, not a directory"),
    (["temperature", "plot", "--out", "afile/x.png"], "is a file, not a directory"),
    (["refute", "quarks.thm4.2", "--out", "afile/r"], "is a file, not a directory"),
    (["realize", "0001", "--n", "0"], "has 4 digit(s)"),
    (["check-cert", "nonexistent.json"], "no such file"),
    (["prove", "no.such-claim"], "no claim"),
]


@pytest.mark.parametrize("args,message", BAD, ids=[" ".join(a[:3]) for a, _ in BAD])
def test_bad_input_is_one_line_and_exit_2(place, args, message):
    before = sorted(p.name for p in place.rglob("*"))
    out = _run(args, place)
    assert out.returncode == 2, (out.returncode, out.stderr[-500:])
    assert "Traceback" not in out.stderr
    lines = [ln for ln in out.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and message in lines[0], lines
    assert sorted(p.name for p in place.rglob("*")) == before  # nothing written


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only directories")
def test_read_only_directory(place):
    out = _run(["verify", "navon.integer-optimum", "--out", "ro/c"], place)
    assert out.returncode == 2 and "not writable" in out.stderr


def test_check_cert_reports_every_file_and_empty_is_exit_2(place):
    out = _run(["check-cert", "adir"], place)   # bad input (issue 50): no certificate under the paths
    assert out.returncode == 2 and "nothing to check" in out.stderr
    (place / "adir" / "a.json").write_text("{not json")
    (place / "adir" / "b.json").write_text('{"schema": "other"}')
    out = _run(["check-cert", "adir"], place)
    assert out.returncode == 1 and out.stdout.count("REJECTED") == 2 and "0 valid, 2 rejected" in out.stdout


def test_sigpipe_is_quiet(place):
    p = subprocess.run(f"{sys.executable} -m quarks list | head -1", shell=True, cwd=place, capture_output=True,
                       text=True)
    assert "BrokenPipe" not in p.stderr and "Traceback" not in p.stderr


def test_plots_default_to_the_current_directory():
    from quarks.cli import capacity, temperature

    assert "/" not in capacity.DEFAULT_PNG and "/" not in temperature.DEFAULT_PNG


def test_markdown_table_headers_escape_bars():
    from quarks.cli.capacity import tables

    head = [ln for ln in tables(2).splitlines() if ln.startswith("| n | lower")][0]
    cells = [c for c in head.replace("\\|", "").split("|")]
    assert len(cells) - 2 == 13  # n, lower, ten operators, upper


def test_json_outputs(place):
    import json

    ltl = _run(["ltl", "Y a", "--string", "ab", "--json"], place)
    cert = json.loads(ltl.stdout)
    assert ltl.returncode == 0 and cert["claim"] == "explore.ltl" and cert["data"]["answer"] == "agrees"
    assert cert["evidence"][0]["result"]["hard"] == [0, 1]
    cap = _run(["capacity", "table", "--max-n", "2", "--json"], place)
    assert json.loads(cap.stdout)[1]["sizes"]["AND"] == 16
    tem = _run(["temperature", "table", "--max-n", "3", "--json"], place)
    assert {r["construction"] for r in json.loads(tem.stdout)} >= {"Y", "S"}
