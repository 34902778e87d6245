"""Seed 004, Sections 4.4-4.5: counting terms, comparisons and numerical predicates (TL[#])."""
from __future__ import annotations

from quarks.claims.claim import Claim, Source
from quarks.proofs.yang.common import check_construction, random_formula

PARITY = "ODD(#left[a])"
MAJORITY = "#left[a] > #left[b]"
DOUBLE = "#[a] >= 2*#[b]"
PARITY45 = "!P(#left[Y a] = #right[a])"


# The Coq theorems (quarks/proofs/coq/ltl/LTLCount*.v) are about our own block compiler `bcompile` (one
# block of layers per connective, nothing shared), not counting.py's network; quarks/ltl/count_blocks.py is
# bcompile in Python (equal by vm_compute, tests/ltl/test_ltl_count_coq.py) and the checks below run both
# networks on the instances in the fragment `tfrag`:
# LTL[Y, X, S, U] with comparisons of counts on one side and numerical predicates on positions and counts.
# Comparisons mixing #left and #right need the counts themselves looked up within 1/(4n), which counting.py
# does at a second temperature 1/(2n^3); the Coq model has one temperature per network.
_FRAG = {"thm20_count_hard": ["tfrag k false p = true", "(1 <= n)%nat", "(i < n)%nat"],
         "thm20_count_soft": ["tfrag k false p = true", "(1 <= n)%nat", "(i < n)%nat"],
         "thm20_count": ["tfrag k false p = true", "(1 <= n)%nat", "(i < n)%nat"]}
_PFRAG = {"thm21_count_hard": ["tfrag k true p = true", "(1 <= n)%nat", "(i < n)%nat"],
          "thm21_count_soft": ["tfrag k true p = true", "(1 <= n)%nat", "(i < n)%nat"],
          "thm21_future": ["tfrag k true p = true"]}
_STAGE = {"thm21_compare_soft": [
    "stage_mask m d", "(i < n)%nat", "x i inv = / INR (span n d i)",
    "(forall p : nat * Z, In p qs -> x i (fst p) = INR (count n d (bit (src (fst p))) i) / INR (span n d i))",
    "(forall j : nat, x j key = (-1) ^ (j + 1))", "(forall j : nat, x j ev = even01 (j + 1))",
    "y one = B2R (vis_cnt m n i =? 1)", "y loc = B2R (0 <=? stage_local i qs src bit c0)%Z", "0 < tau",
    "2 * INR n * tau <= Q2R K", "y att = head_out (soft_w tau) n (real_head (sign_shead att ev qs inv key K c0 m)) x i"]}
_SCOPE = ("  Coq (LTLCountSyntax.v, LTLCountCompile.v, LTLCountThm.v): counting LTL tl (letters, constants, !, &, |, "
          "Y, X, S, U, comparisons sum_k a_k #d_k[phi_k] + c0 >= 0 with integer a_k, c0 and >, <=, <, =, != as "
          "Boolean combinations of them, numerical predicates P(i) on the position and P(#d[phi]) on a count) with "
          "its semantics tsat on finite words; tfrag k caus p: letters below k, every comparison's counts on one "
          "side, #left only and no X, U when caus.  bcompile k caus p is our compiler (one block of layers per "
          "connective: Boolean units; Y, X, S, U selection heads with Lemma 9 rounding; for a comparison one "
          "uniform count head per term writing C_k / i or C_k / (n - i + 1), a local unit, and the sign head with "
          "query (E + 1/2)/d, key (-1)^i, value [i even], K = 2, read by the comparison unit gated by [the head "
          "sees one position]; for P(C) the count head, an S (U) head giving Z = [C = 0], and Lemma 7's table "
          "lookup with query C/d, 1/d and keys 2j, -j^2 reading [P(j)] at j = C, rounded, gated by Z, plus P(0) Z); "
          "it is not counting.py's network; quarks/ltl/count_blocks.py builds it in Python (equal to bcompile by "
          "vm_compute on the claims' formulas in tfrag), and the checks of the temperature-variant instances in "
          "tfrag run it at tau = 1/(2n) beside counting.py's.  Embedding: letters, 1, (-1)^i, i/n, 1/i, "
          "1/(n - i + 1), [i even], -i^2, 2i, then [P(i)] per numerical predicate (only -i^2 and 2i are "
          "unbounded). ")
_SIGN = ("(thm21_compare_soft, LTLCountStage.v) the comparison stage alone: for every n, i < n, direction d and "
         "mask m with stage_mask m d (future mask with #left, or no mask), if the count coordinates hold "
         "#d[phi_k] / span at i, the denominator coordinate 1/span, the key (-1)^(j+1) and the value [j + 1 even] "
         "at every j, the gate [the head sees one position] and the local unit [sum_k a_k phi_k(i) + c0 >= 0], "
         "then at every 0 < tau with 2 n tau <= K the comparison unit outputs exactly [sum_k a_k #d[phi_k] + c0 >= 0] "
         "(position 1 under the future mask included: there the count is the position's own bit).")
_PART = ("comparisons mixing #left and #right (#left[a] = #right[b] + 1, Corollary 22's !P(#left[Y a] = #right[a])): "
         "counting.py looks the counts up within 1/(4n) at a second temperature 1/(2n^3), and the Coq model has one "
         "temperature per network; the bounded-embedding lookups of variant (a) and variant (b) (unbounded PEs, "
         "tau = 1) are not proved; the Coq compiler is ours (count_blocks.py), not counting.py's network.")
COQ20 = ("LTLCountThm.v:thm20_count_hard", "LTLCountThm.v:thm20_count_soft", "LTLCountThm.v:thm20_count",
         "LTLCountStage.v:thm21_compare_soft")
COQ20_TEXT = (_SCOPE + "For every p with tfrag k false p = true, n with 1 <= n, word w and i < n (0-based: the "
              "paper's position 1 is i = 0): (thm20_count_hard) the hard run of bcompile k false p on the embedding "
              "outputs exactly [w, i |= p]; (thm20_count_soft) its softmax run at tau = 1/(2n) outputs exactly "
              "[w, i |= p]; (thm20_count) so does Lemma 9's rounding of it.  " + _SIGN + "  Not proved in Coq: " + _PART)
COQ21 = ("LTLCountThm.v:thm21_count_hard", "LTLCountThm.v:thm21_count_soft", "LTLCountThm.v:thm21_future",
         "LTLCountStage.v:thm21_compare_soft")
COQ21_TEXT = (_SCOPE + "For every p with tfrag k true p = true (#left, Y, S, position predicates): (thm21_future) "
              "every head of bcompile k true p is future-masked; for every n with 1 <= n, w and i < n "
              "(thm21_count_hard) the hard run outputs exactly [w, i |= p] and (thm21_count_soft) the softmax run "
              "at tau = 1/(2n) outputs exactly [w, i |= p].  " + _SIGN + "  Not proved in Coq: " + _PART)
COQ22 = ("LTLCountThm.v:cor22_count",)
COQ22_TEXT = (_SCOPE + "(cor22_count) for every p with tfrag k false p = true (S and U included), n with 1 <= n, "
              "w and i < n, the softmax run of bcompile k false p at tau = 1/(2n) outputs exactly [w, i |= p]." + "  Not proved in Coq: " + _PART)
COQ23 = ("LTLCountThm.v:cor23_count",)
COQ23_TEXT = (_SCOPE + "(cor23_count) for every p with tfrag k true p = true (S included), n with 1 <= n, w and "
              "i < n, every head of bcompile k true p is future-masked and its softmax run at tau = 1/(2n) outputs "
              "exactly [w, i |= p]." + "  Not proved in Coq: " + _PART)


def _family(formulas, variants, n_quick=8, n_full=12, ops=None, seeds=4, quick_count=2, long=True):
    quick = [{"formula": f, "alphabet": "ab", "n": n_quick, "variant": v}
             for f in formulas[:quick_count] for v in variants[:1]]
    full = [{"formula": f, "alphabet": "ab", "n": n_full, "variant": v} for f in formulas for v in variants]
    if ops:
        full += [{"formula": random_formula(s, 4, ops), "alphabet": "ab", "n": 10, "variant": variants[0]}
                 for s in range(seeds)]
    if long:  # random words up to length 2000, one batch per instance (exact big-integer hard model)
        full += [{"formula": formulas[0], "alphabet": "ab", "n": 4, "variant": variants[0],
                  "random": [[100, 300, 1000], 1, 1]},
                 {"formula": formulas[0], "alphabet": "ab", "n": 2, "variant": variants[0],
                  "random": [[2000], 1, 2]}]
    return {"quick": quick, "full": full}


thm20 = Claim(
    id="yang.thm20",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Theorem 20"),
    statement="Every formula of LTL[Y, X] with counting terms #left/#right, linear comparisons of counts and "
              "unary numerical predicates on positions and counts is computed by a softmax transformer with "
              "(a) bounded PEs and temperature 1/(2n) (sign tests) and 1/(2n^3) (table lookups), or (b) "
              "unbounded PEs and tau = 1.  Examples: PARITY, MAJORITY, #a >= 2#b." + COQ20_TEXT,
    coq=COQ20,
    coq_part=_PART,
    coq_hypotheses={**_FRAG, **_STAGE},
    latex=r"\mathrm{TL}[\#]\subseteq\mathrm{SMAT}",
    kind="construction",
    instances=_family([PARITY, MAJORITY, DOUBLE, "MOD_3_1(#right[b]) & ODD(pos)", "#left[a] = #right[b] + 1"],
                      ["temperature", "unbounded"], ops=["Y", "!", "&", "ODD", "cmp"]),
    check=lambda inst: check_construction(inst, "count"),
)

thm21 = Claim(
    id="yang.thm21",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Theorem 21"),
    statement="Past counting formulas (#left only) are computed by future-masked softmax transformers with "
              "bounded PEs and temperature (1/(2n) and 1/(2n^3))." + COQ21_TEXT,
    coq=COQ21,
    coq_part=_PART,
    coq_hypotheses={**_PFRAG, **_STAGE},
    latex=r"\mathrm{TL}[\#_{\mathrm{left}}]\subseteq\mathrm{SMAT}^{\mathrm{future}}_\tau",
    kind="construction",
    instances=_family([PARITY, MAJORITY, DOUBLE, "MOD_3(#left[Y a])"], ["causal-temperature"],
                      ops=["Y", "!", "&", "ODD", "cmp"]),
    check=lambda inst: check_construction(inst, "count-past"),
)

cor22 = Claim(
    id="yang.cor22",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Corollary 22"),
    statement="TL[#] with since/until (the logic of Barcelo et al. 2024) is computed by softmax transformers "
              "in both variants; e.g. PARITY without numerical predicates: !P(#left[Y a] = #right[a])." + COQ22_TEXT,
    coq=COQ22,
    coq_part=_PART,
    coq_hypotheses={"cor22_count": _FRAG["thm20_count_soft"]},
    latex=r"\mathrm{TL}[\#,\mathsf{S},\mathsf{U}]\subseteq\mathrm{SMAT}",
    kind="construction",
    instances=_family([PARITY45, "(a S b) & ODD(#left[b])", "F (#left[a] = #right[a])"],
                      ["temperature", "unbounded"], quick_count=1, ops=["Y", "S", "U", "&", "ODD", "cmp"]),
    check=lambda inst: check_construction(inst, "count"),
)

cor23 = Claim(
    id="yang.cor23",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Corollary 23"),
    statement="Past TL[#] with since is computed by future-masked softmax transformers with temperature." + COQ23_TEXT,
    coq=COQ23,
    coq_part=_PART,
    coq_hypotheses={"cor23_count": _PFRAG["thm21_count_soft"]},
    latex=r"\mathrm{TL}[\#_{\mathrm{left}},\mathsf{S}]\subseteq\mathrm{SMAT}^{\mathrm{future}}_\tau",
    kind="construction",
    instances=_family(["(!a S b) & #left[a] > #left[b]", "H (a -> ODD(#left[a]))"], ["causal-temperature"],
                      quick_count=1, ops=["Y", "S", "&", "ODD", "cmp"]),
    check=lambda inst: check_construction(inst, "count-past"),
)
