"""Every certificate checked, nothing escapes the check (issue 49): one test per hole a hostile author
found in check-cert, each failing before the fix.

The certificates are real quick-tier certificates of two cheap claims, edited as a hostile author would.
"""
from __future__ import annotations

import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from quarks.base import exact
from quarks.certify.base import Budget, CertificateError, max_depth
from quarks.checking import binding, obligations
from quarks.cli import main

CHEAP = "quarks.taxonomy"          # recheck="check": re-run by plain check-cert
LONG = "quarks.eq4.5"               # recheck="evidence": re-run on its quick tier only


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    import quarks

    out = tmp_path_factory.mktemp("escapes")
    rep = quarks.verify(CHEAP, LONG, tier="quick", store=out / "r.sqlite", out=out / "c", jobs=1)
    assert rep.exit_code == 0
    return out


def _one(made, claim) -> tuple[str, dict]:
    path = sorted(p for p in (made / "c" / claim).glob("*.json") if p.name != "proof=coq.json")[0]
    return path.name, json.loads(path.read_text())


def _write(d: Path, name: str, cert: dict) -> Path:
    d.mkdir(parents=True, exist_ok=True)
    path = d / name
    path.write_text(json.dumps(cert))
    return path


def _forged_refutation(cert: dict) -> dict:
    """A kernel-valid refutation of a claim expected verified: a false fact and a counterexample."""
    return {**cert, "verdict": "refuted", "summary": "refuted", "counterexample": {"K": 4},
            "evidence": [{"kind": "arith", "facts": [{"name": "f", "fact": [">", 1, 2], "holds": False}]}],
            "trust": "witness"}


def test_evidence_only_exits_3_when_results_are_not_bound(tmp_path, capsys):
    path = tmp_path / "r.json"
    assert main(["realize", "0001", "--out", str(path)]) == 0
    capsys.readouterr()
    assert main(["check-cert", "--evidence-only", str(path)]) == 3
    assert "NOT bound" in capsys.readouterr().out


def test_a_verdict_not_expected_is_not_checked_without_rederivation(made, tmp_path, monkeypatch):
    name, cert = _one(made, CHEAP)
    path = _write(tmp_path, name, _forged_refutation(cert))
    r = binding.check_file(path, evidence_only=True, isolate=False)
    assert not r.ok and not r.checked and "not the verified" in r.message
    from quarks.claims import registry

    monkeypatch.setattr(type(registry.get(CHEAP)), "rerun_cheaply", lambda self, inst: False)
    monkeypatch.setattr(registry.get(CHEAP), "recheck", "evidence")
    r = binding.check_file(path, isolate=False)
    assert not r.ok and not r.checked, r.message


def test_data_search_is_bound_for_every_claim(made, tmp_path):
    name, cert = _one(made, CHEAP)
    forged = {**cert, "data": {**(cert.get("data") or {}),
                               "search": {"claim": CHEAP, "hypothesis_dropped": "none", "params": {}, "instances_tried": 1}}}
    r = binding.check_file(_write(tmp_path, name, forged), isolate=False)
    assert not r.ok and r.checked and "data.search" in r.message


def test_quick_tier_exhaustive_records_are_checked_by_plain_check_cert(made, tmp_path, capsys):
    """A claim whose check is too long to repeat in general is re-run on its declared quick tier: plain
    check-cert exits 0, nothing unchecked; an edited exhaustive record is rejected."""
    assert main(["check-cert", str(made / "c" / LONG)]) == 0
    out = capsys.readouterr().out
    assert "not checked" not in out and "0 rejected" in out
    name, cert = _one(made, LONG)
    rec = next(r for r in cert["evidence"] if r["kind"] == "exhaustive")
    rec["result"]["cases"] += 1
    assert main(["check-cert", str(_write(tmp_path, name, cert))]) == 1


def test_the_parent_keeps_digests_within_its_own_bound(made, tmp_path):
    name, cert = _one(made, CHEAP)
    path = _write(tmp_path, name, cert)
    obligations._RUN.clear()
    obligations._NEW.clear()
    assert binding.check_file(path).ok
    assert binding.check_file(path).ok                       # bound by the digest of the first file's re-derivation
    kept = list(obligations._RUN.values())
    assert kept and all(set(v) == {"meaning", "rerun"} and len(v["meaning"]) == 64 for v in kept)
    assert len(json.dumps(obligations._RUN)) < 400 * len(kept)
    obligations.adopt({"x" * 64: {"meaning": cert}, "y" * 64: "z" * 10_000, 3: {}})   # not digests: dropped
    assert "x" * 64 not in obligations._RUN and "y" * 64 not in obligations._RUN
    full = {hashlib.sha256(str(i).encode()).hexdigest(): {"meaning": "a" * 64, "rerun": []}
            for i in range(obligations.MAX_SHARED + 10)}
    obligations.adopt(full)
    assert len(obligations._RUN) <= obligations.MAX_SHARED
    obligations._RUN.clear()
    obligations._NEW.clear()


def test_a_check_dies_with_its_parent(tmp_path):
    """The parent of a check killed by SIGKILL: the check's group (a grandchild too) is killed by the
    watchdog, not left running up to its CPU limit."""
    pidfile = tmp_path / "grandchild"
    script = textwrap.dedent(f"""
        import os, subprocess, sys, time
        from quarks.checking import binding
        if os.fork() == 0:
            os.setsid()
            binding.die_with_parent()
            binding.watchdog(600)
            g = subprocess.Popen(["sleep", "300"])
            open({str(pidfile)!r}, "w").write(str(g.pid))
            time.sleep(300)
            os._exit(0)
        while not os.path.exists({str(pidfile)!r}) or not open({str(pidfile)!r}).read():
            time.sleep(0.05)
        os.kill(os.getpid(), 9)
    """)
    subprocess.run([sys.executable, "-c", script], timeout=120)
    grandchild = int(pidfile.read_text())
    for _ in range(100):
        try:
            os.kill(grandchild, 0)
        except ProcessLookupError:
            return
        if Path(f"/proc/{grandchild}/stat").read_text().split()[2] == "Z":
            return
        time.sleep(0.1)
    os.kill(grandchild, signal.SIGKILL)
    pytest.fail("the check's grandchild outlived its killed parent")


def test_hangup_and_interrupt_are_handled_like_terminate(made, monkeypatch, capsys):
    seen: dict = {}
    monkeypatch.setattr(signal, "signal", lambda sig, handler: seen.setdefault(sig, handler))
    main(["check-cert", str(made / "c" / CHEAP)])
    assert seen[signal.SIGHUP] is seen[signal.SIGTERM] is seen[signal.SIGINT]   # the first handler set


def test_numba_cache_is_set_before_the_engines_load(made, monkeypatch, capsys):
    from quarks.claims import engines

    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    seen = []
    monkeypatch.setattr(engines, "preload", lambda: seen.append(os.environ.get("NUMBA_CACHE_DIR")))
    main(["check-cert", str(made / "c")])
    assert seen and seen[0] and "quarks-check-" in seen[0]


def test_claims_named_in_the_quarks_namespace_are_refused(tmp_path):
    mod = tmp_path / "quarks.proofs.baldi.py"
    mod.write_text("from quarks.claims.claim import Claim\n")
    code = ("import sys\nfrom quarks.claims import registry\n"
            f"try:\n    registry.use({str(mod)!r})\nexcept registry.ClaimsModuleError as e:\n    print(e); sys.exit(2)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and "quarks namespace" in r.stdout, (r.stdout, r.stderr[-500:])


def test_resume_holds_a_stored_verdict_to_check_certs_standard(made, tmp_path):
    """A tampered certificate with kernel-valid but unrelated evidence, its hash updated in the store,
    is not kept by --resume: the instance runs again."""
    import shutil

    import quarks

    store, certs = tmp_path / "r.sqlite", tmp_path / "c"
    shutil.copy(made / "r.sqlite", store)
    shutil.copytree(made / "c", certs)
    with sqlite3.connect(store) as db:
        db.execute("UPDATE verdicts SET certificate = replace(certificate, ?, ?)", (str(made / "c"), str(certs)))
        (path,) = [Path(p) for (p,) in db.execute("SELECT certificate FROM verdicts WHERE claim = ?", (CHEAP,))]
        cert = json.loads(path.read_text())
        cert["evidence"] = [{"kind": "arith", "facts": [{"name": "f", "fact": ["<", 1, 2], "holds": True}]}]
        path.write_text(json.dumps(cert))
        db.execute("UPDATE verdicts SET sha256 = ? WHERE certificate = ?",
                   (hashlib.sha256(path.read_bytes()).hexdigest(), str(path)))
    rep = quarks.verify(CHEAP, tier="quick", store=store, out=certs, resume=True, jobs=1)
    (res,) = [r for r in rep.results if r.claim == CHEAP]
    assert not res.skipped and res.status == "verified"


def test_coq_exports_inside_the_confined_check(tmp_path, monkeypatch, capsys):
    from quarks.certify import coq_gate
    from quarks.coq import export as coq_export

    path = tmp_path / "r.json"
    assert main(["realize", "0001", "--out", str(path)]) == 0
    where = tmp_path / "pid"
    monkeypatch.setattr(coq_gate, "available", lambda: True)
    monkeypatch.setattr(coq_export, "export", lambda p: pytest.fail("--coq re-read the certificate in the parent"))

    def check(items):
        where.write_text(str(os.getpid()))
        return [(e, "valid (Coq)") for e in items]

    monkeypatch.setattr(coq_export, "check", check)
    assert main(["check-cert", "--coq", str(path)]) == 0
    assert int(where.read_text()) != os.getpid()


def test_big_integer_work_is_charged_by_size():
    budget = Budget()
    with pytest.raises(CertificateError):
        exact.evaluate(["sum", "i", 1, 3000, ["^", 3, 60000]], tick=budget.step)


def test_rank_intermediates_stay_within_the_bit_cap():
    big = 3 ** 40000                                                    # about 63,000 bits
    with pytest.raises(exact.ExprError, match="bits"):
        exact.rank([[big, 1, 7], [5, big + 2, 1], [1, 3, big - 1]])
    assert exact.rank([[1, 2], [2, 4]]) == 1


def test_the_nesting_scan_is_linear():
    def seconds(k):
        text = '"' + '\\"' * k
        t0 = time.perf_counter()
        max_depth(text)
        return time.perf_counter() - t0

    small, large = min(seconds(100_000) for _ in range(3)), min(seconds(1_000_000) for _ in range(3))
    assert large < 5 and large < 40 * max(small, 1e-3)   # quadratic: 100 times, and minutes at 1,000,000
    assert max_depth('["a\\"]", [[{}]]]') == 4 and max_depth('"[[["') == 0


def test_total_time_is_a_budget_for_the_run(made, capsys):
    assert main(["check-cert", "--total-time", "0.001", str(made / "c" / CHEAP)]) == 3
    assert "--total-time" in capsys.readouterr().out
    assert main(["check-cert", "--total-time", "0", str(made / "c" / CHEAP)]) == 2


def test_a_coq_trust_line_says_when_coqc_did_not_run():
    from quarks.certify import coq_gate
    from quarks.cli import check_cert

    cached = binding.CheckResult("p", "c", "verified", True, f"1 record(s) re-checked ({coq_gate.FROM_CACHE}, coqc "
                                 "not run)", trust="coq")
    assert "coqc not run" in check_cert._trust(cached)
    ran = binding.CheckResult("p", "c", "verified", True, "1 record(s) re-checked", trust="coq")
    assert check_cert._trust(ran) == "Coq's kernel"
