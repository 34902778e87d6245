"""Every exploration verb's --out certificate is accepted by check-cert, bound to the question asked,
and a mutated copy (another question, another witness, another answer) is rejected."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import quarks
from quarks.cli import main

ROOT = Path(quarks.__file__).resolve().parents[1]


def _check(path: Path, capsys) -> int:
    capsys.readouterr()
    code = main(["check-cert", str(path)])
    capsys.readouterr()
    return code


def _mutated(path: Path, change) -> Path:
    cert = json.loads(path.read_text())
    change(cert)
    out = path.with_name("mutated." + path.name)
    out.write_text(json.dumps(cert))
    return out


def _set_table(t):
    def change(c):
        c["instance"]["table"] = t
        for r in c["evidence"]:
            r["table"] = t
    return change


def _set_weight(c):
    c["evidence"][0]["weights"][0] += 1


def _set_answer(c):
    c["data"]["answer"] = 1 + c["data"]["answer"] if isinstance(c["data"]["answer"], int) else "no"


CASES = [
    (["realize", "0001"], "explore.realize", [_set_table("0x1"), _set_weight, _set_answer]),
    (["realize", "0110"], "explore.realize", [_set_table("0x9"), _set_answer]),
    (["decompose", "0110", "--op", "AND"], "explore.decompose",
     [_set_table("0x9"), lambda c: c["evidence"][0]["operands"][0]["weights"].__setitem__(0, 5),
      lambda c: c["instance"].__setitem__("operator", "0111")]),
    (["decompose", "0x6996", "--op", "AND"], "explore.decompose", [_set_answer]),
    (["classes", "T(3;2) - T(3;1)", "--count"], "explore.classes",
     [lambda c: c["instance"].__setitem__("expression", "T(3;2) - T(3;0)"), _set_answer]),
    (["classes", "all(3) - T_AND(3;1,1)", "--list"], "explore.classes",
     [lambda c: c["evidence"][0]["result"]["tables"].pop()]),
    (["count", "--n", "4"], "explore.count",
     [lambda c: c["instance"].__setitem__("n", 5), lambda c: c["evidence"][0]["result"].__setitem__("count", 1883)]),
    (["ltl", "!b S a", "--string", "abba"], "explore.ltl",
     [lambda c: c["instance"].__setitem__("string", "abbb"), _set_answer]),
    (["ltl", "ODD(#left[a])", "--check-up-to", "4"], "explore.ltl",
     [lambda c: c["instance"].__setitem__("max_len", 5)]),
    (["estimate", "--n", "5", "--paths", "4", "--runs", "3"], "explore.estimate",
     [lambda c: c["instance"]["runs"][0].__setitem__(0, 8), _set_answer,
      lambda c: c["evidence"][0]["result"]["numerators"].__setitem__(0, "1"),
      lambda c: c["data"].__setitem__("ci95", [0, 1e30])]),
]


@pytest.mark.parametrize("argv,claim,mutations", CASES, ids=[" ".join(c[0]) for c in CASES])
def test_out_certificate_checks_and_mutations_are_rejected(tmp_path, capsys, argv, claim, mutations):
    path = tmp_path / "answer.json"
    assert main([*argv, "--out", str(path)]) == 0
    assert f"certificate written to {path}" in capsys.readouterr().out
    cert = json.loads(path.read_text())
    assert cert["claim"] == claim and cert["verdict"] == "verified" and cert["kind"] == "exploration"
    assert _check(path, capsys) == 0
    for change in mutations:
        assert _check(_mutated(path, change), capsys) == 1, change


def test_json_prints_the_document_out_writes(tmp_path, capsys):
    path = tmp_path / "f.json"
    assert main(["realize", "0001", "--json", "--out", str(path)]) == 0
    captured = capsys.readouterr()
    printed, written = json.loads(captured.out), json.loads(path.read_text())
    assert f"certificate written to {path}" in captured.err
    for d in (printed, written):
        d.pop("created")
        d.pop("elapsed")
    assert printed == written
    assert printed["instance"] == {"table": "0x8", "n": 2, "d": 1, "backend": "lp"}
    assert printed["data"] == {"answer": "realizable", "realizable": True}
    assert printed["evidence"][0]["weights"] == [2, 2] and printed["evidence"][0]["threshold"] == 3


def test_the_readme_session_by_the_command_line(tmp_path):
    """`quarks realize 0001 --out f.json; quarks check-cert f.json`, as a user types it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = lambda *a: subprocess.run([sys.executable, "-m", "quarks", *a], cwd=tmp_path, env=env,
                                    capture_output=True, text=True, timeout=300)
    made = run("realize", "0001", "--out", "f.json")
    assert made.returncode == 0 and "certificate written to f.json" in made.stdout
    checked = run("check-cert", "f.json")
    assert checked.returncode == 0 and checked.stdout.startswith("OK") and "explore.realize" in checked.stdout


@pytest.mark.parametrize("argv", [
    ["realize", "0x" + "0" * 4096, "--n", "14", "--out", "x.json"],       # beyond the certified n <= 12
    ["realize", "--file", "t.txt", "--out", "x.json"],
    ["decompose", "0110", "--ops", "all", "--out", "x.json"],
    ["count", "--n", "8", "--out", "x.json"],
    ["ltl", "a", "--string", "ab", "--check-up-to", "2", "--out", "x.json"],
    ["realize", "0001", "--out", "no/such/dir/x.json"],
])
def test_out_bad_requests_are_one_line(tmp_path, capsys, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.txt").write_text("0001\n")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err
    assert not (tmp_path / "x.json").exists()


def test_estimate_resumes_from_its_samples_file(tmp_path, capsys):
    """A second certified run continues the indices of the seed n, top and walkers fix; other seeds'
    samples in the file are not the certificate's; check-cert recomputes them all."""
    from quarks.solvers.halftree import instance_seed

    fixed = instance_seed(5, 4, 4)
    samples, path = tmp_path / "s.jsonl", tmp_path / "e.json"
    argv = ["estimate", "--n", "5", "--paths", "4", "--runs", "2", "--samples", str(samples)]
    assert main([*argv, "--seed", "3"]) == 0
    assert main([*argv, "--json", "--out", str(path)]) == 0
    assert main([*argv, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert printed["instance"]["runs"] == [[fixed, 0, 4]] and printed["data"]["samples"] == 4
    assert len(samples.read_text().splitlines()) == 6
    assert json.loads(path.read_text())["instance"]["runs"] == [[fixed, 0, 2]]
    assert _check(path, capsys) == 0
    assert main([*argv, "--seed", "3", "--json"]) == 2   # a certificate's samples are never the author's choice
