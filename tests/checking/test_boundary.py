"""The boundary of one check: sized arithmetic, finite numbers, timings in one place, undecided
verdicts, and a process group with memory, CPU, read limits and a private scratch directory."""
from __future__ import annotations

import json
import os
import resource
import time
from dataclasses import replace

import pytest

from quarks.base.exact import ExprError, evaluate, size
from quarks.certify.base import LIMITS, CertificateError, CheckContext, parse_json
from quarks.checking import binding, obligations


def test_a_list_is_never_repeated_by_multiplication():
    expr = ["*", ["list", 1, 2, 3], 1000000000]          # the 38-byte expression, shortened
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    with pytest.raises(ExprError, match="numbers, not lists"):
        evaluate(expr)
    assert time.perf_counter() - t0 < 0.05
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss < 10_000   # KB: nothing was built
    with pytest.raises(ExprError, match="numbers, not lists"):
        evaluate(["+", ["list", 1], ["list", 2]])


def test_every_value_has_a_size_checked_before_it_is_made():
    assert size([1, [2, 3]]) == 1 + (1 + 1) + (1 + (2 + 1) + (2 + 1)) + 1
    big = ["*", ["^", 2, 65000], ["^", 2, 65000]]
    assert size(evaluate(big)) == 130001
    with pytest.raises(ExprError, match="more than"):
        evaluate(["*", big, big])                          # refused from the operands' sizes
    with pytest.raises(ExprError, match="more than"):
        evaluate(["list", big, big])                       # a list counts its elements
    assert evaluate(["len", ["list", 1, 2, 3]]) == 3


@pytest.mark.parametrize("literal", ["1e999", "-1e999", "1E400"])
def test_a_float_that_parses_to_infinity_is_rejected(literal):
    with pytest.raises(CertificateError, match="not finite"):
        parse_json(f'{{"x": {literal}}}'.encode())


def test_a_value_hidden_under_a_timing_name_deep_in_evidence_is_compared():
    regen = {"claim": "c", "instance": {}, "verdict": "verified", "evidence": [{"kind": "arith", "values": {}}],
             "data": {"timings": {"seconds": 1.0}}}
    forged = json.loads(json.dumps(regen))
    forged["evidence"][0]["values"] = {"seconds": {"expr": 1, "value": 2}}
    assert obligations.bind(forged, regen) == "differs from what the claim's check derives at evidence[0].values.seconds"
    forged = json.loads(json.dumps(regen))
    forged["evidence"][0]["seconds"] = "anything"
    assert "evidence[0].seconds" in obligations.bind(forged, regen)
    forged = json.loads(json.dumps(regen))
    forged["data"]["wall"] = 3
    assert "data.wall" in obligations.bind(forged, regen)
    timed = json.loads(json.dumps(regen))
    timed["data"]["timings"] = {"seconds": 99.5}       # the declared place: ignored
    assert obligations.bind(timed, regen) is None


def test_a_payload_named_twice_is_read_and_counted_once(tmp_path):
    import hashlib

    raw = json.dumps(list(range(1000))).encode()
    (tmp_path / "p.payload.json").write_bytes(raw)
    ref = {"file": "p.payload.json", "sha256": hashlib.sha256(raw).hexdigest(), "bytes": len(raw)}
    ctx = CheckContext(directory=tmp_path, limits=replace(LIMITS, read_bytes=len(raw) + 10))
    first, second = ctx.load_payload(ref), ctx.load_payload(dict(ref))
    assert first is second and ctx.read == len(raw)
    ctx = CheckContext(directory=tmp_path, limits=replace(LIMITS, read_bytes=len(raw) - 1))
    with pytest.raises(CertificateError, match="over the limit"):
        ctx.load_payload(ref)


def _leaves_a_grandchild(path, evidence_only, limits, rederive=False, coq=False):
    """A check that starts a process which outlives it unless the group is killed."""
    pid = os.fork()
    if pid == 0:
        time.sleep(60)
        os._exit(0)
    (path.parent / "grandchild").write_text(str(pid))
    time.sleep(60)


def test_the_whole_group_is_killed_at_the_wall_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(binding, "_run", _leaves_a_grandchild)
    cert = tmp_path / "x.json"
    cert.write_text("{}")
    t0 = time.monotonic()
    r = binding.check_file(cert, time_limit=1)
    assert time.monotonic() - t0 < 5 and not r.ok and "more than 1 s" in r.message
    pid = int((tmp_path / "grandchild").read_text())
    time.sleep(0.2)
    assert _gone(pid)


def _gone(pid) -> bool:
    """The process has ended (a zombie not yet reaped by init counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rpartition(")")[2].split()[0] == "Z"
    except FileNotFoundError:
        return True


def _allocates(path, evidence_only, limits, rederive=False, coq=False):
    try:
        block = bytearray(1 << 30)
    except MemoryError:
        return binding.CheckResult(str(path), "?", "?", False, "out of memory")
    return binding.CheckResult(str(path), "?", "?", True, f"allocated {len(block)}")


def test_memory_is_limited_by_the_checker(tmp_path, monkeypatch):
    monkeypatch.setattr(binding, "_run", _allocates)
    cert = tmp_path / "x.json"
    cert.write_text("{}")
    r = binding.check_file(cert, limits=replace(LIMITS, memory_bytes=512 << 20))
    assert not r.ok and r.message == "out of memory"


def _writes_caches(path, evidence_only, limits, rederive=False, coq=False):
    from quarks.certify.coq_gate import cache_root

    root = cache_root()
    root.mkdir(parents=True)
    (root / "x").write_text("x")
    return binding.CheckResult(str(path), "?", "?", True, str(root))


def test_caches_go_to_a_private_directory_removed_after(tmp_path, monkeypatch):
    monkeypatch.setattr(binding, "_run", _writes_caches)
    cert = tmp_path / "x.json"
    cert.write_text("{}")
    r = binding.check_file(cert)
    assert r.ok and "quarks-check-" in r.message and not os.path.exists(r.message)


def test_the_timings_place_holds_only_seconds():
    from quarks.certify.load import shape_problem

    cert = _a_certificate()
    assert shape_problem(cert) is None
    cert["data"] = {"timings": {"seconds": "a value hidden in the timings"}}
    assert shape_problem(cert) == "data.timings must map names to non-negative seconds"
    cert["data"] = {"timings": {"seconds": 1.5}}
    assert shape_problem(cert) is None


def test_an_undecided_certificate_of_an_unknown_kind_is_rejected():
    from quarks.certify import check_evidence

    ctx = CheckContext()
    ok, message, _ = check_evidence({"verdict": "inconclusive", "evidence": [{"kind": "arith"}]}, ctx)
    assert ok and "proves nothing" in message
    ok, message, _ = check_evidence({"verdict": "inconclusive", "evidence": [{"kind": "shell"}]}, ctx)
    assert not ok and message.startswith("unknown evidence kind 'shell'")


def _a_certificate() -> dict:
    from quarks.certificates import certificate
    from quarks.claims import registry
    from quarks.claims.claim import Verdict

    claim = registry.claims()["quarks.count-by-halves"]
    cert = certificate.build(claim, {"n": 3, "d": 1, "count": 104}, Verdict.inconclusive("nothing"))
    return json.loads(json.dumps(cert))


def test_an_exhaustive_record_naming_its_procedure_by_a_list_is_not_checked_not_a_crash():
    """A hostile ``procedure`` (a list, unhashable) is neither renamed nor re-run: the record is
    only confirmed by re-derivation, which it never matches."""
    import pytest

    from quarks.certify import check_record
    from quarks.certify.base import NotChecked
    from quarks.certify.exhaustive import current

    record = {"kind": "exhaustive", "procedure": ["quarks.proofs.navon_ranks:eps_ball_ranks"], "args": {},
              "result": {"cases": 1, "holds": True, "digest": "0"}}
    assert current(record) is record
    with pytest.raises(NotChecked):
        check_record(record)
