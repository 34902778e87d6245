"""The counting formulas of the yang claims (Theorems 20, 21, Corollaries 22, 23) against LTLCountSyntax.v:
Coq's ``tsat`` gives the reference semantics' truth values on every word over "ab" of length <= 4
(vm_compute), each formula is in the one-sided fragment ``tfrag`` of ``bcompile`` exactly when its
comparisons keep their counts on one side, every formula is covered by ``thm20_tl_*`` (letters below k;
``thm21_tl``: past formulas), ``mcompile`` is ``bcompile`` on the fragment, and a wrong truth value is
rejected."""
import itertools
import subprocess

import pytest

from quarks.certify import coq_gate
from quarks.ltl.coq_term import COUNT_HEADER, count_semantics_lemma
from quarks.ltl.syntax import Atom, Compare, Count, Pred, children, parse
from quarks.proofs.yang import counting

pytestmark = pytest.mark.coq

WORDS = ["".join(w) for n in range(1, 5) for w in itertools.product("ab", repeat=n)]


def mixed(f) -> bool:
    """Some comparison of f counts on both sides (#left and #right)."""
    if isinstance(f, Compare) and len({t.side for _, t in f.left.terms + f.right.terms}) > 1:
        return True
    return any(mixed(c) for c in children(f))


def _cases():
    out = []
    for claim in (counting.thm20, counting.thm21, counting.cor22, counting.cor23):
        for tier in ("quick", "full"):
            for inst in claim.instances[tier]:
                key = (inst["formula"], inst["variant"] == "causal-temperature")
                if key not in out:
                    out.append(key)
    return out


def _coqc(built, tmp_path, text):
    (tmp_path / "CountSem.v").write_text(text)
    return subprocess.run([coq_gate.coqc(), "-q", "-R", str(built.directory), coq_gate.LOGICAL, "CountSem.v"],
                          cwd=tmp_path, capture_output=True, text=True)


def test_mixed_comparisons_are_recognised():
    assert mixed(parse(counting.PARITY45)) and mixed(parse("F (#left[a] = #right[a])"))
    assert not mixed(parse(counting.PARITY)) and not mixed(parse(counting.DOUBLE))
    assert not mixed(parse("MOD_3_1(#right[b]) & ODD(pos)"))


def test_count_semantics_and_fragment(package_proofs, tmp_path):
    cases = _cases()
    inside = [f for f, _ in cases if not mixed(parse(f))]
    assert counting.PARITY in inside and counting.MAJORITY in inside and counting.DOUBLE in inside
    assert counting.PARITY45 not in inside and len(cases) >= 15
    text = COUNT_HEADER + "".join(
        count_semantics_lemma(parse(f), "ab", WORDS, f"c{k}", causal, not mixed(parse(f)))
        for k, (f, causal) in enumerate(cases))
    assert text.count("_same : mcompile") == len([1 for f, causal in cases if not causal and not mixed(parse(f))])
    res = _coqc(package_proofs, tmp_path, text)
    assert res.returncode == 0, res.stderr or res.stdout


def test_a_mixed_formula_is_outside_the_fragment_only(package_proofs, tmp_path):
    """PARITY45 is not in ``tfrag`` (claiming it is fails) but is covered by the full theorems."""
    text = count_semantics_lemma(parse(counting.PARITY45), "ab", ["ab"], "m0", False, False)
    assert "m0_all : tletters 2 m0_p && true = true" in text and "_same" not in text
    assert _coqc(package_proofs, tmp_path, COUNT_HEADER + text).returncode == 0
    wrong = text.replace("m0_p = false.", "m0_p = true.")
    assert wrong != text and _coqc(package_proofs, tmp_path, COUNT_HEADER + wrong).returncode != 0


def test_a_wrong_truth_value_is_rejected(package_proofs, tmp_path):
    text = count_semantics_lemma(parse(counting.PARITY), "ab", ["ab"], "w0", False, True)
    wrong = text.replace("[[true; true]]", "[[true; false]]")  # ODD(#left[a]) on "ab" is true, true
    assert wrong != text
    res = _coqc(package_proofs, tmp_path, COUNT_HEADER + wrong)
    assert res.returncode != 0 and "Unable to unify" in res.stderr, res.stderr


def test_count_terms_of_formulas():
    """The Coq terms (no coqc needed): counts, comparisons as counting.py's normal forms, predicates."""
    from quarks.ltl.coq_term import count_formula_term
    from quarks.ltl.parts import CompileError

    assert count_formula_term(parse("ODD(#left[a])"), "ab") == "(TCnt Nat.odd DLeft (TAtom 0))"
    assert count_formula_term(parse("#left[a] > 2*#right[b] + 1"), "ab") == \
        "(tcmp_gt (LCons (1)%Z DLeft (TAtom 0) (LCons (-2)%Z DRight (TAtom 1) LNil)) (-1)%Z)"
    assert count_formula_term(parse("MOD_3_1(pos)"), "ab") == "(TPos (fun x => Nat.eqb (Nat.modulo x 3) 1))"
    assert count_formula_term(parse("a Ss b"), "ab") == "(TY (TS (TAtom 0) (TAtom 1)))"
    with pytest.raises(CompileError):  # a registered predicate has no Coq term
        count_formula_term(Pred("PRIME", Count("left", Atom("a"))), "ab")


# --- the networks: Coq's bcompile is quarks.ltl.count_blocks' network ------------------------------

QUICK_IN_TFRAG = {(counting.PARITY, False), (counting.MAJORITY, False), (counting.PARITY, True),
                  (counting.MAJORITY, True), ("(!a S b) & #left[a] > #left[b]", True)}


def _net_cases(tiers):
    """(formula, causal) of the counting claims' instances whose formula lies in tfrag (Python's reading)."""
    from quarks.ltl.count_blocks import tfrag, tl_of

    out = []
    for claim in (counting.thm20, counting.thm21, counting.cor22, counting.cor23):
        for tier in tiers:
            for inst in claim.instances[tier]:
                key = (inst["formula"], inst["variant"].startswith("causal"))
                if key not in out and tfrag(tl_of(parse(key[0]), "ab"), key[1]):
                    out.append(key)
    return out


def _count_net_coqc(built, tmp_path, text):
    (tmp_path / "CountNet.v").write_text(text)
    return subprocess.run([coq_gate.coqc(), "-q", "-R", str(built.directory), coq_gate.LOGICAL, "CountNet.v"],
                          cwd=tmp_path, capture_output=True, text=True)


def test_python_count_networks_are_bcompile(package_proofs, tmp_path):
    """Every quick-tier counting formula of Theorems 20, 21, Corollaries 22, 23 in tfrag (and the full
    tier's, and seeded random ones): Coq's tfrag holds and Coq's bcompile is the Python network."""
    from quarks.ltl.coq_term import COUNT_NET_HEADER, count_comparison
    from quarks.ltl.parts import CompileError
    from quarks.proofs.yang.common import random_formula

    quick = _net_cases(["quick"])
    assert set(quick) == QUICK_IN_TFRAG  # PARITY45 (cor22's quick formula) mixes #left and #right
    cases = _net_cases(["quick", "full"])
    assert len(cases) >= 12
    for seed in range(24):
        f = random_formula(300 + seed, 5, ["Y", "X", "!", "&", "|", "S", "U", "Ss", "ODD", "cmp"])
        try:
            count_comparison(parse(f), "ab", False, "probe")
        except CompileError:  # #left[x] >= #left[x]: one coordinate twice in the local unit
            continue
        if len(f) > 8 and (f, False) not in cases:
            cases.append((f, False))
    assert len(cases) >= 30
    text = COUNT_NET_HEADER + "".join(count_comparison(parse(f), "ab", c, f"n{k}") for k, (f, c) in enumerate(cases))
    res = _count_net_coqc(package_proofs, tmp_path, text)
    assert res.returncode == 0, res.stderr or res.stdout


def test_an_altered_count_network_is_rejected(package_proofs, tmp_path):
    from quarks.ltl.coq_term import COUNT_NET_HEADER, count_comparison
    from quarks.ltl.count_blocks import bcompile

    model = bcompile(parse(counting.MAJORITY), "ab", False)
    sign = next(h for layer in model.layers for h in layer.heads if h.value == "pe:even")
    q, k, c = sign.terms[-1]
    sign.terms[-1] = (q, k, c - 2)  # K (c0 + 1/2) 1/d becomes K (c0 - 1/2) 1/d
    text = COUNT_NET_HEADER + count_comparison(parse(counting.MAJORITY), "ab", False, "altered", model=model)
    res = _count_net_coqc(package_proofs, tmp_path, text)
    assert res.returncode != 0 and "Unable to unify \"true\" with \"false\"" in res.stderr, res.stderr
