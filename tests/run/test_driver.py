"""The driver, the store and the spine's command line: exit codes, timeouts, resume, Dask."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

import quarks
from quarks.base.store import Store
from quarks.checking import binding
from quarks.cli import main


def cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "quarks", *args], capture_output=True, text=True, cwd=cwd,
                          env=os.environ.copy())


def test_expected_verdicts_exit_zero(workdir):
    r = quarks.verify("test.square-sum", "test.bad-bound")
    assert r.exit_code == 0
    assert [x.status for x in r.results] == ["verified"] * 3 + ["refuted"]
    refuted = r.results[-1]
    assert refuted.ok and refuted.counterexample == {"n": 3}
    assert "refuted as printed" in r.details()
    for x in r.results:
        assert binding.check_file(x.certificate).ok


def test_unexpected_verdicts_exit_one(workdir):
    assert main(["verify", "test.raises", "--quiet"]) == 1
    assert main(["verify", "test.crash", "--quiet"]) == 1


def test_timeout_gives_inconclusive_not_a_hang(workdir):
    t0 = time.monotonic()
    r = quarks.verify("test.sleepy", timeout=1.0)
    assert time.monotonic() - t0 < 10
    assert sorted(x.status for x in r.results) == ["inconclusive", "verified"]
    slow = next(x for x in r.results if x.status == "inconclusive")
    assert "timeout" in slow.summary and r.exit_code == 1


def test_crash_is_an_error_verdict(workdir):
    (res,) = quarks.verify("test.crash").results
    assert res.status == "error" and "exit code 3" in res.summary


def test_store_records_and_resume_skips(workdir):
    quarks.verify("test.square-sum")
    with Store(".quarks/results.sqlite") as db:
        rows = db.results("test.square-sum")
        assert len(rows) == 3 and {r["status"] for r in rows} == {"verified"}
        assert db.last_status("test.square-sum") == "verified"
    r = quarks.verify("test.square-sum", tier="full", resume=True)
    assert sum(x.skipped for x in r.results) == 3
    assert sum(not x.skipped for x in r.results) == 5
    assert r.exit_code == 0


def test_resume_rechecks_what_it_skips(workdir):
    """Issue 37, point 5: a row is skipped only if its certificate exists, hashes to what the store
    recorded and the kernel accepts it for that status; a tampered store or certificate is re-run and
    reported with its true verdict."""
    from quarks.base.fileio import sha256_file

    first = quarks.verify("test.square-sum")
    paths = [x.certificate for x in first.results]
    with Store(".quarks/results.sqlite") as db:
        rows = {r["certificate"]: r for r in db.results("test.square-sum")}
        assert all(rows[p]["sha256"] == sha256_file(p) for p in paths)
    con = sqlite3.connect(".quarks/results.sqlite")
    with con:   # 1: the store says refuted; 2: the certificate is gone; 3: the certificate and its hash edited
        con.execute("UPDATE verdicts SET status = 'refuted' WHERE certificate = ?", (paths[0],))
        os.unlink(paths[1])
        cert = json.loads(open(paths[2]).read())
        cert["verdict"], cert["counterexample"] = "refuted", {"n": 3}
        with open(paths[2], "w") as f:
            json.dump(cert, f)
        con.execute("UPDATE verdicts SET status = 'refuted', sha256 = ? WHERE certificate = ?",
                    (sha256_file(paths[2]), paths[2]))
    con.close()
    again = quarks.verify("test.square-sum", resume=True)
    assert [(x.status, x.skipped) for x in again.results] == [("verified", False)] * 3
    assert again.exit_code == 0 and all(binding.check_file(p).ok for p in paths)
    with Store(".quarks/results.sqlite") as db:
        assert {r["status"] for r in db.results("test.square-sum")} == {"verified"}
    third = quarks.verify("test.square-sum", resume=True)   # now untouched: skipped, with their certificates
    assert [(x.status, x.skipped, x.certificate) for x in third.results] == [("verified", True, p) for p in paths]
    with open(paths[0], "a") as f:                          # one byte more: the hash differs
        f.write(" ")
    fourth = quarks.verify("test.square-sum", resume=True)
    assert [x.skipped for x in fourth.results] == [False, True, True]


def test_max_n_filters_instances(workdir):
    r = quarks.verify("test.square-sum", tier="full", max_n=2)
    assert [x.instance["n"] for x in r.results] == [1, 2]


def test_killed_run_leaves_store_consistent_and_resumes(workdir):
    proc = subprocess.Popen([sys.executable, "-m", "quarks", "verify", "test.slow-sum", "--jobs", "1"],
                            cwd=workdir, env=os.environ.copy(), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    db_path = workdir / ".quarks/results.sqlite"
    deadline = time.monotonic() + 30
    done = 0
    while time.monotonic() < deadline:
        time.sleep(0.2)
        if db_path.exists():
            try:
                con = sqlite3.connect(db_path)
                done = con.execute("SELECT count(*) FROM verdicts").fetchone()[0]
                con.close()
            except sqlite3.OperationalError:
                continue
            if done >= 3:
                break
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    con = sqlite3.connect(db_path)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    rows = con.execute("SELECT status, certificate FROM verdicts").fetchall()
    con.close()
    assert 3 <= len(rows) < 12
    for status, cert in rows:  # every recorded verdict points at a complete certificate
        assert status == "verified" and binding.check_file(cert).ok
    assert not list((workdir / ".quarks").rglob("*.tmp"))
    r = quarks.verify("test.slow-sum", resume=True)
    assert sum(x.skipped for x in r.results) == len(rows)
    assert len(r.results) == 12 and r.exit_code == 0


def test_cli_usage_errors_are_one_line_exit_two(workdir):
    for args in (["verify", "nosuch.claim"], ["verify", "--max-n", "-1"], ["verify", "--max-n", "x"],
                 ["show", "test.square-summ"], ["check-cert", "missing.json"],
                 ["verify", "--executor", "dask"]):
        out = cli(*args, cwd=workdir)
        assert out.returncode == 2, (args, out.stderr)
        assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr, out.stderr
    out = cli("verify", "test.square-sumx", cwd=workdir)
    assert "closest: test.square-sum" in out.stderr
    assert not (workdir / ".quarks").exists()  # nothing half-written


def test_cli_verify_json_list_show_checkcert(workdir):
    out = cli("verify", "test.square-sum", "test.bad-bound", "--json", cwd=workdir)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["exit_code"] == 0
    rows = {r["claim"]: r for r in report["claims"]}
    assert rows["test.bad-bound"]["outcome"] == "refuted as printed"
    assert rows["test.square-sum"]["verified"] == 3
    listing = json.loads(cli("list", "test.*", "--json", cwd=workdir).stdout)
    assert {r["id"]: r["last"] for r in listing}["test.square-sum"] == "verified on n <= 3"
    shown = cli("show", "test.bad-bound", cwd=workdir).stdout
    assert "refuted as printed" in shown and "n=3.json" in shown
    ok = cli("check-cert", ".quarks/certificates", cwd=workdir)
    assert ok.returncode == 0 and "4 valid, 0 rejected" in ok.stdout
    path = workdir / ".quarks/certificates/test.square-sum/n=2.json"
    cert = json.loads(path.read_text())
    cert["evidence"][0]["values"]["lhs"]["value"] = 7
    path.write_text(json.dumps(cert))
    bad = cli("check-cert", str(path), cwd=workdir)
    assert bad.returncode == 1 and "REJECTED" in bad.stdout
    path.write_text("garbage")
    garbled = cli("check-cert", str(path), cwd=workdir)  # reported like any rejected file, not a usage error
    assert garbled.returncode == 1 and "REJECTED" in garbled.stdout and "not JSON" in garbled.stdout


def test_dask_executor_on_a_local_cluster(workdir):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        r = quarks.verify("test.square-sum", "test.bad-bound", "test.sleepy", executor="dask",
                          scheduler=cluster.scheduler_address, timeout=2.0)
    status = {(x.claim, json.dumps(x.instance)): x.status for x in r.results}
    assert status[("test.square-sum", '{"n": 3}')] == "verified"
    assert status[("test.bad-bound", '{"n": 3}')] == "refuted"
    assert status[("test.sleepy", '{"seconds": 30}')] == "inconclusive"
    assert all(binding.check_file(x.certificate).ok for x in r.results)


def test_runs_record_how_they_ended(tmp_path):
    from quarks.base.store import Store

    with Store(tmp_path / "r.sqlite") as db:
        a = db.begin_run("0", {})
        db.end_run(a, 0)
        b = db.begin_run("0", {})
        db.db.execute("UPDATE runs SET pid = 2147483646 WHERE id = ?", (b,))  # a process that is gone
        db.db.commit()
        c = db.begin_run("0", {})  # notices the dead run b
        db.end_run(c, None, "interrupted")
        ended = {r["id"]: r["ended"] for r in db.runs()}
    assert ended == {a: "completed", b: "killed", c: "interrupted"}


def test_junit_xml(workdir):
    import xml.dom.minidom

    out = cli("verify", "test.square-sum", "test.bad-bound", "--junit", "j.xml", "--quiet", cwd=workdir)
    assert out.returncode == 0, out.stderr
    doc = xml.dom.minidom.parse(str(workdir / "j.xml"))
    assert len(doc.getElementsByTagName("testcase")) == 4 and not doc.getElementsByTagName("failure")


def test_preload_leaves_workers_nothing_to_import():
    """After preload(), a forked worker checking a numba-backed and a sympy-backed instance imports
    no module of its own (each import was about 0.3 s of CPU per instance)."""
    code = (
        "import os, sys\n"
        "from quarks.claims import registry\n"
        "from quarks.run import driver\n"
        "registry.select(())\n"
        "driver.preload()\n"
        "for cid, inst in [('quarks.eq4.5', {'n': 2, 'd': 1}), ('navon.sparse-product', {'n': 2, 'd': 2})]:\n"
        "    before = set(sys.modules)\n"
        "    r, w = os.pipe()\n"
        "    if os.fork() == 0:\n"
        "        status = driver.execute(cid, inst)['status']\n"
        "        new = sorted(m for m in set(sys.modules) - before if m != 'multiprocessing.synchronize')\n"
        "        os.write(w, f'{cid} {status} {new}'.encode())\n"
        "        os._exit(0)\n"
        "    os.close(w)\n"
        "    print(os.read(r, 100000).decode())\n"
        "    os.wait()\n")
    # a first run fills numba's cache (compiling a kernel imports numba's boxing modules in the worker);
    # the second is the situation the test is about: kernels cached, as after any earlier run
    for _ in range(2):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=os.environ.copy())
        assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["quarks.eq4.5 verified []", "navon.sparse-product verified []"]


def test_resume_reruns_verdicts_of_changed_code(workdir, monkeypatch):
    """Issue 48, point 7: a stored verdict is keyed on the code it came from; --resume re-runs it when
    the claim's module or a package source it runs changed."""
    from quarks.run import driver

    quarks.verify("test.square-sum")
    assert all(x.skipped for x in quarks.verify("test.square-sum", resume=True).results)
    monkeypatch.setattr(driver, "code_key", lambda claim: "0.1.0+changed")
    again = quarks.verify("test.square-sum", resume=True)
    assert [x.skipped for x in again.results] == [False] * 3 and again.exit_code == 0


def test_code_key_follows_the_sources(tmp_path, monkeypatch):
    import importlib

    from quarks.claims import registry
    from quarks.run import code_key as ck

    mod = tmp_path / "my_claim_code.py"
    mod.write_text("from quarks.base import exact\n\ndef check(inst):\n    return exact\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    m = importlib.import_module("my_claim_code")

    class C:
        check = m.check

    key = ck.code_key(C)
    assert key.startswith(quarks.__version__ + "+")
    assert any(p.name == "exact.py" for p in ck.sources(C))           # the package source it runs
    mod.write_text(mod.read_text() + "# changed\n")
    for f in (ck._closure, ck._named, ck._digest):
        f.cache_clear()
    assert ck.code_key(C) != key
    zuev = ck.sources(registry.get("quarks.eq4.1-zuev-n2"))
    assert any(p.name == "completeness.py" for p in zuev)              # named as an exhaustive procedure


def test_the_first_progress_line_comes_before_any_instance_finishes(monkeypatch):
    """Issue 50, point 13: in a log the first line came after the first instance, 2 min into a fresh run."""
    import io
    import time

    from quarks.run.driver import Progress

    class Log(io.StringIO):
        def isatty(self):
            return False

    monkeypatch.setattr(Progress, "FIRST", 0.5)
    log = Log()
    bar = Progress(10, stream=log, expected=100.0)
    time.sleep(2.5)
    bar.close()
    lines = log.getvalue().splitlines()
    assert lines and lines[0].startswith("verify: 0/10 instances, ") and "left" in lines[0]
    assert len(lines) == 1   # then every `every` seconds (10 here), not every second


def test_a_check_that_raises_names_its_file_and_line(workdir, capsys):
    """Issue 50, point 15: the error line says where the check failed; --verbose prints the traceback."""
    from quarks.cli import main

    assert main(["verify", "test.raises", "--verbose"]) == 1
    out, err = capsys.readouterr()
    out = " ".join(out.split())   # the line may be wrapped to the width
    assert "RuntimeError: boom (" in out and "fake_claims.py:57)" in out
    assert "Traceback (most recent call last)" in err and 'raise RuntimeError("boom")' in err


def test_an_error_record_does_not_poison_later_checks(workdir, monkeypatch):
    """Issue 50, point 11: a check that failed leaves <instance>.error.json, not a certificate; check-cert
    of the directory passes over it (exit 0 with the other certificates valid), named it is UNDECIDED
    (exit 3), and the run that decides the instance removes it."""
    quarks.verify("test.square-sum")
    monkeypatch.setenv("QUARKS_TEST_FLAKY", "1")
    (res,) = quarks.verify("test.flaky").results
    assert res.status == "error" and res.certificate.endswith("n=2.error.json")
    record = workdir / ".quarks/certificates/test.flaky/n=2.error.json"
    assert record.is_file() and not (record.parent / "n=2.json").exists()
    out = cli("check-cert", ".quarks/certificates", cwd=workdir)
    assert out.returncode == 0 and "3 valid, 0 rejected" in out.stdout and "test.flaky" not in out.stdout
    assert "1 error record(s) passed over" in out.stderr
    named = cli("check-cert", str(record), cwd=workdir)
    assert named.returncode == 3 and "UNDECIDED" in named.stdout
    from quarks.api import certificate_files

    assert [str(p) for p in certificate_files(".quarks/certificates")] == \
        [f".quarks/certificates/test.square-sum/n={n}.json" for n in (1, 2, 3)]
    monkeypatch.delenv("QUARKS_TEST_FLAKY")
    (res,) = quarks.verify("test.flaky").results
    assert res.status == "verified" and not record.exists() and (record.parent / "n=2.json").is_file()


def test_an_instance_of_a_refuted_claim_may_expect_verified(workdir):
    """Issue 50, point 15: per-instance expectations; a run where no instance refutes the claim exits 1."""
    from quarks.claims.claim import Claim, Source

    r = quarks.verify("test.mostly-false")
    assert r.exit_code == 0
    assert [(x.instance["n"], x.status, x.expected, x.ok) for x in r.results] == \
        [(1, "verified", "verified", True), (3, "refuted", "refuted", True)]
    assert r.summary_rows()[0]["outcome"] == "refuted as printed"
    held = next(x for x in r.results if x.status == "verified")
    checked = binding.check_file(held.certificate)
    assert checked.ok and checked.label.startswith("holds on this instance")
    full = quarks.verify("test.mostly-false", tier="full")   # n = 2 alone: it holds, nothing refutes the claim
    assert [x.ok for x in full.results] == [True] and full.exit_code == 1
    assert full.summary_rows()[0]["outcome"] == "unexpected: not refuted"
    with pytest.raises(ValueError, match="may only be 'verified'"):
        Claim(id="test.x", source=Source("a", "b"), statement="s", latex="", kind="finite", check=lambda i: None,
              instances={"quick": [{"n": 1, "expected": "refuted"}], "full": []})


def test_warm_kernels_fills_the_cache_of_realizes_reduced_route():
    """Issue 50, point 10: the quick start (engines.warm_kernels, in verify's parent) compiles, or loads,
    the reduced route's three kernels (cache=True: into numba's cache), so a later `quarks realize`
    loads them instead of compiling them (6-7 s of CPU on a fresh clone)."""
    code = ("from quarks.claims.engines import warm_kernels\nwarm_kernels()\n"
            "from quarks.solvers import reduced_kernels as rk\n"
            "print(sorted(k.__name__ for k in (rk.regular_rows, rk.regular_weights, rk.two_summable_positive) "
            "if k.signatures))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=os.environ.copy())
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[0] == "['regular_rows', 'regular_weights', 'two_summable_positive']"


def test_a_fresh_clone_forecast_counts_compiling_the_kernels(tmp_path, monkeypatch):
    """Issue 50, point 13: with no numba cache the forecast adds the kernels' compilation (timings.json)."""
    from quarks.claims import registry
    from quarks.run import forecast
    from quarks.run.driver import Task

    monkeypatch.setattr(forecast, "busy", lambda load=None, extra=0: 1.0)
    monkeypatch.setattr(forecast, "measured", lambda: {})
    tasks = [Task("test.square-sum", {"n": 1})]
    registry.get("test.square-sum")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert forecast.kernels_cold()
    cold = forecast.estimate(tasks, 2)
    (tmp_path / "solvers_x").mkdir()
    (tmp_path / "solvers_x" / "kernels.f-1.py311.nbi").write_bytes(b"")
    assert not forecast.kernels_cold()
    warm = forecast.estimate(tasks, 2)
    assert cold.cpu - warm.cpu == pytest.approx(forecast.shipped()["numba"]["compile"]) and cold.cpu - warm.cpu > 10


def test_the_fresh_clone_forecast_against_measured_runs(monkeypatch, tmp_path):
    """The quick start's CPU as forecast on a fresh clone (timings.json only, numba's cache empty) within a factor
    1.5, its wall (given the cores the run was given) within 2, of fresh clones measured on 2026-11-29: without
    coqc 67.6 s of CPU (568.7 s wall at load 10.7 and nice 10, where the forecast line gave the run 0.22 of the 2
    cores: 365 s); with Coq compiling the theories 443.1 s of CPU (1953 s wall from load 14.2, falling to 4.6,
    nice 10; the run was given 0.133 of the cores: 46 min)."""
    from quarks.claims import registry
    from quarks.run import driver, forecast

    monkeypatch.setenv("QUARKS_TIMINGS", str(tmp_path / "timings.json"))   # no history
    monkeypatch.setattr(forecast, "kernels_cold", lambda: True)
    tasks = driver.plan((), "quick", None)
    without = forecast.estimate(tasks, 2, proofs=0, built=True)
    assert 67.6 / 1.5 < without.cpu < 67.6 * 1.5
    theorems = len({r for c in registry.select(()) for r in c.coq})
    with_coq = forecast.estimate(tasks, 2, proofs=theorems, built=False)
    assert 443.1 / 1.5 < with_coq.cpu < 443.1 * 1.5
    monkeypatch.setattr(forecast, "lanes", lambda jobs, now, weight=None: 0.22)
    assert 568.7 / 2 < forecast.estimate(tasks, 2, proofs=0, built=True).seconds < 568.7 * 2
    monkeypatch.setattr(forecast, "lanes", lambda jobs, now, weight=None: 0.133)
    assert 1953 / 2 < forecast.estimate(tasks, 2, proofs=theorems, built=False).seconds < 1953 * 2
