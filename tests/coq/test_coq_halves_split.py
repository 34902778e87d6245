"""|T(n+1;d)| by halves with one Coq file per representative (HalvesSplit.v, halves_split;
quarks.coq.halves_split)."""
import os
import re
import shutil

import pytest

from quarks.coq import halves_split as hs
from quarks.coq import pack as cp


def test_plan_and_files(tmp_path):
    p = hs.plan(3, 1)
    assert len(p.members) == 104 and len(p.reps) == 6 and len(p.assign) == 104
    figs = hs.write(3, 1, tmp_path)
    assert figs == {"representatives": 6, "written": 6, "final": True, "members": 104, "count": 1882}
    assert sorted(f.name for f in tmp_path.iterdir()) == sorted(
        ["HalvesT4_1.v", "HalvesT4_1_levels.v"] + [f"HalvesT4_1_r{i}.v" for i in range(6)])
    final = (tmp_path / "HalvesT4_1.v").read_text()
    assert "Theorem card_T4_1 : #|T 4 1| = 1882." in final
    # the counts of the representatives, weighted by their orbits, add up to |T(4;1)|
    counts = [hs.read_rep(tmp_path / f"HalvesT4_1_r{i}.v")[1] for i in range(6)]
    assert sum(counts[i] for _, i in p.assign) == 1882


def test_write_is_resumable(tmp_path):
    hs.write(3, 1, tmp_path, only=[0, 2])
    assert not (tmp_path / "HalvesT4_1.v").exists()             # the final file waits for all
    before = {f.name: f.stat().st_mtime_ns for f in tmp_path.iterdir()}
    figs = hs.write(3, 1, tmp_path)
    assert figs["final"] and figs["count"] == 1882
    for name, t in before.items():                                # nothing rewritten
        assert (tmp_path / name).stat().st_mtime_ns == t
    with pytest.raises(ValueError):
        hs.write(3, 1, tmp_path, only=[6])
    f = tmp_path / "HalvesT4_1_r3.v"                              # a file of another representative
    f.write_text(hs.CODE.sub("Definition code : N := 7.", f.read_text()))
    with pytest.raises(ValueError, match="representative 7"):
        hs.write(3, 1, tmp_path)


@pytest.fixture(scope="module")
def split4_1(package_proofs, tmp_path_factory):
    """HalvesT4_1 split and compiled (the levels, 6 representatives, the final file)."""
    from quarks.certify import coq_gate

    out = tmp_path_factory.mktemp("split4_1")
    hs.write(3, 1, out)
    res = hs.build(3, 1, out, package_proofs.directory, coq_gate.coqc(), jobs=2)
    return out, res


@pytest.mark.coq
@pytest.mark.heavy   # ~10 s; the default tier rejects mutated halves data in test_coq_halves.py
def test_split_T4_1_is_a_coq_theorem_and_resumes(split4_1, package_proofs):
    from quarks.certify import coq_gate

    out, res = split4_1
    assert res["failed"] == {} and len(res["compiled"]) == 8
    assert (out / "HalvesT4_1.vo").is_file()
    again = hs.build(3, 1, out, package_proofs.directory, coq_gate.coqc(), jobs=2)
    assert again["compiled"] == [] and len(again["skipped"]) == 8
    assert (out / hs.STAMP).read_text().strip() == hs.theories_stamp(package_proofs.directory)


@pytest.mark.coq
@pytest.mark.heavy   # ~10 s
def test_changed_theories_recompile_everything(split4_1, package_proofs, tmp_path):
    """Files compiled against other quarks theories are dropped, not loaded (Coq would refuse
    them as inconsistent): a different stamp recompiles all 8."""
    from quarks.certify import coq_gate

    out = tmp_path / "split"
    shutil.copytree(split4_1[0], out)
    (out / hs.STAMP).write_text("0" * 64 + "\n")
    res = hs.build(3, 1, out, package_proofs.directory, coq_gate.coqc(), jobs=2, stream=open(os.devnull, "w"))
    assert res["failed"] == {} and len(res["compiled"]) == 8
    assert (out / hs.STAMP).read_text().strip() == hs.theories_stamp(package_proofs.directory)


def _corrupt(text, kind):
    if kind == "count":                       # the representative's count off by one
        k = int(hs.COUNT.search(text).group(1))
        return hs.COUNT.sub(f"Definition count : N := {k + 1}.", text)
    if kind == "certificate":                 # a realization replaced by a Farkas certificate
        m = re.search(r"\(unpack_certs (\d+)\n  (\(.*?\))\)\) levels", text, re.S)
        k, words = int(m.group(1)), [int(w) for w in re.findall(r"\d+", re.sub(r"%uint63", "", m.group(2)))]
        certs = cp.unpack_certs(k, words)
        assert len(certs) == k
        real = next(i for i, c in enumerate(certs) if c[0] == "real")
        certs[real] = next(c for c in certs if c[0] == "fark")
        return text.replace(m.group(2), cp.words_text(cp.pack_certs(certs)), 1)
    if kind == "axiom":                       # the lemma assumed instead of proved
        return text.replace("Lemma rep_ok", "Axiom cheat : False.\nLemma rep_ok", 1)
    raise ValueError(kind)


@pytest.mark.coq
@pytest.mark.heavy
@pytest.mark.parametrize("kind", ["count", "certificate", "axiom"])
def test_corrupted_representative_file_is_rejected(split4_1, package_proofs, tmp_path, kind):
    from quarks.certify import coq_gate

    out, _ = split4_1
    work = tmp_path / "w"
    shutil.copytree(out, work)
    f = work / "HalvesT4_1_r1.v"
    text = f.read_text()
    bad = _corrupt(text, kind)
    assert bad != text
    f.write_text(bad)
    os.utime(f, None)
    res = hs.build(3, 1, work, package_proofs.directory, coq_gate.coqc(), jobs=2)
    assert set(res["failed"]) == {"HalvesT4_1_r1", "HalvesT4_1"}
    assert ("uses Axiom" if kind == "axiom" else "Error") in res["failed"]["HalvesT4_1_r1"]
    assert res["failed"]["HalvesT4_1"] == "a dependency failed"


@pytest.mark.coq
@pytest.mark.heavy
def test_split_T5_1_is_card_T5_1(package_proofs, tmp_path):
    """The split data prove the committed theorem's statement #|T 5 1| = 94572 (about 2 min)."""
    from quarks.certify import coq_gate

    figs = hs.write(4, 1, tmp_path)
    assert figs["representatives"] == 15 and figs["count"] == 94572
    res = hs.build(4, 1, tmp_path, package_proofs.directory, coq_gate.coqc(), jobs=2)
    assert res["failed"] == {} and len(res["compiled"]) == 17
    stmt = "Theorem card_T5_1 : #|T 5 1| = 94572."
    assert stmt in (tmp_path / "HalvesT5_1.v").read_text()
    assert stmt in coq_gate.theory_path("HalvesT5_1.v").read_text()


@pytest.mark.coq
@pytest.mark.heavy
def test_split_T4_2(package_proofs, tmp_path):
    """|T(4;2)| = 57,574 (Baldi's classification count) from halves of 3 variables."""
    from quarks.certify import coq_gate
    from quarks.proofs.baldi.classification import COUNTS

    figs = hs.write(3, 2, tmp_path)
    assert figs["count"] == COUNTS[(4, 2)] == 57574
    res = hs.build(3, 2, tmp_path, package_proofs.directory, coq_gate.coqc(), jobs=2)
    assert res["failed"] == {}
    assert "Theorem card_T4_2 : #|T 4 2| = 57574." in (tmp_path / "HalvesT4_2.v").read_text()


def test_cli_writes_the_split_files(tmp_path, capsys):
    from quarks.cli import main

    out = tmp_path / "h"
    assert main(["export-coq", "--halves", "2", "1", "--out", str(out), "--reps", "0"]) == 0
    assert (out / "HalvesT3_1_r0.v").is_file() and not (out / "HalvesT3_1.v").exists()
    assert main(["export-coq", "--halves", "2", "1", "--out", str(out)]) == 0
    assert "HalvesT3_1.v proves #|T 3 1| = 104" in capsys.readouterr().out
    for bad in (["--halves", "5", "2"], ["--halves", "2", "1", "--reps", "99"],
                ["--halves", "2", "1", "--reps", "x"], ["--halves", "2", "1", "-j", "0"]):
        assert main(["export-coq", *bad, "--out", str(out)]) == 2
    assert "error" in capsys.readouterr().err


@pytest.mark.coq
@pytest.mark.heavy
def test_coq_count_claim_reads_the_theorem_back(tmp_path, monkeypatch):
    """quarks.count-t5-2-coq's check on T(4;1): the built card_T4_1 states 1882; a wrong stated count
    is refuted, and a rerun compiles nothing."""
    from quarks.proofs.baldi import new_counts as nc

    monkeypatch.setenv("QUARKS_HALVES_WORK", str(tmp_path))
    v = nc.check_coq_count({"n": 4, "d": 1, "count": 1882})
    assert v.status == "verified", v.summary
    assert any("PrimInt63" in a for a in v.data["axioms"]) and set(v.data) == {"axioms", "timings"}
    w = nc.check_coq_count({"n": 4, "d": 1, "count": 1883})
    assert w.status == "refuted" and w.counterexample["count"] == 1882
    assert hs.prove(3, 1, nc.work_dir(4, 1))["compiled"] == 0     # resumed: nothing recompiled


@pytest.mark.coq
@pytest.mark.heavy
def test_large_count_is_stated_in_binary(split4_1, package_proofs, tmp_path, monkeypatch):
    """Above UNARY_MAX the theorem reads N.of_nat #|T n d| = k (a unary nat literal of |T(5;2)|
    would not fit in memory); theorem() reads the count back from that form too."""
    from quarks.certify import coq_gate

    out, _ = split4_1
    work = tmp_path / "w"
    shutil.copytree(out, work)
    monkeypatch.setattr(hs, "UNARY_MAX", 1000)
    hs.write(3, 1, work)
    assert "Theorem card_T4_1 : N.of_nat #|T 4 1| = Npos 1882%positive." in (work / "HalvesT4_1.v").read_text()
    res = hs.build(3, 1, work, package_proofs.directory, coq_gate.coqc(), jobs=2)
    assert res["compiled"] == ["HalvesT4_1"] and not res["failed"]
    thm = hs.theorem(3, 1, work, package_proofs.directory, coq_gate.coqc())
    assert thm["count"] == 1882 and thm["allowed"]


@pytest.mark.coq
@pytest.mark.heavy   # ~10 s
def test_files_are_compiled_as_they_are_written(package_proofs, tmp_path):
    """write_and_build: the builder picks up every file the writer adds while it runs, including
    the final one written last, and compiles each once; a resumed run skips them all."""
    from quarks.certify import coq_gate

    hs.write(3, 1, tmp_path, only=[0])                     # present at the start
    figs, res = hs.write_and_build(3, 1, tmp_path, package_proofs.directory, coq_gate.coqc(), jobs=2)
    assert figs["final"] and figs["count"] == 1882
    assert res["failed"] == {} and sorted(res["compiled"]) == sorted(
        ["HalvesT4_1", "HalvesT4_1_levels"] + [f"HalvesT4_1_r{i}" for i in range(6)])
    assert res["compiled"][-1] == "HalvesT4_1"             # after every file it requires
    assert hs.theorem(3, 1, tmp_path, package_proofs.directory, coq_gate.coqc())["count"] == 1882
    figs, res = hs.write_and_build(3, 1, tmp_path, package_proofs.directory, coq_gate.coqc(), jobs=2)
    assert res["compiled"] == [] and len(res["skipped"]) == 8
    with pytest.raises(ValueError, match="representatives"):   # the writer's error reaches the caller
        hs.write_and_build(3, 1, tmp_path, package_proofs.directory, coq_gate.coqc(), only=[9])


def test_large_nat_literals_are_read_back():
    """Issue 50, point 11: Coq prints |T(5;1)| = 94572 as Nat.of_num_uint (Number.UIntDecimal (...))."""
    from quarks.coq.halves_split import STATEMENT, decimal_literals

    printed = ("card_T5_1 : #|T 5 1| = Nat.of_num_uint (Number.UIntDecimal (Decimal.D9 (Decimal.D4 (Decimal.D5 "
               "(Decimal.D7 (Decimal.D2 Decimal.Nil))))))")
    assert decimal_literals(printed) == "card_T5_1 : #|T 5 1| = 94572"
    assert STATEMENT.search(decimal_literals(printed)).groups() == ("5", "1", "94572")
    assert decimal_literals("x = Nat.of_num_uint") == "x = Nat.of_num_uint"


@pytest.mark.heavy
@pytest.mark.coq
@pytest.mark.parametrize("relative", [True, False])
def test_export_halves_builds_with_a_relative_or_absolute_out(relative, tmp_path):
    """README's `quarks export-coq --halves 4 1 --out work/ --build -j 2`, at n = 2: a relative --out
    failed reading the theorem back ("Cannot open work"; coqc runs in the folder)."""
    import subprocess
    import sys

    out = "work/" if relative else str(tmp_path / "work")
    r = subprocess.run([sys.executable, "-m", "quarks", "export-coq", "--halves", "2", "1", "--out", out, "--build",
                        "-j", "2"], cwd=tmp_path, capture_output=True, text=True, timeout=1800)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert "proves #|T 3 1| = 104" in r.stdout
