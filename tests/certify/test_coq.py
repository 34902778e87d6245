"""The Coq layer: builds, assumptions, the coq evidence kind, proofs in verify and `quarks prove`."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from quarks.certify import coq_gate
from quarks.checking import binding

pytestmark = pytest.mark.coq


def test_every_theory_compiles_without_admitted(package_proofs):
    for f in coq_gate.project_files():
        assert coq_gate.forbidden((coq_gate.THEORIES / f).read_text()) == [], f
    assert set(package_proofs.seconds) == set(coq_gate.project_files())


def test_assumptions_are_read_and_limited():
    [p] = coq_gate.check_theorems(["Threshold.v:inTP"])
    assert p.proved and set(p.axioms) == {"Coq.Logic.ClassicalEpsilon.constructive_indefinite_description",
                                         "Coq.Logic.Classical_Prop.classic"}
    [q] = coq_gate.check_theorems(["Threshold.v:no_such_theorem"])
    assert q.status == "failed" and "not found" in q.message


def _theory(tmp_path, body: str, name: str = "T.v"):
    root = tmp_path / "theories"
    root.mkdir(parents=True)
    (root / "_CoqProject").write_text(f"-R . Quarks\n{name}\n")
    (root / name).write_text(body)
    return root


ONE_IS_TWO = "Theorem one_two : 1 = 2.\nProof. destruct cheat. Qed.\n"


@pytest.mark.coq
@pytest.mark.parametrize("name, body, why", [
    # a theory named like a standard-library module, with a top-level Variable: printed "Uint63.cheat"
    ("Uint63.v", "Variable cheat : False.\n" + ONE_IS_TWO, "named like a module"),
    # the same assumption in a file with an ordinary name: a top-level Variable is an axiom
    ("Cheat.v", "Variable cheat : False.\n" + ONE_IS_TWO, "top-level Variable"),
    ("Cheat2.v", "#[local] Hypothesis cheat : False.\n" + ONE_IS_TWO, "top-level Hypothesis"),
    ("Cheat3.v", "Module M. Context (cheat : False).\n" + ONE_IS_TWO + "End M.\n", "top-level Context"),
    # the guard checker switched off, and a non-terminating fixpoint proving False
    ("Raxioms.v", "Unset Guard Checking.\nFixpoint loop (n : nat) : False := loop n.\n"
                  "Definition cheat := loop 0.\n" + ONE_IS_TWO, "named like a module"),
    ("Loop.v", "Unset Guard Checking.\nFixpoint loop (n : nat) : False := loop n.\n"
               "Definition cheat := loop 0.\n" + ONE_IS_TWO, "Unset Guard Checking"),
    ("Loop2.v", "#[bypass_check(guard)] Fixpoint loop (n : nat) : False := loop n.\n"
                "Definition cheat := loop 0.\n" + ONE_IS_TWO, "bypass_check"),
])
def test_the_coq_gate_refuses_proofs_of_false_things(tmp_path, monkeypatch, name, body, why):
    """Issue 21, point 8: 1 = 2 is never reported proved, however the theory smuggles its assumption."""
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(tmp_path / "cache"))
    root = _theory(tmp_path, body, name)
    [p] = coq_gate.check_theorems([f"{name}:one_two"], root=root)
    assert p.status == "failed" and why in p.message, p.message


@pytest.mark.coq
def test_assumptions_are_compared_by_fully_qualified_name(tmp_path, monkeypatch):
    """A section variable is discharged; an assumption printed as Uint63.x or Raxioms.x from a module of
    ours is not Coq's, whatever its short name."""
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(tmp_path / "cache"))
    assert coq_gate.allowed("Coq.Reals.ClassicalDedekindReals.sig_forall_dec")
    assert not coq_gate.allowed("ClassicalDedekindReals.sig_forall_dec")
    assert not coq_gate.allowed("Quarks.Uint63.cheat") and not coq_gate.allowed("Uint63.cheat")
    root = _theory(tmp_path, "Section S. Variable cheat : False.\n" + ONE_IS_TWO + "End S.\n", "Sec.v")
    [p] = coq_gate.check_theorems(["Sec.v:one_two"], root=root)
    assert p.proved and p.axioms == []   # one_two : False -> 1 = 2, no axiom


def test_admitted_and_extra_axioms_are_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(tmp_path / "cache"))
    root = _theory(tmp_path, "Lemma t : 1 = 1.\nProof. Admitted.\n")
    [p] = coq_gate.check_theorems(["T.v:t"], root=root)
    assert p.status == "failed" and "Admitted" in p.message
    root2 = _theory(tmp_path / "b", "Require Import Coq.Logic.Epsilon.\n"
                    "Lemma t : exists n : nat, n = n.\nProof. exact (ex_intro _ (epsilon (inhabits 0) (fun n => n = n)) eq_refl). Qed.\n")
    [q] = coq_gate.check_theorems(["T.v:t"], root=root2)
    assert q.status == "failed" and "Epsilon.epsilon_statement" in q.message
    assert coq_gate.forbidden("(* Admitted in a comment *) Lemma a : True. Proof. exact I. Qed.") == []


def test_without_coqc_proofs_are_not_checked(monkeypatch):
    monkeypatch.setenv("QUARKS_COQC", "/nonexistent/coqc")
    [p] = coq_gate.check_theorems(["Threshold.v:inTP"])
    assert p.status == "not checked" and p.message == "not checked: coqc not installed"


def test_verify_writes_a_proof_certificate_and_check_cert_binds_it(tmp_path, monkeypatch):
    import quarks

    rep = quarks.verify("test.coq-proved", store=tmp_path / "r.sqlite", out=tmp_path / "c")
    assert rep.exit_code == 0 and [p["status"] for p in rep.proofs] == ["proved"]
    path = tmp_path / "c" / "test.coq-proved" / "proof=coq.json"
    assert binding.check_file(path).ok
    cert = json.loads(path.read_text())
    # the theorems must be those the claim declares, whatever the certificate says
    cert["evidence"][0]["theorems"] = ["Threshold.v:asboolP"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(cert))
    r = binding.check_file(bad)
    assert not r.ok and r.checked and ("not those" in r.message or "evidence[0].theorems" in r.message)
    cert["evidence"][0]["theorems"] = ["Threshold.v:inTP"]
    cert["evidence"][0]["files"]["threshold/Threshold.v"] = "0" * 64
    bad.write_text(json.dumps(cert))
    assert "differs" in binding.check_file(bad).message
    # without coqc the same valid certificate is "not checked": exit 3, never valid
    env = {**os.environ, "QUARKS_COQC": "/nonexistent/coqc"}
    out = subprocess.run([sys.executable, "-m", "quarks", "check-cert", str(path)], capture_output=True, text=True,
                         env=env)
    assert out.returncode == 3 and "NOT CHECKED" in out.stdout and "coqc not installed" in out.stdout


def test_prove_cli(tmp_path):
    out = subprocess.run([sys.executable, "-m", "quarks", "prove", "test.coq-proved", "--json"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    [row] = json.loads(out.stdout)["proofs"]
    assert row["claim"] == "test.coq-proved" and row["status"] == "proved"
    bad = subprocess.run([sys.executable, "-m", "quarks", "prove", "no.such-claim"], capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    env = {**os.environ, "QUARKS_COQC": "/nonexistent/coqc"}
    nc = subprocess.run([sys.executable, "-m", "quarks", "prove", "test.coq-proved"], capture_output=True, text=True,
                        env=env)
    assert nc.returncode == 3 and "not checked: coqc not installed" in nc.stdout


def test_package_claims_are_proved(package_proofs):
    from quarks.claims import registry

    claims = [c for c in registry.claims().values() if c.coq and not c.id.startswith("test.")]
    assert {"navon.degree-optimum", "navon.integer-optimum", "navon.budget-objective",
            "navon.budget-objective-eq2", "quarks.lemma5.1", "quarks.lemma5.2", "quarks.lemma5.2-corrected",
            "yang.lemma9", "yang.prop11", "yang.lemma6", "yang.lemma7", "yang.lemma8", "yang.lemma28",
            "yang.lemma30", "yang.lemma31", "yang.lemma32", "yang.lemma33", "yang.lemma34",
            "yang.lemma25", "yang.lemma29", "yang.thm26",
            "navon.layer-degree-bound", "quarks.count-t5-1-coq"} <= {c.id for c in claims}
    others = [c for c in claims if c.id.split(".")[0] not in ("navon", "yang")]   # those: the next test
    proofs = [p for g in coq_gate.check_groups([c.coq for c in others]) for p in g]   # each claim's theorems together
    assert all(p.proved for p in proofs), [(p.ref, p.message) for p in proofs if not p.proved]


@pytest.mark.heavy   # Print Assumptions of every navon/yang theorem (about 20 s of CPU): CI runs it (-m heavy)
def test_seed_003_004_proofs_use_only_the_real_axioms(package_proofs):
    """Issue 12: the navon.* and yang.* theorems rest on the standard library's real-number axioms
    (and classical logic), nothing else: checked through Print Assumptions."""
    from quarks.claims import registry

    real = {"Coq.Reals.ClassicalDedekindReals.sig_forall_dec", "Coq.Reals.ClassicalDedekindReals.sig_not_dec",
            "Coq.Logic.Classical_Prop.classic", "Coq.Logic.FunctionalExtensionality.functional_extensionality_dep"}
    claims = [c for c in registry.claims().values() if c.coq and c.id.split(".")[0] in ("navon", "yang")]
    assert len(claims) >= 19
    for group in coq_gate.check_groups([c.coq for c in claims]):   # a claim's union: every theorem's is inside it
        for p in group:
            assert p.proved and set(p.axioms) <= real, (p.ref, p.axioms)


def test_resume_does_not_recheck_unchanged_proofs(tmp_path, monkeypatch):
    """--resume reuses a proof recorded under the same build (.vo hashes) and theorems; a changed
    key, or a missing certificate, makes it checked again."""
    import quarks
    from quarks.base.store import Store
    from quarks.certify import coq_gate

    kw = dict(store=tmp_path / "r.sqlite", out=tmp_path / "c", progress=False)
    first = quarks.verify("test.coq-proved", **kw)
    assert [p["status"] for p in first.proofs] == ["proved"] and not first.proofs[0].get("skipped")
    calls = []
    real = coq_gate.check_groups
    monkeypatch.setattr(coq_gate, "check_groups", lambda groups, *a, **k: calls.extend(list(g) for g in groups) or real(groups, *a, **k))
    again = quarks.verify("test.coq-proved", resume=True, **kw)
    assert again.proofs[0]["status"] == "proved" and again.proofs[0]["skipped"] and calls == []
    assert "unchanged since checked" in again.table()
    with Store(tmp_path / "r.sqlite") as db:           # as if the compiled theories had changed
        db.record_proof_key("test.coq-proved", quarks.__version__, "0" * 64)
    third = quarks.verify("test.coq-proved", resume=True, **kw)
    assert not third.proofs[0].get("skipped") and calls == [["Threshold.v:inTP"]]
    (tmp_path / "c" / "test.coq-proved" / "proof=coq.json").unlink()
    quarks.verify("test.coq-proved", resume=True, **kw)
    assert len(calls) == 2


@pytest.mark.coq
def test_independent_theories_build_in_parallel_in_dependency_order(tmp_path, monkeypatch):
    """A theory compiles after the theories it requires; of two failures, the first in project order
    is reported, and a failed build is not cached."""
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("QUARKS_COQ_JOBS", "2")
    root = tmp_path / "p"
    root.mkdir()
    (root / "_CoqProject").write_text("-R . Quarks\nBase.v\nUser.v\nBadOne.v\nBadTwo.v\n")
    (root / "Base.v").write_text("Definition base := 3.\n")
    (root / "User.v").write_text("From Quarks Require Import Base.\nLemma b : base = 3. Proof. reflexivity. Qed.\n")
    (root / "BadOne.v").write_text("Lemma f : 1 = 2. Proof. reflexivity. Qed.\n")
    (root / "BadTwo.v").write_text("Lemma g : 2 = 3. Proof. reflexivity. Qed.\n")
    assert coq_gate.dependencies(root, coq_gate.project_files(root)) == {
        "Base.v": set(), "User.v": {"Base.v"}, "BadOne.v": set(), "BadTwo.v": set()}
    b = coq_gate.build(root)
    assert b.error.startswith("BadOne.v:") and not b.cached
    (root / "BadOne.v").write_text("Lemma f : 1 = 1. Proof. reflexivity. Qed.\n")
    (root / "BadTwo.v").write_text("Lemma g : 2 = 2. Proof. reflexivity. Qed.\n")
    b = coq_gate.build(root)
    assert b.ok and set(b.seconds) == {"Base.v", "User.v", "BadOne.v", "BadTwo.v"}
    assert coq_gate.build(root).cached


@pytest.mark.coq
def test_folders_and_bare_names(tmp_path, monkeypatch):
    """Theories in folders: compiled under one -R, required by their bare module name, cited by
    their bare file name; two theories with the same file name are refused."""
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "p"
    (root / "base").mkdir(parents=True)
    (root / "use").mkdir()
    (root / "_CoqProject").write_text("-R . Quarks\nbase/Base.v\nuse/User.v\n")
    (root / "base" / "Base.v").write_text("Definition base := 3.\n")
    (root / "use" / "User.v").write_text("From Quarks Require Import Base.\nLemma b : base = 3. Proof. reflexivity. Qed.\n")
    assert coq_gate.theory_paths(root) == {"Base.v": "base/Base.v", "User.v": "use/User.v"}
    assert coq_gate.theory_path("User.v", root) == root / "use" / "User.v"
    assert coq_gate.dependencies(root, coq_gate.project_files(root)) == {"base/Base.v": set(), "use/User.v": {"base/Base.v"}}
    [p] = coq_gate.check_theorems(["User.v:b"], root)
    assert p.proved, p.message
    (root / "use" / "Base.v").write_text("Definition other := 4.\n")
    (root / "_CoqProject").write_text("-R . Quarks\nbase/Base.v\nuse/Base.v\nuse/User.v\n")
    assert coq_gate.duplicate_names(coq_gate.project_files(root)) == ["Base.v"]
    with pytest.raises(ValueError, match="unique"):
        coq_gate.theory_paths(root)
    b = coq_gate.build(root)
    assert not b.ok and "Base.v: more than one theory" in b.error


def test_package_theory_names_unique():
    """Claims cite theories by bare file name: the package's names are unique across folders."""
    files = coq_gate.project_files()
    assert coq_gate.duplicate_names(files) == []
    assert all("/" in f for f in files)          # one folder per idea
    assert set(coq_gate.theory_paths()) == {Path(f).name for f in files}


@pytest.mark.coq
@pytest.mark.parametrize("body, why", [
    ("Conjectures cheat other : False.\n" + ONE_IS_TWO, "Conjectures"),
    ("Axioms cheat other : False.\n" + ONE_IS_TWO, "Axioms"),
    ("Parameters cheat other : False.\n" + ONE_IS_TWO, "Parameters"),
    ("Hypotheses cheat other : False.\n" + ONE_IS_TWO, "top-level Hypotheses"),
    ("Variables cheat other : False.\n" + ONE_IS_TWO, "top-level Variables"),
    ("Class Bad := bad : False.\n#[global] Declare Instance cheat : Bad.\n"
     "Theorem one_two : 1 = 2.\nProof. destruct (@bad cheat). Qed.\n", "Declare Instance"),
    ("Module Type B. Parameter cheat : False. End B.\nDeclare Module M : B.\n"
     "Theorem one_two : 1 = 2.\nProof. destruct M.cheat. Qed.\n", "Declare Module"),
    ("Require Import Program.\nProgram Definition cheat : False := _.\nAdmit Obligations.\n"
     "Theorem one_two : 1 = 2.\nProof. destruct cheat. Qed.\n", "Admit Obligations"),
])
def test_the_vernacular_scan_covers_plural_and_declare_forms(tmp_path, monkeypatch, body, why):
    """Issue 37, point 4: every vernacular that introduces an assumption is refused before compiling."""
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(tmp_path / "cache"))
    root = _theory(tmp_path, body, "Cheat.v")
    [p] = coq_gate.check_theorems(["Cheat.v:one_two"], root=root)
    assert p.status == "failed" and f"uses {why}" in p.message, p.message
    assert coq_gate.forbidden("Obligation Tactic := idtac.\nSection S. Variables a b : nat. End S.\n") == []


def _no_scans(monkeypatch):
    """Defence in depth: the vernacular scan and the shadowing check out of the way, so that what is
    tested is the Print Assumptions / Locate gate alone."""
    monkeypatch.setattr(coq_gate, "forbidden", lambda text: [])
    monkeypatch.setattr(coq_gate, "shadowing", lambda files: [])


FAKE_COQ = "Module Logic. Module Classical_Prop.\nConjectures classic other : False.\nEnd Classical_Prop. End Logic.\n"
USES_FAKE = "From Quarks Require Coq.\nTheorem one_two : 1 = 2.\nProof. destruct Coq.Logic.Classical_Prop.classic. Qed.\n"


@pytest.mark.coq
@pytest.mark.parametrize("name", ["File.v", "Library.v", "Module.v", "Ltac.v"])
def test_a_name_that_does_not_resolve_rejects(tmp_path, monkeypatch, name):
    """Issue 37, point 4: a file named like a Locate keyword once made the whole Locate probe fail, and
    every theorem of the batch was then judged by its printed short name: a theory Coq.v declaring its
    own Logic.Classical_Prop.classic (printed "Coq.Logic.Classical_Prop.classic") got 1 = 2 proved."""
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(tmp_path / "cache"))
    _no_scans(monkeypatch)
    root = tmp_path / "theories"
    root.mkdir()
    (root / "_CoqProject").write_text(f"-R . Quarks\nCoq.v\nT.v\n{name}\n")
    (root / "Coq.v").write_text(FAKE_COQ)
    (root / "T.v").write_text(USES_FAKE)
    (root / name).write_text("Conjecture x : True.\nTheorem t : True.\nProof. exact x. Qed.\n")
    proofs = coq_gate.check_theorems(["T.v:one_two", f"{name}:t"], root=root)
    assert [p.status for p in proofs] == ["failed", "failed"], [p.message for p in proofs]
    assert proofs[0].axioms == [] or not any(coq_gate.allowed(a) for a in proofs[0].axioms), proofs[0].axioms


@pytest.mark.coq
def test_the_one_at_a_time_fallback_resolves_names_in_its_own_environment(tmp_path, monkeypatch):
    """Issue 37, point 4: a missing theorem sends the gate to one probe per theorem; a name printed in
    one probe ("Classical_Prop.classic", our own) once was resolved with every file required, where it
    denotes Coq's.  Each probe's names are now resolved with that probe's Require lines."""
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(tmp_path / "cache"))
    _no_scans(monkeypatch)
    root = tmp_path / "theories"
    (root / "own").mkdir(parents=True)
    (root / "_CoqProject").write_text("-R . Quarks\nReal.v\nown/Classical_Prop.v\nFake.v\n")
    (root / "Real.v").write_text("Require Coq.Logic.Classical_Prop.\n"
                                 "Theorem em : forall P, P \\/ ~ P.\nProof. exact Coq.Logic.Classical_Prop.classic. Qed.\n")
    (root / "own" / "Classical_Prop.v").write_text("Conjectures classic other : False.\n")
    (root / "Fake.v").write_text("From Quarks Require Classical_Prop.\nTheorem one_two : 1 = 2.\n"
                                 "Proof. destruct Classical_Prop.classic. Qed.\n")
    proofs = coq_gate.check_theorems(["Fake.v:one_two", "Real.v:em", "Fake.v:missing"], root=root)
    assert [p.status for p in proofs] == ["failed", "proved", "failed"], [p.message for p in proofs]
    assert proofs[1].axioms == ["Coq.Logic.Classical_Prop.classic"]
    assert proofs[0].axioms == ["Quarks.own.Classical_Prop.classic"], proofs[0].message


@pytest.mark.coq
@pytest.mark.parametrize("name", ["Coq.v", "Stdlib.v", "mathcomp.v", "Interval.v", "Coq/U.v"])
def test_files_named_like_a_library_root_are_refused(tmp_path, monkeypatch, name):
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(tmp_path / "cache"))
    root = _theory(tmp_path, "Theorem one_two : 1 = 1.\nProof. reflexivity. Qed.\n", "T.v")
    (root / name).parent.mkdir(parents=True, exist_ok=True)
    (root / name).write_text("Definition x := 1.\n")
    (root / "_CoqProject").write_text(f"-R . Quarks\n{name}\nT.v\n")
    [p] = coq_gate.check_theorems(["T.v:one_two"], root=root)
    assert p.status == "failed" and f"{name}: named like a module" in p.message, p.message


def test_unresolved_names_are_never_compared_as_printed(tmp_path):
    """qualify answers None (so the gate rejects) for a name that is no qualid or that Locate does not know."""
    assert coq_gate.qualify(tmp_path, [], ["x. Axiom y : False"]) is None
    if coq_gate.available():
        assert coq_gate.qualify(tmp_path, [], ["No.such.name"]) is None
        assert coq_gate.qualify(tmp_path, [], ["Classical_Prop.classic"],
                                head="Require Coq.Logic.Classical_Prop.\n") == {
            "Classical_Prop.classic": "Coq.Logic.Classical_Prop.classic"}
