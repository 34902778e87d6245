"""A claim's theorems printed together: one traversal for the group, its union recorded for each, and a
group that assumes something not allowed printed again theorem by theorem, so the rejection is exact."""
import pytest

from quarks.certify import coq_gate

pytestmark = pytest.mark.coq

BODY = ("Require Import Coq.Logic.Classical_Prop Coq.Logic.Epsilon.\n"
        "Lemma pure : 1 + 1 = 2.\nProof. reflexivity. Qed.\n"
        "Lemma excluded (P : Prop) : P \\/ ~ P.\nProof. apply classic. Qed.\n"
        "Lemma chosen : exists n : nat, n = n.\n"
        "Proof. exact (ex_intro _ (epsilon (inhabits 0) (fun n => n = n)) eq_refl). Qed.\n")
CLASSIC = "Coq.Logic.Classical_Prop.classic"


@pytest.fixture
def root(tmp_path, monkeypatch):
    monkeypatch.setenv("QUARKS_COQ_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "theories"
    root.mkdir()
    (root / "_CoqProject").write_text("-R . Quarks\nT.v\n")
    (root / "T.v").write_text(BODY)
    return root


def test_a_group_records_its_union(root):
    alone = coq_gate.check_theorems(["T.v:pure", "T.v:excluded"], root=root)
    assert [p.axioms for p in alone] == [[], [CLASSIC]]
    both = coq_gate.check_theorems(["T.v:pure", "T.v:excluded"], root=root, together=True)
    assert all(p.proved for p in both) and [p.axioms for p in both] == [[CLASSIC], [CLASSIC]]
    assert "printed for its 2 theorems together" in both[0].message
    [g1, g2] = coq_gate.check_groups([["T.v:pure"], ["T.v:excluded", "T.v:pure"]], root=root)
    assert [p.axioms for p in g1] == [[]] and [p.axioms for p in g2] == [[CLASSIC], [CLASSIC]]


def test_a_group_with_a_forbidden_assumption_is_rejected_theorem_by_theorem(root):
    ps = coq_gate.check_theorems(["T.v:pure", "T.v:chosen", "T.v:excluded"], root=root, together=True)
    assert [p.status for p in ps] == ["proved", "failed", "proved"]
    assert "Epsilon.epsilon_statement" in ps[1].message
    assert [ps[0].axioms, ps[2].axioms] == [[], [CLASSIC]]        # exact, not the union


def test_a_group_naming_a_missing_theorem_fails_only_that_one(root):
    ps = coq_gate.check_theorems(["T.v:pure", "T.v:nothing"], root=root, together=True)
    assert [p.status for p in ps] == ["proved", "failed"] and "not found" in ps[1].message


def test_coqc_runs_with_the_gc_settings_unless_the_user_sets_them(monkeypatch):
    monkeypatch.delenv("OCAMLRUNPARAM", raising=False)
    assert coq_gate.env()["OCAMLRUNPARAM"] == coq_gate.GC_SETTINGS == "o=400"
    assert coq_gate.env(traversal=True)["OCAMLRUNPARAM"] == coq_gate.GC_SETTINGS_TRAVERSAL == "s=32M,o=400"
    monkeypatch.setenv("OCAMLRUNPARAM", "s=1M")
    assert coq_gate.env()["OCAMLRUNPARAM"] == coq_gate.env(traversal=True)["OCAMLRUNPARAM"] == "s=1M"


def test_expected_names_are_located_in_the_same_coqc(root, monkeypatch):
    """classic is located beside Print Assumptions; Epsilon's axiom (not allowed, not expected) needs
    the second coqc, and only it is asked there."""
    asked = []
    qualify = coq_gate.qualify

    def spy(directory, requires, names, **kw):
        asked.append(list(names))
        return qualify(directory, requires, names, **kw)

    monkeypatch.setattr(coq_gate, "qualify", spy)
    [p] = coq_gate.check_theorems(["T.v:excluded"], root=root)
    assert p.proved and p.axioms == [CLASSIC] and asked == [[]]
    [q] = coq_gate.check_theorems(["T.v:chosen"], root=root)
    assert q.status == "failed" and asked[1] == ["Epsilon.epsilon_statement"]
    assert "Coq.Logic.Epsilon.epsilon_statement" in q.message


def test_read_locate_takes_the_answers_and_leaves_the_rest():
    out = ("Constant Coq.Logic.Classical_Prop.classic\nI\n     : True\n"
           "No object of basename nothing\nI\n     : True\nAxioms:\nclassic : forall P : Prop, P \\/ ~ P\n")
    from quarks.certify.coq_print import read_locate
    full, rest = read_locate(out, ["classic", "nothing"])
    assert full == {"classic": "Coq.Logic.Classical_Prop.classic"}
    assert rest == "Axioms:\nclassic : forall P : Prop, P \\/ ~ P"
    assert read_locate(out, ["a", "b", "c"]) == (None, out)
