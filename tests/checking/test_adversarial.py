"""check-cert as a trust boundary (issue 21): hand-built hostile certificates, each rejected with one
line, the run going on, and nothing written or run by checking them.

The certificates are real quick-tier certificates (made once per module) edited as a hostile author
would: every hole the issue lists has a test here.
"""
from __future__ import annotations

import copy
import hashlib
import io
import json
import os
import site
import sysconfig
from pathlib import Path

import numpy as np
import pytest

from quarks.certify import coq_gate
from quarks.checking import binding
from quarks.cli import main

CLAIMS = ("navon.degree-optimum", "navon.conclusion1.1-as-printed", "navon.parameter-count",
          "quarks.count-by-halves", "quarks.self-attention-equivariance")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The quick-tier certificates of a few claims (n <= 4), by claim id and file name."""
    import quarks

    out = tmp_path_factory.mktemp("adversarial")
    rep = quarks.verify(*CLAIMS, tier="quick", max_n=4, store=out / "r.sqlite", out=out / "c", jobs=1)
    assert rep.exit_code == 0, ([(r.claim, r.instance, r.status, r.summary[:160]) for r in rep.results
                                 if r.status not in ("verified", "refuted")]
                                + [p for p in rep.proofs if p["status"] != "proved"])
    return out / "c"


def _load(made, claim, name):
    return json.loads((made / claim / name).read_text())


def _one(made, claim):
    """A non-proof certificate of a claim: (its file name, its JSON)."""
    name = sorted(p.name for p in (made / claim).glob("*.json") if p.name != "proof=coq.json"
                  and not p.name.endswith(".payload.json"))[0]
    return name, _load(made, claim, name)


def _write(directory: Path, name: str, cert) -> Path:
    path = directory / name
    path.write_text(cert if isinstance(cert, str) else json.dumps(cert))
    return path


def _check_cert(capsys, *args) -> tuple[int, list[str]]:
    code = main(["check-cert", *map(str, args)])
    out = capsys.readouterr().out.strip().splitlines()
    return code, out


def _site_listing():
    dirs = {sysconfig.get_paths()["purelib"], *site.getsitepackages()}
    return {d: sorted(os.listdir(d)) for d in dirs if os.path.isdir(d)}


# --- 1. nothing a certificate names is run ----------------------------------------------------------

def _hostile_exhaustive(target: Path) -> dict:
    return {"kind": "exhaustive", "procedure": "quarks.base.fileio:atomic_write",
            "args": {"path": str(target), "text": "import os; os.system('false')\n"},
            "result": {"cases": 1, "holds": True}}


@pytest.mark.parametrize("verdict, instance_kind", [("verified", "own"), ("inconclusive", "own"),
                                                    ("error", "own"), ("verified", "proof")])
@pytest.mark.parametrize("mode", ["plain", "evidence-only"])
def test_an_exhaustive_record_never_runs_what_it_names(made, tmp_path, capsys, verdict, instance_kind, mode):
    before = _site_listing()
    target = tmp_path / "outside" / "evil.pth"
    name, cert = _one(made, "quarks.self-attention-equivariance")
    cert["evidence"].append(_hostile_exhaustive(target))
    cert["verdict"] = verdict
    if instance_kind == "proof":
        cert["instance"] = {"proof": "coq"}
    d = tmp_path / "c"
    d.mkdir()
    _write(d, "x.json", cert)
    code, out = _check_cert(capsys, *(["--evidence-only"] if mode == "evidence-only" else []), d)
    assert not target.exists() and not target.parent.exists()
    assert _site_listing() == before
    assert len(out) == 2, out
    if verdict in ("inconclusive", "error"):   # bound to its claim and instance, proves nothing, runs nothing
        assert out[0].startswith("UNDECIDED") and "proves nothing" in out[0] and code == 3, out
        assert out[1].endswith("1 undecided (prove nothing)"), out
    else:
        assert not out[0].startswith("OK") and code in (1, 3), out


# --- 2, 3. Coq proof certificates are bound to the claim's own theorems ------------------------------

def test_a_proof_instance_does_not_skip_the_binding(made, tmp_path, capsys):
    """instance {"proof": "coq"} with a true arith fact in place of the Coq record."""
    _, cert = _one(made, "quarks.count-by-halves")
    cert["claim"] = "navon.degree-optimum"
    proof = _load(made, "navon.degree-optimum", "proof=coq.json")
    for key in ("source", "statement", "kind", "expected"):
        cert[key] = proof[key]
    cert["instance"] = {"proof": "coq"}
    cert["evidence"] = [{"kind": "arith", "values": {}, "facts": [{"name": "t", "fact": ["==", 1, 1], "holds": True}]}]
    cert["trust"] = "witness"
    code, out = _check_cert(capsys, _write(tmp_path, "x.json", cert))
    assert code == 1 and out[0].startswith("REJECTED") and "differs" in out[0]


@pytest.mark.coq
def test_a_coq_record_is_bound_to_the_certificates_claim(made, tmp_path, capsys):
    proved = _load(made, "navon.degree-optimum", "proof=coq.json")
    printed = _load(made, "navon.conclusion1.1-as-printed", "proof=coq.json")
    forged = copy.deepcopy(printed)
    forged["evidence"] = proved["evidence"]          # a proof of another claim ...
    forged["verdict"], forged["counterexample"] = "verified", None   # ... makes a refuted claim "verified"
    forged["summary"] = proved["summary"]
    emptied = copy.deepcopy(proved)
    emptied["evidence"][0]["axioms"] = {t: [] for t in emptied["evidence"][0]["axioms"]}
    d = tmp_path / "c"
    d.mkdir()
    _write(d, "forged.json", forged)
    _write(d, "emptied.json", emptied)
    code, out = _check_cert(capsys, d)
    assert code == 1 and len(out) == 3 and all(ln.startswith("REJECTED") for ln in out[:2]), out
    assert "assumptions" in out[0] or "assumptions" in out[1]


# --- 4, 6. the halves checker: no wrap-around, every figure shown is re-derived ----------------------

def _halves(made, tmp_path, edit) -> Path:
    name = "count=104,d=1,n=3.json"
    cert = _load(made, "quarks.count-by-halves", name)
    rec = cert["evidence"][0]
    ref = rec["data"]["$payload"]
    raw = (made / "quarks.count-by-halves" / ref["file"]).read_bytes()
    with np.load(io.BytesIO(raw)) as z:
        P = {k: z[k] for k in z.files}
    edit(cert, P)
    buf = io.BytesIO()
    np.savez(buf, **P)
    raw = buf.getvalue()
    sha = hashlib.sha256(raw).hexdigest()
    (tmp_path / f"p.{sha[:16]}.payload.npz").write_bytes(raw)
    rec["data"] = {"$payload": {"file": f"p.{sha[:16]}.payload.npz", "sha256": sha, "bytes": len(raw), "format": "npz"}}
    return _write(tmp_path, "x.json", cert)


@pytest.mark.parametrize("value", [-(2**63), 2**63 - 1, 2**40])
def test_the_halves_checker_refuses_coefficients_that_could_wrap(made, tmp_path, capsys, value):
    def edit(cert, P):
        P["pair_coeffs"] = P["pair_coeffs"].astype(np.int64)
        P["pair_coeffs"][0, 0] = value
    for mode in ([], ["--evidence-only"]):
        code, out = _check_cert(capsys, *mode, _halves(made, tmp_path, edit))
        assert code == 1 and out[0].startswith("REJECTED") and "outside" in out[0], out


def test_the_halves_checker_refuses_float_and_unsigned_witnesses(made, tmp_path, capsys):
    def edit(cert, P):
        P["low_coeffs"] = P["low_coeffs"].astype(np.float64) + 0.5
    code, out = _check_cert(capsys, _halves(made, tmp_path, edit))
    assert code == 1 and "integers" in out[0], out


def test_the_figures_shown_are_re_derived(made, tmp_path, capsys):
    def edit(cert, P):
        cert["evidence"][0]["pairs"] += 1
        cert["data"]["pairs"] += 1
    for mode in ([], ["--evidence-only"]):
        code, out = _check_cert(capsys, *mode, _halves(made, tmp_path, edit))
        assert code == 1 and out[0].startswith("REJECTED") and "pairs" in out[0], out


# --- 5. instances inside the claim's domain ---------------------------------------------------------

def test_instances_outside_the_domain_are_rejected(made, tmp_path, capsys):
    cert = _load(made, "quarks.count-by-halves", "count=104,d=1,n=3.json")
    cert["claim"] = "quarks.count-t5-2"
    from quarks.claims import registry
    c = registry.get("quarks.count-t5-2")
    cert["statement"], cert["source"] = c.statement, c.source.as_dict()
    d = tmp_path / "c"
    d.mkdir()
    for ref in (made / "quarks.count-by-halves").glob("count=104*.payload.npz"):
        (d / ref.name).write_bytes(ref.read_bytes())
    _write(d, "t52.json", cert)
    name, pc = _one(made, "navon.parameter-count")
    pc["instance"]["matrices"] = 1
    _write(d, "pc.json", pc)
    for mode in ([], ["--evidence-only"]):
        code, out = _check_cert(capsys, *mode, d)
        assert code == 1 and len(out) == 3 and all("outside the domain" in ln for ln in out[:2]), out


def test_the_ok_line_shows_the_instance(made, capsys):
    code, out = _check_cert(capsys, made / "quarks.count-by-halves" / "count=104,d=1,n=3.json")
    assert code == 0 and "[count=104, d=1, n=3]" in out[0], out


# --- 7. --coq is the plain check plus Coq -------------------------------------------------------------

@pytest.mark.coq
def test_check_cert_coq_never_checks_less(made, tmp_path, capsys):
    name, cert = _one(made, "navon.parameter-count")
    cert["verdict"] = "verified"
    code, out = _check_cert(capsys, "--coq", _write(tmp_path, "x.json", cert))
    assert code == 1 and out[0].startswith("REJECTED"), out


# --- 9. malformed certificates: one line each, the run goes on ---------------------------------------

def _malformed(made, d: Path) -> list[str]:
    """Every malformed certificate of the issue, written into d; their names."""
    _, base = _one(made, "navon.parameter-count")
    hb = _load(made, "quarks.count-by-halves", "count=104,d=1,n=3.json")
    files = {}
    files["deep.json"] = "[" * 100_000 + "]" * 100_000
    files["digits.json"] = json.dumps({**base, "elapsed": 1}).replace('"elapsed": 1', '"elapsed": 1' + "0" * 5000)
    files["claim-list.json"] = {**base, "claim": ["navon.parameter-count"]}
    files["evidence-int.json"] = {**base, "evidence": 7}
    files["evidence-str.json"] = {**base, "evidence": ["arith"]}
    for label, elapsed in (("str", '"1"'), ("big", "1e308"), ("nan", "NaN"), ("huge", "1e5")):
        files[f"elapsed-{label}.json"] = json.dumps({**base, "elapsed": 0}).replace('"elapsed": 0', f'"elapsed": {elapsed}')
    host = Path("/etc/hostname")
    if host.exists():
        raw = host.read_bytes()
        pc = copy.deepcopy(hb)
        pc["evidence"][0]["data"] = {"$payload": {"file": "../../../../../../etc/hostname",
                                                  "sha256": hashlib.sha256(raw).hexdigest(), "bytes": len(raw)}}
        files["payload-outside.json"] = pc
    for label, ref in (("str", "x"), ("abs", {"file": "/etc/hostname", "sha256": "0" * 64})):
        pc = copy.deepcopy(hb)
        pc["evidence"][0]["data"] = {"$payload": ref}
        files[f"payload-{label}.json"] = pc
    arith = lambda fact: {**base, "verdict": "verified", "evidence": [  # noqa: E731
        {"kind": "arith", "values": {}, "facts": [{"name": "f", "fact": fact, "holds": True}]}], "trust": "witness"}
    files["div0.json"] = arith(["==", ["/", 1, 0], 1])
    files["rational0.json"] = arith(["==", "1/0", 1])
    files["pow-neg.json"] = arith(["==", ["^", 0, -1], 1])
    files["sum-huge.json"] = arith(["==", ["sum", "k", 1, 10**12, "k"], 1])
    files["pow-huge.json"] = arith(["==", ["^", 10**4000, 65536], 1])
    rz = copy.deepcopy(base)
    rz["evidence"] = [{"kind": "realization", "n": 2, "degree": 1, "table": "0x", "monomials": [], "weights": [],
                       "threshold": 0}]
    files["table-0x.json"] = rz
    files["dupkey.json"] = json.dumps(base)[:-1] + ', "claim": "navon.degree-optimum"}'
    files["extra-field.json"] = {**base, "run_me": "os:system"}
    for name, cert in files.items():
        _write(d, name, cert)
    os.mkfifo(d / "fifo.json")
    return sorted(files) + ["fifo.json"]


def test_malformed_certificates_get_one_line_each_and_the_run_goes_on(made, tmp_path, capsys):
    import time

    d = tmp_path / "c"
    d.mkdir()
    names = _malformed(made, d)
    good = made / "quarks.count-by-halves" / "count=104,d=1,n=3.json"
    (d / "zz-good.json").write_text(good.read_text())
    for ref in good.parent.glob("count=104*.payload.npz"):
        (d / ref.name).write_bytes(ref.read_bytes())
    t0 = time.perf_counter()
    code, out = _check_cert(capsys, d)
    assert time.perf_counter() - t0 < 300
    assert code == 1 and len(out) == len(names) + 2, out
    harmless = {"elapsed-big.json", "elapsed-huge.json"}   # when it was made, not what it says: no limit set
    for name, line in zip(sorted(names + ["zz-good.json"]), out):
        assert line.startswith("OK" if name in harmless | {"zz-good.json"} else "REJECTED"), line
        assert f"/{name}:" in line
    assert out[-1] == f"3 valid, {len(names) - 2} rejected"   # the two harmless navon.parameter-count edits:
    # quick-tier instances, re-derived (elapsed is when it was made, not what it says)
    assert all("Traceback" not in ln and len(ln) < 400 for ln in out)
    code, js = main(["check-cert", "--json", str(d)]), capsys.readouterr().out
    assert code == 1 and len(json.loads(js)) == len(names) + 1 and all(isinstance(r["ok"], bool) for r in json.loads(js))


def test_the_time_limit_is_the_checkers(made, tmp_path):
    """elapsed: 1e5 in a certificate sets nothing; the checker's own limit ends a slow check."""
    name, cert = _one(made, "navon.parameter-count")
    cert["elapsed"] = 1e5
    path = _write(tmp_path, "x.json", cert)
    assert binding.check_file(path).ok
    r = binding.check_file(path, time_limit=0.01)
    assert not r.ok and "took more than" in r.message


# --- 10. export-coq keeps every theorem ---------------------------------------------------------------

def test_export_coq_names_are_unique(tmp_path):
    from quarks.coq import export as coq_export

    rec = {"kind": "realization", "n": 2, "degree": 1, "table": "0x8", "monomials": [1, 2], "weights": [2, 2],
           "threshold": 3}
    items = [coq_export.from_record(rec, "cert_x__c_0", "a/x/c.json", 0),
             coq_export.from_record(rec, "cert_x__c_0", "b/x/c.json", 0)]
    files = coq_export.write(items, tmp_path / "out")
    assert len(files) == 2 and len({f.name for f in files}) == 2
    assert "Theorem cert_x__c_0_2 :" in files[1].read_text()
    if coq_gate.available():
        assert all(msg.startswith("valid") for _, msg in coq_export.check(items))
