"""The counting formulas of the yang claims (Theorems 20, 21, Corollaries 22, 23) against LTLCountSyntax.v:
Coq's ``tsat`` gives the reference semantics' truth values on every word over "ab" of length <= 4
(vm_compute), each formula is in the one-sided fragment ``tfrag`` of ``bcompile`` exactly when its
comparisons keep their counts on one side, every formula is covered by ``thm20_tl_*`` (letters below k;
``thm21_tl``: past formulas), ``mcompile`` is ``bcompile`` on the fragment, and a wrong truth value is
rejected; Coq's ``bcompile`` (on tfrag), ``mcompile`` and ``bcompile_b`` (on every formula of the four
claims, PARITY45 and #left[a] = #right[b] + 1 included) are quarks.ltl.count_blocks' networks
(vm_compute), and altered networks are rejected."""
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

    assert count_formula_term(parse("ODD(#left[a])"), "ab") == "(TCnt (fun _ => Nat.odd) DLeft (TAtom 0))"
    assert count_formula_term(parse("#left[a] > 2*#right[b] + 1"), "ab") == \
        "(tcmp_gt (LCons (1)%Z DLeft (TAtom 0) (LCons (-2)%Z DRight (TAtom 1) LNil)) (-1)%Z)"
    assert count_formula_term(parse("MOD_3_1(pos)"), "ab") == "(TPos (fun _ x => Nat.eqb (Nat.modulo x 3) 1))"
    assert count_formula_term(parse("a Ss b"), "ab") == "(TY (TS (TAtom 0) (TAtom 1)))"
    with pytest.raises(CompileError):  # a registered predicate has no Coq term
        count_formula_term(Pred("PRIME", Count("left", Atom("a"))), "ab")


# --- the networks: Coq's compilers are quarks.ltl.count_blocks' networks ----------------------------

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


QUICK = QUICK_IN_TFRAG | {(counting.PARITY45, False)}


def _all_cases(tiers):
    """(formula, causal) of every instance of the counting claims in the tiers."""
    out = []
    for claim in (counting.thm20, counting.thm21, counting.cor22, counting.cor23):
        for tier in tiers:
            for inst in claim.instances[tier]:
                key = (inst["formula"], inst["variant"].startswith("causal"))
                if key not in out:
                    out.append(key)
    return out


def _mixed_random(count):
    """Seeded random formulas whose comparisons count #left against #right."""
    from quarks.ltl.coq_term import count_comparison
    from quarks.ltl.parts import CompileError
    from quarks.proofs.yang.common import random_formula

    out = []
    for seed in range(60):
        f = random_formula(500 + seed, 5, ["Y", "X", "!", "&", "|", "S", "U", "ODD", "cmp"]).replace("] >= #left[", "] >= #right[")
        if "#right" not in f or not mixed(parse(f)):
            continue
        try:
            count_comparison(parse(f), "ab", False, "probe", compiler="mcompile")
        except CompileError:  # one coordinate twice in a unit
            continue
        out.append(f)
        if len(out) == count:
            break
    return out


def test_python_count_networks_are_mcompile_and_bcompile_b(package_proofs, tmp_path):
    """Every counting formula of the four claims (quick tier: PARITY45 and the five in tfrag; full tier:
    #left[a] = #right[b] + 1, F (#left[a] = #right[a]), ...) and seeded random mixed ones: Coq's
    ``mcompile`` (causal on past formulas) and ``bcompile_b`` (every formula, non-causal) are the Python
    networks, mixed-comparison blocks and all."""
    from quarks.ltl.coq_term import COUNT_NET_HEADER, count_comparison

    quick, cases = _all_cases(["quick"]), _all_cases(["quick", "full"])
    assert set(quick) == QUICK and ("#left[a] = #right[b] + 1", False) in cases
    formulas = list(dict.fromkeys(f for f, _ in cases))
    extra = _mixed_random(6)
    assert len(extra) == 6 and len(formulas) >= 12
    m_cases = cases + [(f, False) for f in extra]
    text = COUNT_NET_HEADER + "".join(count_comparison(parse(f), "ab", c, f"m{k}", compiler="mcompile")
                                      for k, (f, c) in enumerate(m_cases))
    text += "".join(count_comparison(parse(f), "ab", False, f"b{k}", compiler="bcompile_b")
                    for k, f in enumerate(formulas + extra))
    assert text.count("same_net (mcompile 2 false") == len([1 for _, c in m_cases if not c]) >= 15
    assert text.count("same_net (bcompile_b 2") == len(formulas) + 6
    res = _count_net_coqc(package_proofs, tmp_path, text)
    assert res.returncode == 0, res.stderr or res.stdout


@pytest.mark.parametrize("compiler", ["mcompile", "bcompile_b"])
def test_an_altered_mixed_network_is_rejected(package_proofs, tmp_path, compiler):
    """PARITY45 with the first mixed lookup's weight K = 2 (1 + 2) (times 2 at tau = 1) raised by 1."""
    from quarks.ltl import count_blocks
    from quarks.ltl.coq_term import COUNT_NET_HEADER, count_comparison

    f = parse(counting.PARITY45)
    model = count_blocks.mcompile(f, "ab") if compiler == "mcompile" else count_blocks.bcompile_b(f, "ab")
    look = next(h for layer in model.layers for h in layer.heads if h.mask == "none" and h.value == "pe:2i")
    q, k, c = look.terms[0]
    assert c == (6 if compiler == "mcompile" else 12)
    look.terms[0] = (q, k, c + 1)
    text = COUNT_NET_HEADER + count_comparison(f, "ab", False, "altered", model=model, compiler=compiler)
    res = _count_net_coqc(package_proofs, tmp_path, text)
    assert res.returncode != 0 and "Unable to unify \"true\" with \"false\"" in res.stderr, res.stderr


def test_a_missing_embedding_is_rejected(package_proofs, tmp_path):
    """bcompile_b's model without its last embedding (-i^2 n^2): the layers still match, the embedding list does not."""
    from quarks.ltl import count_blocks
    from quarks.ltl.coq_term import COUNT_NET_HEADER, count_comparison

    f = parse(counting.MAJORITY)
    model = count_blocks.bcompile_b(f, "ab")
    text = count_comparison(f, "ab", False, "short", compiler="bcompile_b")
    assert "short_pes : length (tpes_b short_p) = 19%nat" in text  # 13 + 6 (no predicates)
    del model.pe["pe:-i^2n^2"]
    res = _count_net_coqc(package_proofs, tmp_path, COUNT_NET_HEADER + count_comparison(
        f, "ab", False, "short", model=model, compiler="bcompile_b"))
    assert res.returncode != 0 and 'Unable to unify "18%nat" with "19%nat"' in res.stderr, res.stderr


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


# --- variant (a): Coq's acompile n is quarks.ltl.count_blocks.acompile(.., n) ---------------------

def test_python_networks_are_acompile(package_proofs, tmp_path):
    """Every counting formula of the four claims (quick and full tier; causal on the past ones) at n = 1,
    2, 5, and PARITY45 (mixed: the first layer writing 2i = 2n (i/n), count lookups scaled by 2n^3, n^3)
    at n = 3: Coq's ``acompile n`` is the Python network, its embedding list ``tpes_a`` as long."""
    from quarks.ltl.coq_term import COUNT_NET_HEADER, count_comparison

    cases = _all_cases(["quick", "full"])
    text = COUNT_NET_HEADER + "".join(count_comparison(parse(f), "ab", c, f"a{k}_{n}", compiler="acompile", n=n)
                                      for k, (f, c) in enumerate(cases) for n in (1, 2, 5))
    text += count_comparison(parse(counting.PARITY45), "ab", False, "mix3", compiler="acompile", n=3)
    assert text.count("same_net (acompile 5 2 false") >= 8 and "same_net (acompile 3 2 false mix3_p)" in text
    res = _count_net_coqc(package_proofs, tmp_path, text)
    assert res.returncode == 0, res.stderr or res.stdout


def test_an_altered_acompile_network_is_rejected(package_proofs, tmp_path):
    """acompile 3 of PARITY45 with the first layer's 2n = 6 read as 5, and MAJORITY's at n = 2 given as
    n = 3's (the lookups' scales differ): both rejected."""
    from quarks.ltl import count_blocks
    from quarks.ltl.coq_term import COUNT_NET_HEADER, count_comparison

    f = parse(counting.PARITY45)
    model = count_blocks.acompile(f, "ab", 3)
    two = model.layers[0].units[0]
    assert two.out == {"2i": ([6], 0)}
    two.out["2i"] = ([5], 0)
    g = parse("ODD(#left[a]) & a S b")
    for text in (count_comparison(f, "ab", False, "altered", model=model, compiler="acompile", n=3),
                 count_comparison(g, "ab", False, "other_n", model=count_blocks.acompile(g, "ab", 3), compiler="acompile", n=2)):
        res = _count_net_coqc(package_proofs, tmp_path, COUNT_NET_HEADER + text)
        assert res.returncode != 0 and "Unable to unify \"true\" with \"false\"" in res.stderr, res.stderr


# --- variant (a) as printed: Coq's pcompile is quarks.ltl.count_blocks.pcompile -------------------

def test_python_networks_are_pcompile(package_proofs, tmp_path):
    """Every counting formula of the four claims in tfrag (quick and full tier; causal on the past ones):
    Coq's ``pcompile`` (one network for every n) is the Python network, its embedding list ``tpes_a`` as long."""
    from quarks.ltl.coq_term import COUNT_NET_HEADER, count_comparison
    from quarks.ltl.count_blocks import tfrag, tl_of

    cases = [(f, c) for f, c in _all_cases(["quick", "full"]) if tfrag(tl_of(parse(f), "ab"), c)]
    assert len(cases) >= 8
    text = COUNT_NET_HEADER + "".join(count_comparison(parse(f), "ab", c, f"p{k}", compiler="pcompile")
                                      for k, (f, c) in enumerate(cases))
    assert text.count("same_net (pcompile 2 ") == len(cases)
    res = _count_net_coqc(package_proofs, tmp_path, text)
    assert res.returncode == 0, res.stderr or res.stdout


def test_an_altered_pcompile_network_is_rejected(package_proofs, tmp_path):
    """pcompile of ODD(#left[a]) & a S b with the lookup's coefficient 2 on j/n^2 read as 4 (acompile 2's):
    rejected."""
    from quarks.ltl import count_blocks
    from quarks.ltl.coq_term import COUNT_NET_HEADER, count_comparison

    g = parse("ODD(#left[a]) & a S b")
    model = count_blocks.pcompile(g, "ab")
    look = next(h for layer in model.layers for h in layer.heads if any(k == "pe:i/n^2" for _, k, _ in h.terms))
    look.terms = [(q, k, 4 * c if k == "pe:i/n^2" else c) for q, k, c in look.terms]
    res = _count_net_coqc(package_proofs, tmp_path, COUNT_NET_HEADER + count_comparison(g, "ab", False, "altered", model=model,
                                                                                         compiler="pcompile"))
    assert res.returncode != 0 and "Unable to unify \"true\" with \"false\"" in res.stderr, res.stderr


# --- variant (a) as printed for every formula: Coq's pacompile is quarks.ltl.count_blocks.pcompile -----

def test_python_networks_are_pacompile(package_proofs, tmp_path):
    """Every counting formula of the four claims (quick and full tier), not causal, mixed comparisons included
    (#left[a] = #right[b] + 1, PARITY45, F (#left[a] = #right[a])): Coq's ``pacompile`` (LTLCountPaperThm.v: the
    paper's block for mixed comparisons, one network for every n) is the Python network, its embedding list
    ``tpes_pa`` as long."""
    from quarks.ltl.coq_term import COUNT_NET_HEADER, count_comparison

    cases = list(dict.fromkeys(f for f, _ in _all_cases(["quick", "full"])))
    assert sum(mixed(parse(f)) for f in cases) >= 3 and len(cases) >= 12
    text = COUNT_NET_HEADER + "".join(count_comparison(parse(f), "ab", False, f"q{k}", compiler="pacompile")
                                      for k, f in enumerate(cases))
    assert text.count("same_net (pacompile 2 ") == len(cases)
    res = _count_net_coqc(package_proofs, tmp_path, text)
    assert res.returncode == 0, res.stderr or res.stdout


def test_an_altered_pacompile_network_is_rejected(package_proofs, tmp_path):
    """pacompile of PARITY45 with the count lookup's weight 2K on j/n^2 read as 2K + 1: rejected."""
    from quarks.ltl import count_blocks
    from quarks.ltl.coq_term import COUNT_NET_HEADER, count_comparison

    f = parse(counting.PARITY45)
    model = count_blocks.pcompile(f, "ab")
    look = next(h for layer in model.layers for h in layer.heads if any(k == "pe:i/n^2:count" for _, k, _ in h.terms))
    look.terms = [(q, k, c + 1 if k == "pe:i/n^2:count" else c) for q, k, c in look.terms]
    res = _count_net_coqc(package_proofs, tmp_path, COUNT_NET_HEADER + count_comparison(f, "ab", False, "altered", model=model,
                                                                                         compiler="pacompile"))
    assert res.returncode != 0 and "Unable to unify \"true\" with \"false\"" in res.stderr, res.stderr
