"""Seed 004, Lemmas 25 and 29 (our precise forms), checked layer by layer on the §5 programs.

Our Lemma 29 (activation growth).  Every coordinate is written in one layer, by a head or by units
(several units writing one coordinate add up).  With X_0 = max(1, max_i |PE(i, n)|) and, layer by layer,
    heads:  X <- X                     (an average of values is a convex combination)
    units:  X <- max(X, sum_h |v_h| (||w_h||_1 X + |b_h|) + |c|), summed over the units writing a coordinate
every activation of the hard model on every input of length n is at most the final X.

Our Lemma 25 (error recursion; :func:`quarks.attention.uniform_tieless.a_priori`):
    tieless head  delta <- delta + 2 X u,  u = (n-1) e^{-m}   (while eta <= gamma/4)
    uniform head  delta <- delta;   units  delta <- Lip * delta (Lip of the sum of the units writing a coordinate)
at tau = gamma / (2m).  The check: every coordinate written in layer l deviates, in the softmax
model (every input of length n), from the hard model by at most delta after layer l: the engine's
certified radius (an upper bound of the deviation) is compared with delta exactly; a radius above
delta is looked at in arb balls before anything is called a violation.
"""
from __future__ import annotations

from fractions import Fraction

from quarks.certificates.evidence import digest, exhaustive
from quarks.claims.claim import Claim, Source, Verdict

HERE = "quarks.proofs.yang.error_recursion"


def growth_bounds(model, n: int) -> list:
    """Our Lemma 29: the activation bound after each layer (exact Fractions)."""
    from quarks.attention.model import pe_value

    X = max([Fraction(1)] + [abs(pe_value(spec, i, n)) for spec in model.pe.values() for i in range(1, n + 1)])
    out = []
    for layer in model.layers:
        new: dict = {}  # per coordinate, summed over the units of the layer that write it
        for unit in layer.units:
            for t in unit.out:
                new[t] = new.get(t, 0) + unit.bound(t, X)
        X = max([X, *new.values()])
        out.append(X)
    return out


def error_bounds(model, n: int, gamma: Fraction, X: Fraction, m: int) -> tuple:
    """Our Lemma 25, layer by layer: (delta after each layer, every eta <= gamma/4)."""
    from quarks.attention.uniform_tieless import exp_neg_upper, unit_lips

    u = (n - 1) * exp_neg_upper(m)
    delta, ok, out = Fraction(0), True, []
    for layer in model.layers:
        errs = [delta]
        for h in layer.heads:
            if not h.uniform():
                eta = sum(abs(c) for _, _, c in h.terms) * (2 * X * delta + delta * delta)
                ok = ok and eta <= gamma / 4
                errs.append(delta + 2 * X * u)
        delta = max(errs)
        errs += [lip * delta for lip in unit_lips(layer).values()]
        delta = max(errs)
        out.append(delta)
    return out, ok


def _written(model) -> dict:
    """coordinate -> the layer that writes it."""
    at = {}
    for k, layer in enumerate(model.layers):
        for h in layer.heads:
            at[h.out] = k
        for unit in layer.units:
            for t in unit.out:
                at[t] = k
    return at


def lemma29_check(program: str, n: int) -> dict:
    """Every hard activation on every input of length n within our Lemma 29 bound of its layer."""
    from quarks.attention import programs
    from quarks.attention.batch import run
    from quarks.attention.uniform_tieless import words

    model = programs.program(program, n)
    bounds = growth_bounds(model, n)
    at = _written(model)
    seen = {c: Fraction(0) for c in at}
    cases = 0
    for batch in words(len(model.alphabet), n):
        x = run(model, batch, certify=False).x
        for c in at:
            seen[c] = max(seen[c], Fraction(x[c].maxabs(), x[c].d))
        cases += len(batch)
    bad = sorted(c for c in at if seen[c] > bounds[at[c]])
    items = [[c, at[c], str(seen[c]), str(bounds[at[c]])] for c in sorted(at)]
    return {"cases": cases, "holds": not bad, "digest": digest(items), "bounds": [str(b) for b in bounds],
            "X": str(max(seen.values())), "violations": bad}


def lemma25_check(program: str, n: int, eps: str = "1/10", tau: str | None = None) -> dict:
    """At our Theorem 26 temperature tau = gamma/(2m): on every input of length n, every coordinate
    of the softmax model lies within the Lemma 25 delta of the layer that writes it.  Deviations are
    bounded by the engine's certified radii (arb-backed exp bounds; compared with delta exactly).
    A given ``tau`` runs the model at that temperature instead (to see a hot model break the bound)."""
    from quarks.attention import programs
    from quarks.attention.batch import run
    from quarks.attention.uniform_tieless import a_priori, analyse, rule, words

    a = analyse(program, n)
    gamma, X = Fraction(a["gamma"]), Fraction(a["X"])
    m, tau_m, _ = rule(program, n, gamma, X, Fraction(eps))
    tau = tau_m if tau is None else Fraction(tau)
    model = programs.program(program, n, tau=str(tau))
    deltas, ok = error_bounds(model, n, gamma, X, m)
    if (deltas[-1], ok) != a_priori(model, n, gamma, X, m):
        raise ArithmeticError("layer-wise recursion disagrees with a_priori")
    at = _written(model)
    worst = {c: 0.0 for c in at}
    cases, first = 0, None
    for batch in words(len(model.alphabet), n):
        r = run(model, batch, certify=True).r
        for c in at:
            worst[c] = max(worst[c], float(r[c].max()))
            if first is None and not Fraction(worst[c]) <= deltas[at[c]]:
                k = int(r[c].max(axis=1).argmax())
                first = ["".join(model.alphabet[s] for s in batch[k]), c]
        cases += len(batch)
    bad = sorted(c for c in at if not Fraction(worst[c]) <= deltas[at[c]])
    items = [[c, at[c], repr(worst[c])] for c in sorted(at)]
    return {"cases": cases, "holds": ok and not bad, "digest": digest(items + [m, str(tau)]),
            "m": m, "tau": str(tau), "deltas": [str(d) for d in deltas], "violations": bad, "first": first,
            "observed": {c: f"{worst[c]:.3g}" for c in sorted(at)}}


def lemma25_ball(program: str, n: int, word: str, coord: str, eps: str = "1/10") -> dict:
    """One input in arb balls: holds unless the softmax value of ``coord`` lies certainly farther
    than the Lemma 25 delta of its layer from the hard value (so holds = False is a violation)."""
    from flint import arb

    from quarks.attention import programs
    from quarks.attention.ball import soft_ball
    from quarks.attention.run import hard_exact
    from quarks.attention.uniform_tieless import analyse, rule

    a = analyse(program, n)
    gamma, X = Fraction(a["gamma"]), Fraction(a["X"])
    m, tau, _ = rule(program, n, gamma, X, Fraction(eps))
    model = programs.program(program, n, tau=str(tau))
    deltas, _ = error_bounds(model, n, gamma, X, m)
    d = deltas[_written(model)[coord]]
    soft, hard = soft_ball(model, word)[coord], hard_exact(model, word)[coord]
    out = [i + 1 for i, (s, h) in enumerate(zip(soft, hard))
           if abs(s - arb(h.numerator) / h.denominator) > arb(d.numerator) / d.denominator]
    return {"cases": len(word), "holds": not out, "digest": digest([word, coord, out]), "positions": out}


def _check(procedure, what):
    def check(inst) -> Verdict:
        rec = exhaustive(f"{HERE}:{procedure}", program=inst["program"], n=inst["n"])
        r = rec["result"]
        if r["holds"]:
            return Verdict.verified(f"{inst['program']}, n={inst['n']}: {r['cases']} inputs, {what}", [rec])
        if procedure == "lemma25_check" and r["first"]:  # a radius above delta: a violation only if arb shows one
            word, coord = r["first"]
            ball = exhaustive(f"{HERE}:lemma25_ball", program=inst["program"], n=inst["n"], word=word, coord=coord)
            if ball["result"]["holds"]:
                return Verdict.inconclusive(f"radius of {coord} above delta on {word!r}; arb shows no violation",
                                            [rec, ball])
            return Verdict.refuted(f"{what} fails", {"word": word, "coordinate": coord,
                                                     "positions": ball["result"]["positions"]}, [rec, ball])
        return Verdict.refuted(f"{what} fails for {r['violations']}", {"violations": r["violations"]}, [rec])
    return check


QUICK = [{"program": "flipflop", "n": 5}, {"program": "dyck1", "n": 6}]
FULL = ([{"program": "flipflop", "n": n} for n in (6, 8)] + [{"program": "induction", "n": 5}]
        + [{"program": "dyck1", "n": n} for n in (8, 10)] + [{"program": "dyck2", "n": 6}])

lemma25 = Claim(
    id="yang.lemma25", recheck="evidence", source=Source("004", "Lemma 25"),
    coq=("Transformer.v:lemma25_fresh_layers", "Transformer.v:lemma25_fresh", "Transformer.v:lemma25_layer_fresh",
         "MatrixCopy.v:lemma25", "MatrixError.v:lemma25_matrix"),
    coq_hypotheses={
        "lemma25_matrix": ["0 < g", "0 < tau", "0 <= X", "0 <= delta", "mhard_ok d n g X net x", "dclose d n delta x x'",
                           "mnet_err d X (u_of n g tau) net delta <= D", "mnet_qk d net * (2 * X * D + D ^ 2) <= g / 4"],
        "lemma25_fresh_layers": ["0 < g", "0 < tau", "u_of n g tau <= U", "0 <= X", "0 <= delta", "hard_ok n g X net x", "close n delta x x'", "supported n used x", "supported n used x'", "fresh used net", "rec_ok X U g net delta"],
        "lemma25_fresh": ["0 < g", "0 < tau", "u_of n g tau <= U", "0 <= X", "0 <= delta", "hard_ok n g X net x", "close n delta x x'", "supported n used x", "supported n used x'", "fresh used net", "rec_ok X U g net delta"],
        "lemma25_layer_fresh": ["0 < g", "0 < tau", "u_of n g tau <= U", "0 <= delta", "bounded n X x", "close n delta x x'", "supported n used x", "supported n used x'", "NoDup (outs L)", "(forall c : nat, In c (outs L) -> ~ In c used)", "(forall h : head, In h (l_heads L) -> ut_head n g h x)", "(forall h : head, In h (l_heads L) -> csc h * (2 * X * delta + delta ^ 2) <= g / 4)"],
        "lemma25": ["0 < g", "0 < tau", "0 <= X", "0 <= delta", "hard_ok n g X net x", "close n delta x x'", "net_err X (u_of n g tau) net delta <= D", "net_csc net * (2 * X * D + D ^ 2) <= g / 4"]},
    statement="Our error recursion: at tau = gamma/(2m), a tieless head raises the sup error delta to "
              "delta + 2X(n-1)e^{-m} (while the score error stays <= gamma/4), a uniform head keeps it, a ReLU "
              "unit multiplies it by sum_h |v_h| ||w_h||_1; every coordinate written in layer l of the softmax "
              "model is within the layer-l delta of the hard model (certified radii, every input).  Coq, for every "
              "network, length n and input: (lemma25_fresh) if the network is write-once (each layer writes "
              "distinct coordinates that are 0 until then), g > 0, tau > 0, U >= (n-1) e^{-g/(2 tau)}, X >= 0, "
              "delta >= 0, the hard run is bounded by X and every head is uniform or tieless with gap g at every "
              "layer, the two initial streams are within delta, and the recursion (run with U) keeps every score "
              "error sum_t |c_t| (2 X delta_l + delta_l^2) <= g/4, then after every layer l (lemma25_fresh_layers; "
              "lemma25_fresh: after the last) the soft run is within the recursion's delta_l of the hard run at "
              "every position and coordinate; lemma25_layer_fresh is one layer; (lemma25) for any network, not "
              "write-once, the coarser recursion delta <- (1 + Lip)(delta + H (delta + 2 X u)), H heads, Lip the sum "
              "of the units' constants, u = (n-1) e^{-g/(2 tau)}, under the same hypotheses on the hard run, with "
              "the recursion's last value at most D and C (2 X D + D^2) <= g/4, C the total score coefficient "
              "mass (a corollary of lemma25_matrix through the one-hot matrix form of the network); (lemma25_matrix) the same for the paper's transformer (MatrixModel.v: query, key, value and "
              "output matrices, several heads, feed-forward blocks; every width d), over coordinates 0..d-1, with "
              "the recursion delta <- (1 + sum of the blocks' norms max_c sum_k |W_2 c k| |row k of W_1|_1) "
              "(delta + sum of the heads' norms max_c sum_a |W_O c a| |row a of W_V|_1 (delta + 2 X u)) and C the "
              "total of sum_a |row a of W_Q|_1 |row a of W_K|_1 over the heads.",
    latex=r"\delta_{l+1}\le \mathrm{Lip}_l\,(\delta_l+2X(n-1)e^{-m})",
    kind="finite", instances={"quick": QUICK, "full": FULL},
    check=_check("lemma25_check", "every coordinate's certified radius within its layer's delta"), size="n",
    note="Constants ours (the seed's were lost); the programs are those of yang.thm26.")

lemma29 = Claim(
    id="yang.lemma29", source=Source("004", "Lemma 29"),
    coq=("Transformer.v:lemma29_fresh_layers", "Transformer.v:lemma29_fresh", "Transformer.v:lemma29_layer_fresh",
         "TransformerError.v:embed_bounded", "Transformer.v:lemma29_geometric",
         "MatrixCopy.v:lemma29", "MatrixError.v:lemma29_matrix"),
    coq_hypotheses={
        "lemma29_matrix": ["dbounded d n X x"],
        "lemma29_fresh_layers": ["bounded n X x", "supported n used x", "fresh used net"],
        "lemma29_fresh": ["bounded n X x", "supported n used x", "fresh used net"],
        "lemma29_layer_fresh": ["bounded n X x", "supported n used x", "NoDup (outs L)", "(forall c : nat, In c (outs L) -> ~ In c used)"],
        "embed_bounded": ["(forall (f : nat -> nat -> R) (i : nat), In f pe -> (i < n)%nat -> Rabs (f (S i) n) <= P)"],
        "lemma29_geometric": ["0 <= P", "1 <= X0", "bounded n X0 x", "supported n used x", "fresh used net", "(forall (L : layer) (u : unit), In L net -> In u (l_units L) -> unit_params P h d u)"],
        "lemma29": ["bounded n X x"]},
    statement="Our activation growth bound: X_0 = max(1, |PE|), heads keep X, a unit gives at most "
              "sum_h |v_h| (||w_h||_1 X + |b_h|) + |c|; every hard activation written in layer l, on every input "
              "of length n, is at most X_l.  Coq, for every network, length n and input: (lemma29_fresh) if the "
              "network is write-once (each layer writes distinct coordinates that are 0 until then) and the initial "
              "stream is bounded by X_0, every activation of the hard run after every layer l is at most the "
              "recursion's X_l (lemma29_fresh_layers; lemma29_fresh: after the last); lemma29_layer_fresh is one "
              "layer; "
              "(embed_bounded) a word's embedding with every position embedding at most P is bounded by "
              "max(1, P); (lemma29_geometric, the paper's shape) if moreover every unit has parameters at most P >= 0, "
              "at most h neurons each reading at most d coordinates, and X_0 >= 1, then every activation after "
              "L layers is at most A^L X_0, A = max(1, h P (d P + P) + P); (lemma29) for any network, not "
              "write-once, the coarser X <- (1 + H) X + sum_u bound_u((1 + H) X) with H heads per layer (a corollary "
              "of lemma29_matrix through the one-hot matrix form of the network); "
              "(lemma29_matrix) for the paper's transformer (MatrixModel.v, every width d; coordinates 0..d-1), "
              "X <- (1 + S) X + sum_f bound_f((1 + S) X), S the sum of the heads' norms "
              "max_c sum_a |W_O c a| |row a of W_V|_1 and bound_f(Y) = max_c sum_k |W_2 c k| "
              "(|row k of W_1|_1 Y + |b_1 k|) + |b_2 c| for each feed-forward block.",
    latex=r"X_{l+1}\le\max\Big(X_l,\ \sum_h|v_h|(\|w_h\|_1X_l+|b_h|)+|c|\Big)",
    kind="finite", instances={"quick": QUICK, "full": FULL + [{"program": "dyck1", "n": 12}]},
    check=_check("lemma29_check", "every activation within its layer's growth bound (exact)"), size="n",
    note="The exact X(n) used by yang.thm26 is far below this a priori bound.")
