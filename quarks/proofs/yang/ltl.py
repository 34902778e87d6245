"""Seed 004, Sections 4.1-4.3: LTL with previous/next and since/until in softmax transformers.

Each instance compiles one formula (:mod:`quarks.ltl.compile`) in one variant and checks it on every
word up to length n: the hard model exactly, the softmax model by certified radii (every value before
a rounding within 1/4 of its exact Boolean).  Temperatures and embeddings are ours: see the module
docstring of the compiler and notes/soft-hard.md.
"""
from __future__ import annotations

from quarks.claims.claim import Claim, Source
from quarks.proofs.yang.common import check_construction, random_formula


def _family(formulas, variants, n_quick=8, n_full=12, three=None, ops=None, fragment_ops=None, seeds=6):
    quick = [{"formula": f, "alphabet": "ab", "n": n_quick, "variant": v} for f in formulas[:2] for v in variants]
    full = [{"formula": f, "alphabet": "ab", "n": n_full, "variant": v} for f in formulas for v in variants]
    if three:
        full += [{"formula": f, "alphabet": "abc", "n": 8, "variant": v} for f in three for v in variants]
    if ops:
        full += [{"formula": random_formula(s, 4, ops), "alphabet": "ab", "n": 10, "variant": variants[0]}
                 for s in range(seeds)]
    full += [{"formula": formulas[0], "alphabet": "ab", "n": 4, "variant": variants[0],
              "random": [[100, 500, 2000], 2, 1]}]
    return {"quick": quick, "full": full}


# The Coq theorems (quarks/proofs/coq/LTLCompile.v) prove the temperature variants (a), (d) and the
# unbounded / causal variants (b), (c) for every formula of LTL[Y, X, S, U] (and its past fragment),
# every length and word; the claims below cite them.  (b) and (c) at tau = 1 go through Theorem 26 only
# when c grows with n (tau1_needs_c); the soft-run invariant of LTLSoftNode.v / LTLSoftPaper.v proves
# the paper's parameters directly: (a) at tau = 1/(2n), (b) and (c) with the fixed c = 2 at tau = 1.
_NET = "(real_net (fst (compile k VTemperature cq p)))"
_CNET = "(real_net (fst (compile k VCausalTemperature cq p)))"
_BNET = "(real_net (fst (compile k VUnbounded cq p)))"
_CCNET = "(real_net (fst (compile k VCausal cq p)))"
_ORDER = {"ltl_temp_lower": ["0 < eps", "(2 <= n)%nat"]}
_TAU1 = {"tau1_needs_c": ["(1 <= n)%nat", "0 < Q2R cq", "(exists L : layer, In L net /\\ l_heads L <> [])",
                          "1 <= temp26 n (Q2R cq) (net_X net (INR n)) (1 / 4) net"]}
COQ_ALL_THMS = ("LTLCompile.v:thm12_hard", "LTLCompile.v:thm12_gaps", "LTLCompile.v:thm12_soft", "LTLCompile.v:thm12",
                "LTLCompile.v:thm12b_hard", "LTLCompile.v:thm12b_gaps", "LTLCompile.v:thm12b_soft",
                "LTLCompile.v:thm12b", "LTLCompile.v:tau1_needs_c", "LTLSoftPaper.v:thm12_paper",
                "LTLSoftPaper.v:thm12b_tau1", "LTLCausal.v:compile_reads_unbounded", "LTLCausal.v:thm12b_tau1_pes",
                "Temp26Order.v:ltl_temp_lower")
COQ_ALL_HYPS = {
    "thm12_hard": ["letters_below k p = true", "(1 <= n)%nat", "(i < n)%nat"],
    "thm12_gaps": ["letters_below k p = true", "(1 <= n)%nat"],
    "thm12_soft": ["letters_below k p = true", "(1 <= n)%nat", "0 < eps", "0 < tau",
                   f"tau <= temp26 n (/ INR n) (net_X {_NET} 1) eps {_NET}", "(i < n)%nat"],
    "thm12": ["letters_below k p = true", "(1 <= n)%nat", "0 < tau",
              f"tau <= temp26 n (/ INR n) (net_X {_NET} 1) (1 / 4) {_NET}", "(i < n)%nat"],
    "thm12b_hard": ["letters_below k p = true", "(1 <= n)%nat", "0 < Q2R cq", "(i < n)%nat"],
    "thm12b_gaps": ["letters_below k p = true", "(1 <= n)%nat", "0 < Q2R cq"],
    "thm12b_soft": ["letters_below k p = true", "(1 <= n)%nat", "0 < Q2R cq", "0 < eps", "0 < tau",
                    f"tau <= temp26 n (Q2R cq) (net_X {_BNET} (INR n)) eps {_BNET}", "(i < n)%nat"],
    "thm12b": ["letters_below k p = true", "(1 <= n)%nat", "0 < Q2R cq", "0 < tau",
               f"tau <= temp26 n (Q2R cq) (net_X {_BNET} (INR n)) (1 / 4) {_BNET}", "(i < n)%nat"],
    "thm12_paper": ["letters_below k p = true", "(1 <= n)%nat", "(i < n)%nat"],
    "thm12b_tau1": ["letters_below k p = true", "(1 <= n)%nat", "(i < n)%nat"],
    "compile_reads_unbounded": ["letters_below k p = true"],
    "thm12b_tau1_pes": ["letters_below k p = true"],
    **_TAU1, **_ORDER}
_TAU1_TEXT = ("(tau1_needs_c) for any network net with a head, 1 <= n and 0 < c, the hypothesis "
              "1 <= temp26 n c (net_X net n) (1/4) net (Theorem 26 at tau = 1) implies c >= 2 ln(2 + 8 (n - 1) n): "
              "through Theorem 26, tau = 1 needs c to grow with n; the fixed c = 2 of the compiler at tau = 1 is "
              "proved without Theorem 26, by the soft-run invariant (LTLSoftPaper.v).")
COQ_ALL = ("  Coq (LTLCompile.v, whose compile is the Python compiler's network: tests/ltl/test_ltl_coq.py), variant (a) "
           "(temperature), for every formula p of LTL[Y, X, S, U] (strict S / U are Y / X of the non-strict ones, "
           "as the compiler builds them) with letters_below k p = true, every length n with 1 <= n and word w: "
           "(thm12_hard) for i < n the hard run of compile p on the embedding (letters, 1, (-1)^i, i/n) outputs "
           "exactly [w, i |= p]; (thm12_gaps) every head is uniform or tieless with gap 1/n at every layer "
           "(gaps_ok); (thm12_soft) if 0 < eps, 0 < tau and tau <= temp26 n (1/n) (net_X net 1) eps net "
           "(Theorem 26's closed form, not 1/(2n)), then for i < n the softmax run is within eps of [w, i |= p]; "
           "(thm12) if 0 < tau and tau <= temp26 n (1/n) (net_X net 1) (1/4) net, then for i < n Lemma 9's "
           "rounding of the softmax output is exactly [w, i |= p]; (ltl_temp_lower) that temperature is of order "
           "1/(n ln n): for every variant, c and p, 0 < eps and n >= 2, temp26 n (1/n) (net_X net 1) eps net >= "
           "c0/(n ln n) with c0 = ltl_c0 > 0 fixed by the network and eps (Temp26Order.v's closed form in its error "
           "growth, score mass and Lemma 29 bound; the compiler does not take n).  Variant (b) (unbounded embeddings "
           "1, (-1)^i, i/n, i, n, (-1)^i n, (-1)^i i; scores c n times those of (a)), for every c with 0 < Q2R c, "
           "with the same p, n, w: (thm12b_hard) for i < n the hard run outputs exactly [w, i |= p]; "
           "(thm12b_gaps) every head is uniform or tieless with gap c (not depending on n); (thm12b_soft) if "
           "0 < eps, 0 < tau and tau <= temp26 n c (net_X net n) eps net, then for i < n the softmax run is within "
           "eps of [w, i |= p]; (thm12b) if 0 < tau and tau <= temp26 n c (net_X net n) (1/4) net, then for i < n "
           "the rounding of the softmax output is exactly [w, i |= p].  At the paper's parameters (LTLSoftPaper.v, "
           "through the soft-run invariant: every selection head within 21/100 of its hard read, every rounding "
           "exact): (thm12_paper) variant (a) at tau = 1/(2n): for p with letters_below k p = true, 1 <= n, every "
           "w and i < n, Lemma 9's rounding of the softmax run of compile p outputs exactly [w, i |= p] (the "
           "softmax output itself is exactly [w, i |= p]); (thm12b_tau1) variant (b) with c = 2 at tau = 1: for p "
           "with letters_below k p = true, 1 <= n, every w and i < n, the rounding of the softmax run outputs "
           "exactly [w, i |= p] (on the embedding of all seven PEs).  Which PEs the network reads (LTLCausal.v): "
           "(compile_reads_unbounded) for every p with letters_below k p = true and every c, no score term, value "
           "or ReLU weight of the unbounded network compile p reads the coordinate of i/n or of (-1)^i i, and its "
           "output coordinate is neither; (thm12b_tau1_pes) with c = 2 and such p, for every n with 1 <= n, w and "
           "i < n, Lemma 9's rounding of the softmax run at tau = 1 on the embedding of 1, (-1)^i, i, n, (-1)^i n "
           "alone (0 in the slots of i/n and (-1)^i i) is exactly [w, i |= p]; " + _TAU1_TEXT)
COQ_PAST_THMS = ("LTLCompile.v:thm13", "LTLCompile.v:thm13c_hard", "LTLCompile.v:thm13c", "LTLCompile.v:tau1_needs_c",
                 "LTLSoftPaper.v:thm13c_tau1", "LTLSoftPaper.v:thm13_paper", "LTLCausal.v:compile_reads_causal",
                 "LTLCausal.v:thm13c_tau1_nindep", "LTLCausal.v:thm13c_hard_nindep",
                 "Temp26Order.v:ltl_temp_lower")
COQ_PAST_HYPS = {
    "thm13": ["past p = true", "letters_below k p = true", "(1 <= n)%nat", "0 < tau",
              f"tau <= temp26 n (/ INR n) (net_X {_CNET} 1) (1 / 4) {_CNET}"],
    "thm13c_hard": ["past p = true", "letters_below k p = true", "0 < Q2R cq"],
    "thm13c": ["past p = true", "letters_below k p = true", "(1 <= n)%nat", "0 < Q2R cq", "0 < tau",
               f"tau <= temp26 n (Q2R cq) (net_X {_CCNET} (INR n)) (1 / 4) {_CCNET}", "(i < n)%nat"],
    "thm13c_tau1": ["past p = true", "letters_below k p = true", "(i < n)%nat"],
    "thm13_paper": ["past p = true", "letters_below k p = true", "(1 <= n)%nat"],
    "compile_reads_causal": ["letters_below k p = true"],
    "thm13c_tau1_nindep": ["past p = true", "letters_below k p = true"],
    "thm13c_hard_nindep": ["past p = true", "letters_below k p = true", "0 < Q2R cq", "(i < n)%nat"],
    **_TAU1, **_ORDER}
COQ_PAST = ("  Coq (LTLCompile.v), variant (d) (causal-temperature, the same network as (a)): (thm13) for every "
            "formula p of the past fragment LTL[Y, S] (past p = true) with letters_below k p = true, every n with "
            "1 <= n, word w and 0 < tau with tau <= temp26 n (1/n) (net_X net 1) (1/4) net (Theorem 26's closed "
            "form, not 1/(2n)): every head of compile p is future-masked, and at every i < n the hard run outputs "
            "exactly [w, i |= p] and Lemma 9's rounding of the softmax run outputs exactly [w, i |= p]; "
            "(ltl_temp_lower) that temperature is at least c0/(n ln n) for every n >= 2 (eps = 1/4), c0 = ltl_c0 > 0 "
            "fixed by the network.  "
            "Variant (c) (causal), for every c with 0 < Q2R c and the same p: "
            "(thm13c_hard) for every n and w, every head is future-masked, every head is uniform or tieless with "
            "gap c at every layer, and at every i < n the hard run outputs exactly [w, i |= p]; (thm13c) if 1 <= n, "
            "0 < tau and tau <= temp26 n c (net_X net n) (1/4) net, then at i < n the rounding of the softmax run "
            "outputs exactly [w, i |= p].  At the paper's parameters (LTLSoftPaper.v): (thm13_paper) variant (d) at "
            "tau = 1/(2n): for p with past p = true and letters_below k p = true and every n with 1 <= n and w, "
            "every head of compile p is future-masked and at every i < n Lemma 9's rounding of the softmax run "
            "outputs exactly [w, i |= p]; (thm13c_tau1) variant (c) with c = 2 at tau = 1: for p with "
            "past p = true and letters_below k p = true, every n, w and i < n, the rounding of the softmax run "
            "outputs exactly [w, i |= p] (these four on the embedding of all seven PEs, including i/n, n and "
            "(-1)^i n).  Without the n-dependent PEs (LTLCausal.v): (compile_reads_causal) for every p with "
            "letters_below k p = true and every c, no score term, value or ReLU weight of the causal network "
            "compile p reads the coordinate of i/n, n or (-1)^i n, and its output coordinate is none of them; "
            "(thm13c_tau1_nindep) with c = 2, for p with past p = true and letters_below k p = true: compile p "
            "is future-masked, reads none of those coordinates, and for every n, w and i < n its softmax run at "
            "tau = 1 on the embedding pes_causal of 1, (-1)^i, i, (-1)^i i (0 in the three n-dependent slots; "
            "no entry depends on n, and the network does not take n) outputs exactly [w, i |= p], and so does "
            "Lemma 9's rounding of it; (thm13c_hard_nindep) for every c with 0 < Q2R c, such p and i < n, the "
            "hard run on pes_causal outputs exactly [w, i |= p]; " + _TAU1_TEXT)


thm12 = Claim(
    id="yang.thm12",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Theorem 12"),
    statement="Every formula of LTL[Y, X] is computed at every position by a softmax transformer with either "
              "(a) temperature tau(n) = 1/(2n) and bounded PEs 1, (-1)^i, i/n, or (b) tau = 1 and unbounded "
              "PEs n, (-1)^i n, i.  (First/last positions by Prop. 11; constants ours.)"
              + COQ_ALL,
    coq=COQ_ALL_THMS,
    coq_hypotheses=COQ_ALL_HYPS,
    latex=r"\mathrm{LTL}[\mathsf{Y},\mathsf{X}]\subseteq\mathrm{SMAT}_{\tau=1/(2n)}",
    kind="construction",
    instances=_family(["a & X b & X X a", "!(Y a & X b) | Y Y b", "X (a & Y b)"], ["temperature", "unbounded"],
                      three=["a & X b & X X c"], ops=["Y", "X", "!", "&", "|"]),
    check=lambda inst: check_construction(inst, "YX"),
    size="n",
)

thm13 = Claim(
    id="yang.thm13",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Theorem 13"),
    statement="Every formula of LTL[Y] is computed by a future-masked softmax transformer with (c) tau = 1 and "
              "PEs 1, (-1)^i, i, (-1)^i i (none depends on n, nor does the network), or (d) tau(n) = 1/(2n) "
              "and bounded PEs 1, (-1)^i, i/n."
              + COQ_PAST,
    coq=COQ_PAST_THMS,
    coq_hypotheses=COQ_PAST_HYPS,
    latex=r"\mathrm{LTL}[\mathsf{Y}]\subseteq\mathrm{SMAT}^{\mathrm{future}}",
    kind="construction",
    instances=_family(["Y Y a & Y b & a", "!(a & Y a)", "Y (b | Y Y a)"], ["causal", "causal-temperature"],
                      three=["Y a & b & !Y Y c"], ops=["Y", "!", "&", "|"]),
    check=lambda inst: check_construction(inst, "Y"),
)

thm15 = Claim(
    id="yang.thm15",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Theorem 15"),
    statement="Every formula of LTL[Y, X, S, U] is computed by a softmax transformer with (a) tau(n) = 1/(2n) "
              "and bounded PEs or (b) tau = 1 and unbounded PEs: phi S psi attends to the rightmost j <= i "
              "where !phi | psi holds and reads psi there (U: leftmost j >= i)."
              + COQ_ALL,
    coq=COQ_ALL_THMS,
    coq_hypotheses=COQ_ALL_HYPS,
    latex=r"\mathrm{LTL}[\mathsf{S},\mathsf{U}]\subseteq\mathrm{SMAT}_{\tau=1/(2n)}",
    kind="construction",
    instances=_family(["!b S a", "a U (b & Y a)", "(a Ss b) | (b Us a)"], ["temperature", "unbounded"],
                      three=["!b S a & c", "(!b & !c) S a"], ops=["Y", "X", "!", "&", "S", "U", "Ss", "Us"]),
    check=lambda inst: check_construction(inst, "SU"),
    note="Flip-flop: !b S a over a = write 1, b = write 0 (and c = ignore/read on three letters).",
)

thm16 = Claim(
    id="yang.thm16",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Theorem 16"),
    statement="Every formula of LTL[Y, S] is computed by a future-masked softmax transformer whose parameters "
              "do not depend on n (tau = 1, PEs 1, (-1)^i, i, (-1)^i i), or with tau(n) = 1/(2n) and bounded "
              "PEs 1, (-1)^i, i/n."
              + COQ_PAST,
    coq=COQ_PAST_THMS,
    coq_hypotheses=COQ_PAST_HYPS,
    latex=r"\mathrm{LTL}[\mathsf{Y},\mathsf{S}]\subseteq\mathrm{SMAT}^{\mathrm{future}}",
    kind="construction",
    instances=_family(["!b S a", "(a Ss Y b) & !a", "Y (a S (b S Y a))"], ["causal", "causal-temperature"],
                      three=["(!b & !c) S a"], ops=["Y", "!", "&", "S", "Ss"]),
    check=lambda inst: check_construction(inst, "S"),
)

cor17 = Claim(
    id="yang.cor17",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Corollary 17"),
    statement="Full LTL (hence every masked unique-hard-attention transformer, via Yang et al. 2024) is "
              "computed by softmax transformers as in Theorem 15 (both variants)."
              + COQ_ALL,
    coq=COQ_ALL_THMS,
    coq_hypotheses=COQ_ALL_HYPS,
    latex=r"\mathrm{LTL}\subseteq\mathrm{SMAT}",
    kind="construction",
    instances=_family(["(a U b) & Y (b S a) | X !a", "G (a -> F b)", "H (b -> Y P a)"], ["temperature", "unbounded"],
                      ops=["Y", "X", "!", "&", "|", "S", "U"]),
    check=lambda inst: check_construction(inst, "SU"),
)

cor18 = Claim(
    id="yang.cor18",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("004", "Corollary 18"),
    statement="Past LTL (Y, S) is computed by future-masked softmax transformers (decoder-only), as in Thm 16."
              + COQ_PAST,
    coq=COQ_PAST_THMS,
    coq_hypotheses=COQ_PAST_HYPS,
    latex=r"\mathrm{LTL}[\mathsf{Y},\mathsf{S}]\subseteq\mathrm{SMAT}^{\mathrm{future}}",
    kind="construction",
    instances=_family(["(a S Y b) & Y !a", "H (b -> Y P a)"], ["causal", "causal-temperature"],
                      ops=["Y", "!", "&", "|", "S"]),
    check=lambda inst: check_construction(inst, "S"),
)
