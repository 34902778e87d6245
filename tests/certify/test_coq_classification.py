"""Complete classifications as Coq theorems: #|T(n;d)| proved by Coq's kernel (Classify.v)."""
import numpy as np
import pytest

from quarks.certify import coq_classification as cc
from quarks.checking import binding
from quarks.solvers.classify import classification_payload
from quarks.solvers.compose import threshold_list

pytestmark = pytest.mark.coq


def _members(P) -> np.ndarray:
    return np.flatnonzero(P["member"]).astype(np.uint64)


@pytest.mark.parametrize("n, d, count", [(3, 1, 104), (3, 2, 254),
                                         pytest.param(4, 1, 1882, marks=pytest.mark.heavy)])
def test_classification_is_a_coq_theorem(n, d, count):
    P = classification_payload(n, d)
    res = cc.prove(n, d, count, P)
    assert res.proved, res.message
    assert res.theorems == [f"card_T{n}_{d}", f"mem_T{n}_{d}"]
    assert all(cc.coq_gate.allowed(a) for a in res.axioms)
    # the set Coq proves (mem_T: number t is in T(n;d) iff its certificate is Real) is the engine's list
    assert np.array_equal(_members(P), threshold_list(n, d))


@pytest.mark.heavy
@pytest.mark.parametrize("d, count", [(2, 57574), (3, 65534)])   # about a minute each on 2 cores
def test_classification_n4_higher_degree(d, count):
    P = classification_payload(4, d)
    res = cc.prove(4, d, count, P)
    assert res.proved, res.message
    assert np.array_equal(_members(P), threshold_list(4, d))


def _mutant(kind):
    P = {k: v.copy() for k, v in classification_payload(3, 1).items()}
    members = np.flatnonzero(P["member"])
    if kind == "weight":        # the constant term of a non-constant member's polynomial, made huge
        row = int(np.flatnonzero(members == 0xE8)[0])   # majority of 3
        P["real"][row, 0] += 100
    elif kind == "multiplier":  # one Farkas multiplier changed: the weights on true and false points differ
        row = 0
        k = int(np.flatnonzero(P["farkas"][row])[0])
        P["farkas"][row, k] += 1
    elif kind == "bit":         # two members' certificates exchanged: each is checked against another table
        i, j = int(np.flatnonzero(members == 0xE8)[0]), int(np.flatnonzero(members == 0x80)[0])
        P["real"][[i, j]] = P["real"][[j, i]]
    return P


@pytest.mark.parametrize("kind", ["weight", "multiplier", "bit"])
def test_mutated_classification_is_rejected_by_coq(kind):
    res = cc.prove(3, 1, 104, _mutant(kind))
    assert not res.proved
    assert res.message.startswith("rejected by Coq: T3_1.v (Lemma check / card_T3_1)"), res.message


def test_wrong_count_is_rejected_by_coq():
    res = cc.prove(3, 1, 105, classification_payload(3, 1))
    assert not res.proved and "rejected by Coq" in res.message


def test_malformed_payload_is_refused():
    P = classification_payload(3, 1)
    P["real"] = P["real"][:-1]
    res = cc.prove(3, 1, 104, P)
    assert not res.proved and res.message.startswith("malformed classification: real")


def test_certificate_round_trip(tmp_path):
    from quarks import api

    rep = api.verify("quarks.count-coq", out=tmp_path / "certs", store=tmp_path / "r.sqlite", progress=False)
    assert {r.status for r in rep.results} == {"verified"} and len(rep.results) == 1   # T(3;1) (the others: full tier)
    files = sorted((tmp_path / "certs").rglob("*.json"))
    checks = [binding.check_file(f) for f in files]
    assert all(c.ok and c.trust == "coq" for c in checks), [c.message for c in checks]


def test_export_cli(tmp_path, capsys):
    from quarks.cli import main

    assert main(["export-coq", "--classification", "3", "1", "--out", str(tmp_path / "v")]) == 0
    assert sorted(p.name for p in (tmp_path / "v").iterdir()) == ["Makefile", "README.md", "T3_1.v", "T3_1_00.v",
                                                                  "_CoqProject", "quarks"]
    assert str(cc.coq_gate.cache_root()) not in (tmp_path / "v" / "_CoqProject").read_text()
    assert "Theorem card_T3_1 : #|T 3 1| = 104." in (tmp_path / "v" / "T3_1.v").read_text()
    assert main(["export-coq", "--classification", "5", "2", "--out", str(tmp_path / "w")]) == 2
    assert not (tmp_path / "w").exists()
    assert "N <= 4" in capsys.readouterr().err


@pytest.mark.heavy
def test_exported_classification_builds_with_make(tmp_path):
    """The export builds the usual way, with no path into this machine's cache: coq_makefile && make."""
    import shutil
    import subprocess

    from quarks.cli import main

    out = tmp_path / "export"
    assert main(["export-coq", "--classification", "3", "1", "--out", str(out)]) == 0
    moved = tmp_path / "elsewhere"          # another place, as on another machine
    shutil.move(out, moved)
    r = subprocess.run(["make", "-s"], cwd=moved, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert (moved / "T3_1.vo").is_file() and (moved / "quarks" / "counting" / "Classify.vo").is_file()
