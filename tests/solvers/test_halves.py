"""Counting T(n;d) by halves: known counts, and certificates whose witnesses are re-checked."""
import base64
import hashlib
import io
import json

import numpy as np
import pytest

from quarks.certificates import certificate
from quarks.checking import binding
from quarks.claims import registry
from quarks.solvers.halves import act, byte_tables, canonical, hyperoctahedral, pair_witnesses


@pytest.mark.parametrize("n,d,count", [(3, 1, 104), (3, 2, 254), (4, 1, 1882), (4, 2, 57574), (4, 3, 65534)])
def test_counts_by_halves(n, d, count):
    assert pair_witnesses(n, d).count == count


def test_byte_lookups_act_like_the_group():
    tables = np.arange(1 << 16, dtype=np.int64)[::37]
    for g in hyperoctahedral(4)[::17]:
        L = byte_tables(g, 4)
        assert np.array_equal(L[0][tables & 255] ^ L[1][tables >> 8], act(g, tables, 4))
    assert canonical(np.array([0b0110]), hyperoctahedral(2), 2)[0] == 0b0110  # XOR's class: {XOR, XNOR}


@pytest.fixture(scope="module")
def cert_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("halves")
    claim = registry.get("quarks.count-by-halves")
    inst = {"n": 4, "d": 2, "count": 57574}
    v = claim.run(inst)
    assert v.status == "verified" and "57,574" in v.summary
    return certificate.write(certificate.build(claim, inst, v, 1.0), out / "quarks.count-by-halves" / "c.json")


def _mutate(path, tmp_path, change):
    """Copy the certificate with its payload changed by ``change(arrays)``, hashes updated."""
    cert = json.loads(path.read_text())
    ref = cert["evidence"][0]["data"]["$payload"]
    with np.load(path.parent / ref["file"]) as z:
        arrays = {k: z[k].copy() for k in z.files}
    change(arrays)
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)
    raw = buf.getvalue()
    d = tmp_path / "quarks.count-by-halves"
    d.mkdir(exist_ok=True)
    (d / "m.payload.npz").write_bytes(raw)
    ref.update(file="m.payload.npz", sha256=hashlib.sha256(raw).hexdigest(), bytes=len(raw))
    (d / "c.json").write_text(json.dumps(cert))
    return binding.check_file(d / "c.json")


def test_certificate_checks(cert_dir):
    r = binding.check_file(cert_dir)
    assert r.ok and r.trust == "witness", r.message


def _bump(name, k=0, col=0):
    def change(a):
        a[name][k, col] += 1 if a[name][k, col] >= 0 else -1
    return change


@pytest.mark.parametrize("change,why", [
    (_bump("pair_coeffs", 5, 0), "realization"),
    (_bump("pair_duals", 7, 2), "Farkas"),
    (_bump("low_coeffs", 100, 1), "T(3;2)"),
    (lambda a: a["rep_orbit"].__setitem__(1, a["rep_orbit"][1] + 1), "orbit sizes"),
    (lambda a: a["pair_orbit"].__setitem__(3, a["pair_orbit"][3] + 1), "orbits of pairs"),
    (lambda a: a["pair_member"].__setitem__(0, ~a["pair_member"][0]), "witnesses"),
])
def test_mutated_witnesses_rejected(cert_dir, tmp_path, change, why):
    r = _mutate(cert_dir, tmp_path, change)
    assert not r.ok


def test_changed_count_rejected(cert_dir, tmp_path):
    cert = json.loads(cert_dir.read_text())
    cert["evidence"][0]["count"] += 1
    d = tmp_path / "quarks.count-by-halves"
    d.mkdir()
    for p in cert_dir.parent.iterdir():
        (d / p.name).write_bytes(p.read_bytes())
    (d / "c.json").write_text(json.dumps(cert))
    r = binding.check_file(d / "c.json")
    assert not r.ok


def test_inline_payload_decodes():
    from quarks.certify.halves import inline_npz
    buf = io.BytesIO()
    np.savez_compressed(buf, a=np.arange(3))
    assert list(inline_npz(base64.b64encode(buf.getvalue()).decode())["a"]) == [0, 1, 2]


def test_mutation_reasons(cert_dir, tmp_path):
    assert "pair fails" in _mutate(cert_dir, tmp_path, _bump("pair_duals", 7, 2)).message
    assert "orbit sizes" in _mutate(cert_dir, tmp_path, lambda a: a["rep_orbit"].__setitem__(1, 9)).message


def test_npz_bytes_are_reproducible(monkeypatch):
    """The payload of a halves-count record is a function of its arrays alone (numpy dates every zip entry
    1980-01-01, not the write time): a re-derivation can compare it byte for byte."""
    import time
    import zipfile

    from quarks.solvers.halves import npz_bytes

    arrays = {"reps": np.arange(7, dtype=np.int64), "member": np.array([True, False])}
    first = npz_bytes(arrays)
    monkeypatch.setattr(time, "time", lambda: 2_000_000_000.0)   # another write time
    monkeypatch.setattr(time, "localtime", lambda *a: (2033, 5, 18, 3, 33, 20, 2, 138, 0))
    assert npz_bytes(arrays) == first
    assert {i.date_time for i in zipfile.ZipFile(io.BytesIO(first)).infolist()} == {(1980, 1, 1, 0, 0, 0)}
