"""The Coq toolchain: detected from coqc (its release, MathComp's major version), the compatibility
file chosen by it, and the build cache keyed on it."""
import pytest

from quarks.certify import coq_gate


@pytest.mark.parametrize("line, release", [
    ("The Coq Proof Assistant, version 8.16.1", "8.16.1"),
    ("The Coq Proof Assistant, version 8.20.1", "8.20.1"),
    ("The Rocq Prover, version 9.0.0", "9.0.0"),
    ("something else", "something else"),
])
def test_coq_release_is_read_from_the_version_line(line, release):
    assert coq_gate.coq_release(line) == release


def test_mathcomp_major_from_the_probe():
    assert coq_gate.mathcomp_major("", 0) == 1                      # Fail succeeded: no hasDecEq
    assert coq_gate.mathcomp_major("Error: The command has not failed!", 1) == 2
    assert coq_gate.mathcomp_major("Error: Cannot find a physical path bound to logical path mathcomp", 1) == 0


def test_each_toolchain_has_its_compatibility_file():
    assert coq_gate.compat_files() == ["compat/mc1/QuarksCompat.v", "compat/mc1/QuarksMpoly.v", "compat/mc2/QuarksCompat.v",
                                      "compat/mc2/QuarksMpoly.v"]
    for major in (1, 2):
        tc = coq_gate.Toolchain("8.x", major)
        assert coq_gate.compat_source(coq_gate.THEORIES, tc) == coq_gate.THEORIES / f"compat/mc{major}/QuarksCompat.v"
    assert str(coq_gate.Toolchain("8.20.1", 2)) == "Coq 8.20.1, MathComp 2"
    assert coq_gate.Toolchain("8.16.1", 1).as_dict() == {"coq": "8.16.1", "mathcomp": 1}


def test_the_compatibility_files_are_not_theories_and_not_library_names():
    assert not any(f.startswith("compat/") for f in coq_gate.project_files())
    assert all(coq_gate.forbidden((coq_gate.THEORIES / f).read_text()) == [] for f in coq_gate.compat_files())


@pytest.mark.coq
def test_the_installed_toolchain_is_detected():
    tc = coq_gate.toolchain()
    assert tc.mathcomp in (1, 2)
    assert tc.coq == coq_gate.coq_release(coq_gate.version())


def test_the_allow_list_names_each_axiom_under_both_roots():
    for name in ("Logic.Classical_Prop.classic", "Reals.ClassicalDedekindReals.sig_forall_dec"):
        assert coq_gate.allowed(f"Coq.{name}") and coq_gate.allowed(f"Stdlib.{name}")
    assert coq_gate.allowed("Stdlib.Reals.Raxioms.completeness") and coq_gate.allowed("Coq.Reals.Raxioms.completeness")
    assert not coq_gate.allowed("Quarks.Logic.Classical_Prop.classic")
    assert not coq_gate.allowed("Coq.Logic.Epsilon.epsilon_statement")


def test_assumptions_compare_up_to_the_standard_library_root():
    printed = {"A.v:a": ["Stdlib.Logic.Classical_Prop.classic"]}
    assert coq_gate.same_assumptions({"A.v:a": ["Coq.Logic.Classical_Prop.classic"]}, printed)
    assert not coq_gate.same_assumptions({"A.v:a": ["Quarks.Logic.Classical_Prop.classic"]}, printed)
    assert not coq_gate.same_assumptions({"A.v:a": []}, printed)
    assert not coq_gate.same_assumptions({"B.v:a": ["Coq.Logic.Classical_Prop.classic"]}, printed)
    assert not coq_gate.same_assumptions(["Coq.Logic.Classical_Prop.classic"], printed)
    assert coq_gate.unrooted("Coq.Reals.Raxioms.R") == "Reals.Raxioms.R" == coq_gate.unrooted("Stdlib.Reals.Raxioms.R")
    assert coq_gate.unrooted("mathcomp.ssreflect.x") == "mathcomp.ssreflect.x"


def test_a_record_says_its_toolchain_and_a_malformed_one_is_refused():
    from types import SimpleNamespace

    from quarks.certify.coq import record, toolchain_problem

    claim = SimpleNamespace(id="c", coq=("A.v:a",), expected="holds")
    assert "toolchain" not in record(claim, [], {})
    assert record(claim, [], {}, {"coq": "8.20.1", "mathcomp": 2})["toolchain"] == {"coq": "8.20.1", "mathcomp": 2}
    assert toolchain_problem(None) == "" and toolchain_problem({"coq": "8.16.1", "mathcomp": 1}) == ""
    for bad in ({"coq": "8.16.1"}, {"coq": "<b>", "mathcomp": 1}, {"coq": "8.16.1", "mathcomp": True},
                {"coq": "9", "mathcomp": 10**9}, "Coq 8.16", {"coq": "x" * 41, "mathcomp": 1}):
        assert toolchain_problem(bad), bad


def test_print_assumptions_read_on_both_toolchains():
    """Coq 8.16 prints "name : type" on one line; Coq 8.20 may print "name :" and the type below."""
    from quarks.certify.coq_print import parse_assumptions

    old = "Axioms:\nCoq.Logic.Classical_Prop.classic : forall P : Prop, P \\/ ~ P\n"
    new = ("Axioms:\nClassicalEpsilon.constructive_indefinite_description :\n  forall (A : Type) (P : A -> Prop),\n"
           "  (exists x : A, P x) -> {x : A | P x}\nClassical_Prop.classic : forall P : Prop, P \\/ ~ P\n")
    assert parse_assumptions(old) == ["Coq.Logic.Classical_Prop.classic"]
    wrapped = "Axioms:\nconstructive_indefinite_description\n  : forall (A : Type) (P : A -> Prop), P\n"   # Coq 8.16
    assert parse_assumptions(wrapped) == ["constructive_indefinite_description"]
    assert parse_assumptions(new) == ["ClassicalEpsilon.constructive_indefinite_description", "Classical_Prop.classic"]
    assert parse_assumptions("Axioms:\nsomething without a type\n") is None   # unreadable: the gate rejects
    assert parse_assumptions("Closed under the global context\n") == []


def test_every_interval_call_computes_with_bignum_floats():
    """`interval` at its default precision (53 bits) computes with Coq's primitive floats; Interval 4.11
    (Debian 13) then also uses primitive arrays and more primitive integer operations than Interval 4.6
    (Debian 12), so Print Assumptions would differ between the toolchains.  With `i_prec` other than 53
    it computes with bignum floats, and the assumptions are the same on both (notes/coq.md)."""
    import re

    from quarks.certify.coq_source import strip_comments

    calls = []
    for f in coq_gate.project_files():
        text = strip_comments((coq_gate.THEORIES / f).read_text())
        for m in re.finditer(r"\binterval(?:_intro)?\b([^.]*)\.", text):
            tail = m.group(1)
            if not re.search(r"\bi_prec\s+(?!53\b)\d+", tail):
                calls.append(f"{f}: interval{tail}")
    assert calls == []
