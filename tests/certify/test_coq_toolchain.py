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
    assert coq_gate.compat_files() == ["compat/mc1/QuarksCompat.v", "compat/mc2/QuarksCompat.v"]
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
