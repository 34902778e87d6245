"""The export's certificate (explore.export-torch): the sha256 of the tensors, the claim and Coq theorem the
network realizes; check-cert recompiles the source and lays the network out again, with no torch."""
import json
import subprocess
import sys

import pytest

from quarks import api
from quarks.certify import check_record
from quarks.certify.weights import record, sha256, tensors
from quarks.checking.binding import check_file
from quarks.transformers.source import compile_source


@pytest.fixture(scope="module")
def cert_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("export") / "ff.json"
    done = api.export_torch("flipflop", length=4, cert=path)   # --cert alone: no torch needed
    assert done.module is None or done.sha256 == done.certificate["data"]["sha256"]
    return path


def test_certificate_names_sha256_claim_and_theorem(cert_file):
    cert = json.loads(cert_file.read_text())
    assert cert["claim"] == "explore.export-torch" and cert["verdict"] == "verified"
    assert cert["instance"] == {"program": "flipflop", "max_len": 4}
    data = cert["data"]
    assert data["realizes"] == "yang.section6-applications" and data["coq"] == "FlipFlop.v:ff_net_round"
    assert set(data["temperatures"]) == {"1", "2", "3", "4"} and data["temperatures"]["1"] == "1"
    compiled = compile_source({"program": "flipflop", "max_len": 4})
    assert data["sha256"] == sha256(tensors(compiled.model.to_dict())) == cert["evidence"][0]["sha256"]
    assert cert["trust"] == "witness"


def test_check_cert_accepts_it(cert_file):
    res = check_file(cert_file, isolate=False)
    assert res.ok and res.bound, res.message


def _tampered(cert_file, tmp_path, change):
    cert = json.loads(cert_file.read_text())
    change(cert)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(cert))
    return path


def _weight(cert):   # the flip-flop's selector weight 2 [write] becomes 3
    unit = cert["evidence"][0]["network"]["layers"][0]["units"][0]
    unit["out"]["W"][0] = [3]


@pytest.mark.parametrize("change, where", [
    (_weight, "evidence"),
    (lambda c: c["evidence"][0].update(sha256="0" * 64), "evidence"),
    (lambda c: c["data"].update(coq="FlipFlop.v:ff_net_hard"), "data.coq"),
    (lambda c: c["data"]["temperatures"].update({"4": "1"}), "data.temperatures"),
])
def test_check_cert_rejects_a_changed_export(cert_file, tmp_path, change, where):
    res = check_file(_tampered(cert_file, tmp_path, change), isolate=False)
    assert not res.ok and where in res.message, res.message


def test_the_weights_kind_alone_rejects_a_changed_network(cert_file, tmp_path):
    """Without the re-derivation (--evidence-only) the kernel still recomputes the sha256 of the network."""
    res = check_file(_tampered(cert_file, tmp_path, _weight), evidence_only=True, isolate=False)
    assert not res.ok and "sha256" in res.message, res.message
    rec = record(compile_source({"formula": "Y a", "alphabet": "ab", "variant": "causal"}).model.to_dict())
    assert check_record(rec).holds
    rec["network"]["layers"][-1]["heads"][0]["terms"][0][2] = "5"
    out = check_record(rec)
    assert not out.valid and "sha256" in out.message


def test_sources_outside_the_domain_are_refused():
    from quarks.claims import registry

    claim = registry.get("explore.export-torch")
    assert claim.in_domain({"formula": "(!b S a)", "alphabet": "ab", "variant": "temperature"})
    assert not claim.in_domain({"formula": "!b S a", "alphabet": "ab", "variant": "temperature"})   # not canonical
    assert not claim.in_domain({"formula": "X a", "alphabet": "ab", "variant": "causal"})   # not compiled
    assert not claim.in_domain({"program": "flipflop", "max_len": 40})
    assert not claim.in_domain({"program": "dyck1", "max_len": 4})


RUNNER = ("import sys\n"
          "sys.modules['torch'] = None\n"
          "sys.modules['transformer_lens'] = None\n"
          "from quarks.cli import main\n"
          "sys.exit(main(sys.argv[1:]))\n")


def quarks(*argv, cwd, without_torch=False):
    cmd = [sys.executable, "-c", RUNNER] if without_torch else [sys.executable, "-m", "quarks"]
    return subprocess.run(cmd + [str(a) for a in argv], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_without_torch_the_verb_says_so_in_one_line(tmp_path):
    r = quarks("export-torch", "flipflop", "--length", "3", "--out", "ff.pt", cwd=tmp_path, without_torch=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "not available (torch not installed)" in lines[0], r.stderr
    assert not list(tmp_path.iterdir())
    r = quarks("export-torch", "!b S a", "--cert", "c.json", cwd=tmp_path, without_torch=True)   # the certificate needs no torch
    assert r.returncode == 0, r.stderr
    r = quarks("check-cert", "c.json", cwd=tmp_path, without_torch=True)
    assert r.returncode == 0 and r.stdout.startswith("OK"), r.stdout + r.stderr


@pytest.mark.parametrize("argv, message", [
    (("nonsense(",), "nor a formula"),
    (("flipflop",), "give the length"),
    (("dyck1", "--length", "40"), "between 1 and 12"),
    (("X a", "--variant", "causal", "--cert", "c.json"), "not compiled"),
    (("ODD(#left[a])", "--variant", "causal", "--cert", "c.json"), "causal-temperature"),
    (("(a S b) & (c S d)", "--check-up-to", "12"), "200,000 words"),
])
def test_bad_input_is_one_line(workdir, capsys, argv, message):
    from quarks.cli import main

    assert main(["export-torch", *argv]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and message in err, err
    assert not list(workdir.iterdir())
