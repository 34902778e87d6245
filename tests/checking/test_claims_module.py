"""The claim step for claims from outside the package: a certificate binds to a claims module only
when it names it and the loaded module has the same sha256; an unknown claim says which module to pass."""
from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path

import fake_claims
import pytest

from quarks.checking import binding

OWN, PACKAGE = "test.square-sum", "navon.parameter-count"   # from QUARKS_EXTRA_CLAIMS (tests/conftest.py); ours


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    import quarks

    out = tmp_path_factory.mktemp("claims-module")
    rep = quarks.verify(OWN, PACKAGE, tier="quick", store=out / "r.sqlite", out=out / "c", jobs=1, progress=False)
    assert rep.exit_code == 0
    return out / "c"


def _cert(made, claim):
    path = sorted(p for p in (made / claim).glob("*.json") if p.name != "proof=coq.json")[0]
    return json.loads(path.read_text())


def _check(tmp_path, cert) -> binding.CheckResult:
    path = tmp_path / "c.json"
    path.write_text(json.dumps(cert))
    return binding.check_file(path, isolate=False)


def test_a_certificate_names_its_claims_module(made):
    cert = _cert(made, OWN)
    sha = hashlib.sha256(Path(fake_claims.__file__).read_bytes()).hexdigest()
    assert cert["claims_module"] == {"module": "fake_claims", "load": "fake_claims", "sha256": sha}
    assert "claims_module" not in _cert(made, PACKAGE)


def test_bound_only_to_the_same_module(made, tmp_path):
    cert = _cert(made, OWN)
    assert _check(tmp_path, cert).ok
    other = copy.deepcopy(cert)
    other["claims_module"]["sha256"] = "0" * 64
    r = _check(tmp_path, other)
    assert not r.ok and r.message.startswith("claims module fake_claims (sha256 ") and "(sha256 0000000000000000)" in r.message
    unnamed = copy.deepcopy(cert)
    del unnamed["claims_module"]
    r = _check(tmp_path, unnamed)
    assert not r.ok and r.message.endswith("(sha256 not named)")
    ours = _cert(made, PACKAGE)
    ours["claims_module"] = cert["claims_module"]
    r = _check(tmp_path, ours)
    assert not r.ok and r.message == f"{PACKAGE} is a claim of the quarks package; the certificate names a claims module"


def test_an_unknown_claim_says_which_module_to_pass(made, tmp_path):
    cert = _cert(made, OWN)
    cert["claim"] = "mine.not-loaded"
    cert["claims_module"] = {"module": "mine.claims", "load": "mine/claims.py\x1b[2J", "sha256": "ab" * 32}
    r = _check(tmp_path, cert)
    assert not r.ok
    assert r.message == ("unknown claim 'mine.not-loaded' (written by claims module mine.claims, sha256 abababababababab; "
                         "re-check with --claims mine/claims.py?[2J)")
