"""The network quarks.ltl compiles is the one LTLCompile.v's theorems are about: for the quick-tier
formulas of the yang LTL claims (Theorems 12, 13, 15, 16, Corollaries 17, 18; all four variants), Coq's ``compile`` equals the exported Python network (vm_compute),
and a network with one coefficient changed is rejected; every LTL formula of yang.section6-applications is
LTLSection6.v's ih_ltl / ff_ltl, compiled to Coq's network."""  # noqa: E501
import subprocess
from fractions import Fraction

import pytest

from quarks.certify import coq_gate
from quarks.ltl.compile import compile_formula
from quarks.ltl.coq_term import HEADER, comparison
from quarks.ltl.syntax import parse
from quarks.proofs.yang import ltl

pytestmark = pytest.mark.coq


def _quick_ltl_yx():
    out = []
    for claim in (ltl.thm12, ltl.thm13, ltl.thm15, ltl.thm16, ltl.cor17, ltl.cor18):
        for inst in claim.instances["quick"]:
            key = (inst["formula"], inst["alphabet"], inst["variant"])
            if key not in out:
                out.append(key)
    return out


def _coqc(built, tmp_path, text):
    (tmp_path / "LtlSame.v").write_text(text)
    return subprocess.run([coq_gate.coqc(), "-q", "-R", str(built.directory), coq_gate.LOGICAL, "LtlSame.v"],
                          cwd=tmp_path, capture_output=True, text=True)


def test_python_networks_are_the_coq_compiler_output(package_proofs, tmp_path):
    cases = _quick_ltl_yx()
    assert len(cases) >= 20 and {v for _, _, v in cases} == {"temperature", "unbounded", "causal", "causal-temperature"}
    text = HEADER + "".join(comparison(parse(f), a, v, 2, f"same{k}") for k, (f, a, v) in enumerate(cases))
    res = _coqc(package_proofs, tmp_path, text)
    assert res.returncode == 0, res.stderr or res.stdout


def test_an_altered_coefficient_is_rejected(package_proofs, tmp_path):
    f, a, v = _quick_ltl_yx()[1]
    model = compile_formula(parse(f), list(a), v, Fraction(2))
    head = next(h for layer in model.layers for h in layer.heads if h.terms)
    q, k, c = head.terms[-1]
    head.terms[-1] = (q, k, c + Fraction(1, 2))  # the tie-break j/n becomes 3/2 j/n
    res = _coqc(package_proofs, tmp_path, HEADER + comparison(parse(f), a, v, 2, "altered", model=model))
    assert res.returncode != 0 and "Unable to unify \"true\" with \"false\"" in res.stderr, res.stderr


def test_random_formulas_compile_to_the_coq_network(package_proofs, tmp_path):
    """Seeded random formulas of depth <= 5 over Y, X, S, U (strict too) and Booleans, repeated
    sub-formulas included: Python's network is Coq's compile output in every variant that takes them."""
    from quarks.proofs.yang.common import random_formula

    cases = []
    for seed in range(12):
        cases.append((random_formula(seed, 5, ["Y", "X", "!", "&", "|", "S", "U", "Ss", "Us"]), "ab", "temperature"))
        cases.append((random_formula(100 + seed, 5, ["Y", "X", "!", "&", "|", "S", "U"], "abc"), "abc", "unbounded"))
        cases.append((random_formula(200 + seed, 5, ["Y", "!", "&", "|", "S", "Ss"]), "ab", "causal"))
    cases.append(("(a S b) & (a S b) | !(a S b) & true", "ab", "temperature"))
    text = HEADER + "".join(comparison(parse(f), a, v, 2, f"rand{k}") for k, (f, a, v) in enumerate(cases))
    res = _coqc(package_proofs, tmp_path, text)
    assert res.returncode == 0, res.stderr or res.stdout


def _section6_text(cases) -> str:
    """Coq text: for each (formula, alphabet, Coq's formula) the formula Python writes is Coq's formula (the
    same tree, by reflexivity after vm_compute), and Coq's compile of it is the network the instance runs."""
    from quarks.ltl.coq_term import formula_term

    text = HEADER + "From Quarks Require Import LTLSection6.\n\n"
    for k, (f, a, coq) in enumerate(cases):
        text += (f"Lemma formula{k} : {formula_term(parse(f), a)} = {coq}.\nProof. vm_compute. reflexivity. Qed.\n"
                 + comparison(parse(f), a, "temperature", 2, f"same{k}"))
    return text


def _section6_cases():
    """(the Python formula, its alphabet, LTLSection6.v's formula) of every LTL instance of
    yang.section6-applications, quick and full tiers (letters numbered by their place in the alphabet)."""
    from quarks.proofs.yang.applications import LTL_FULL, LTL_QUICK, ff_formula, ih_formula

    cases = []
    for inst in LTL_QUICK + LTL_FULL:
        a = inst["alphabet"]
        if inst["task"] == "induction":
            case = (ih_formula(a, inst["hops"], inst["letter"]), a,
                    f"ih_ltl {len(a)} {inst['hops']} {a.index(inst['letter'])}")
        else:
            case = (ff_formula(), a, "ff_ltl")
        if case not in cases:
            cases.append(case)
    return cases


def test_section6_formulas_are_coqs_and_compile_to_coqs_network(package_proofs, tmp_path):
    """yang.section6-applications' instances run the network Corollaries 17, 18 (LTLSection6.v) are about:
    the Python formula is ``ih_ltl k K a`` resp. ``ff_ltl`` and its network is Coq's ``compile`` of it."""
    cases = _section6_cases()
    assert len(cases) == 7 and sum(coq == "ff_ltl" for _, _, coq in cases) == 1
    res = _coqc(package_proofs, tmp_path, _section6_text(cases))
    assert res.returncode == 0, res.stderr or res.stdout


@pytest.mark.parametrize("case", ["letter", "numbering"])
def test_a_section6_formula_with_another_letter_is_not_coqs(package_proofs, tmp_path, case):
    """Another output letter (ih_ltl 2 1 1 for the head of letter a), or the flip-flop formula with its reads
    x, y numbered 3, 2: the formulas are not the same tree, and Coq says so at the first lemma."""
    f, a, coq = _section6_cases()[0 if case == "letter" else 1]
    assert (coq, a) == (("ih_ltl 2 1 0", "ab") if case == "letter" else ("ff_ltl", "01xyi"))
    altered = (f, a, "ih_ltl 2 1 1") if case == "letter" else (f, "01yxi", coq)
    res = _coqc(package_proofs, tmp_path, _section6_text([altered]))
    assert res.returncode != 0 and "Unable to unify" in res.stderr and "(LAtom" in res.stderr, res.stderr
