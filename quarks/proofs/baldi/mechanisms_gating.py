"""Seed 001 (The Quarks of Attention, §§2-3 of the companion text): what gating builds (XOR, ReLU,
shaping, sparse quadratic terms, universal approximation) and the capacity of synaptic gating.
The gating mechanisms themselves: quarks.proofs.baldi.mechanisms.
"""
from __future__ import annotations

from quarks.certificates.evidence import arith, exhaustive, forall
from quarks.claims.claim import Claim, Source, Verdict, decide
from quarks.proofs.baldi.mechanisms import derivation, wiring_of

# --- 001: XOR by gating ------------------------------------------------------------------------------

def check_xor(inst) -> Verdict:
    from quarks.base.boolean import TruthTable
    from quarks.circuits.compile import output_expression
    from quarks.circuits.functional import xor_network
    from quarks.solvers.realize import realize

    enc = inst["encoding"]
    gate = {"as printed": "nand", "gate by AND": "and", "gate by OR": "or"}[
        wiring_of(inst, ("as printed", "gate by AND", "gate by OR"))]
    out = output_expression(xor_network(enc, gate), "out")
    xor = ["ind", ["!=", "x1", "x2"]] if enc == "01" else ["-", ["*", 2, ["ind", ["!=", "x1", "x2"]]], 1]
    rec = forall([["x1", 0, 1], ["x2", 0, 1]], ["==", out, xor])
    # XOR itself (x = x1 + 2 x2: true at 1 and 2) is not a linear threshold function.
    cert = realize(TruthTable(2, 0b0110), 1)
    nonreal = cert.to_evidence(asserts="not realizable")
    return decide([rec, nonreal], f"{enc} outputs: OR output-gated by {gate.upper()} equals XOR on "
                    f"{{0,1}}^2; XOR is not in T(2;1): {cert.describe()}", explain=True)


xor_by_gating = Claim(
    id="quarks.xor-by-gating",
    source=Source("001", "Functional properties: XOR"),
    statement="OR(x1,x2) = H(x1 + x2 - 1/2) output-gated by NAND(x1,x2) = H(3/2 - x1 - x2) is XOR, with "
              "no hidden layer; XOR itself is not a linear threshold function.",
    latex=r"\mathrm{OR}\cdot\mathrm{NAND}=\mathrm{XOR}\notin\mathcal T(2;1)",
    kind="finite",
    instances={"quick": [{"encoding": "01"}, {"encoding": "pm1"}],
               "full": [{"encoding": "01"}, {"encoding": "pm1"}]},
    check=check_xor,
    size="none",
    note="Also with -1/+1 outputs: the product is XNOR(OR, NAND), and OR xor NAND = XNOR(x1, x2), so "
         "the product is again XOR.  The non-realizability certificate is Farkas': multipliers 1, 1 "
         "on the true points (1,0), (0,1) and 1, 1 on the false points (0,0), (1,1) give equal "
         "totals and equal sums of x1 and of x2.",
)


# --- 001: ReLU by gating -------------------------------------------------------------------------------

def check_relu(inst) -> Verdict:
    import sympy

    from quarks.circuits.compile import output_expression
    from quarks.circuits.functional import relu_network, symbolic_outputs

    wiring = wiring_of(inst, ("as printed", "gate by H(-x)", "gate by sign"))
    gw, tr = {"as printed": (1, "H"), "gate by H(-x)": (-1, "H"), "gate by sign": (1, "sign")}[wiring]
    net = relu_network(gw, tr)
    out, syms = symbolic_outputs(net)
    x = syms["x"]
    # For s != 0: H(s) = (1 + s/|s|)/2 and sign(s) = s/|s|; for every s: max(0, s) = (s + |s|)/2.
    expr = out["out"].replace(sympy.Heaviside, lambda s, h0=None: (1 + s / sympy.Abs(s)) / 2)
    expr = expr.replace(sympy.sign, lambda s: s / sympy.Abs(s))
    xs = sympy.Symbol("x", real=True, nonzero=True)
    der = derivation(["x"], real=True, nonzero=True)
    der.equal(expr.subs(x, xs), "(x + Abs(x))/2", label="x != 0: x H(x) = max(0, x)")
    zero = forall([["x", 0, 0]], ["==", output_expression(net, "out"), ["max", 0, "x"]])
    sample = forall([["x", -20, 20]], ["==", output_expression(net, "out"), ["max", 0, "x"]])
    return decide([der.record(), zero, sample], f"gate {tr}({'' if gw == 1 else '-'}x): x * gate = "
                    "max(0, x) for every real x != 0 (SymPy, with H(s) = (1 + s/|s|)/2 and max(0, s) = "
                    "(s + |s|)/2) and at x = 0 exactly; integers -20..20 re-checked exactly", explain=True)


relu_by_gating = Claim(
    id="quarks.relu-by-gating",
    source=Source("001", "Shaping activation functions (ReLU)"),
    statement="A linear unit output-gated by the 0/1 threshold unit of the same input computes the "
              "ReLU: x H(x) = max(0, x) for every real x (H(0) = 0).",
    latex=r"x\,H(x)=\max(0,x)\quad\forall x\in\mathbb R",
    kind="symbolic",
    instances={"quick": [{"gate": "H(x)"}], "full": [{"gate": "H(x)"}]},
    check=check_relu,
    size="none",
    note="Proof by cases: x != 0 by SymPy after writing H(x) = (1 + x/|x|)/2 and max(0,x) = (x+|x|)/2; "
         "x = 0 exactly (either value of H(0) works there).  With a sign gate the product is |x|.",
)


# --- 001: shaping ----------------------------------------------------------------------------------------

SHAPES = {("id", "id"): "S**2", ("exp", "exp"): "exp(2*S)", ("id", "exp"): "S*exp(S)",
          ("exp", "id"): "S*exp(S)"}


def check_shaping(inst) -> Verdict:
    from quarks.circuits.functional import shaping_network, symbolic_outputs

    f, g, n = inst["f"], inst["g"], inst["n"]
    same = wiring_of(inst, ("as printed", "gate has its own weights")) == "as printed"
    net = shaping_network(f, g, n, same)
    out, syms = symbolic_outputs(net)
    der = derivation(syms.values(), real=True)
    der.define("S", " + ".join(["w0"] + [f"w{i}*x{i}" for i in range(1, n + 1)]))
    der.equal(out["out"], SHAPES[(f, g)], label=f"{f}(S) * {g}(S) == ({f}*{g})(S)")
    model = exhaustive("quarks.circuits.functional:same_gate_activation", n=n, same=same)
    return decide([der.record(), model], f"n = {n}: a {f} unit output-gated by a {g} unit with the "
                    f"same weights outputs {SHAPES[(f, g)]} with S = w.x + w0", explain=True)


shaping = Claim(
    id="quarks.shaping",
    source=Source("001", "Shaping activation functions"),
    statement="A unit with transfer f output-gated by a unit with transfer g on the same inputs with "
              "the same weights outputs f(S) g(S) = (fg)(S): gating reshapes the activation function.",
    latex=r"f(S)\,g(S)=(fg)(S)",
    kind="symbolic",
    instances={
        "quick": [{"f": "id", "g": "id", "n": 2}, {"f": "exp", "g": "exp", "n": 2}],
        "full": [{"f": f, "g": g, "n": n} for (f, g) in SHAPES for n in (1, 2, 3)],
    },
    check=check_shaping,
    note="The case f = id, g = H (the ReLU) is quarks.relu-by-gating.  The identity needs the two "
         "activations to coincide; with different gate weights it fails (the tests' miswiring).",
)


# --- 001: sparse quadratic terms -----------------------------------------------------------------------

def check_sparse_quadratic(inst) -> Verdict:
    from quarks.circuits.functional import all_pairs, gate_twice, gated_quadratic, linear_unit, symbolic_outputs

    n = inst["n"]
    wiring = wiring_of(inst, ("as printed", "two gates on one synapse"))
    xs = [f"x{i}" for i in range(1, n + 1)]
    lin, s0 = symbolic_outputs(linear_unit(n))
    one, s1 = symbolic_outputs(gate_twice(n) if wiring != "as printed" else gated_quadratic(n, [(1, min(2, n))]))
    full, s2 = symbolic_outputs(gated_quadratic(n, all_pairs(n)))
    der = derivation({**s0, **s1, **s2}.values(), real=True)
    quad = n * (n + 1) // 2
    der.degree(one["k"], xs, 2, label="one gating: degree 2 in the inputs")
    der.nterms(one["k"] - lin["k"], xs, 1, label="one gating adds exactly one monomial")
    der.nterms(full["k"] - lin["k"], xs, quad, label=f"n(n+1)/2 = {quad} gatings give all quadratic monomials")
    generic = " + ".join(f"c_{i}_{j}*x{i}*x{j}" for i, j in all_pairs(n))
    der.nterms(generic, xs, quad, label=f"a full quadratic form has n(n+1)/2 = {quad} monomials")
    params = arith({"n": n, "quad": ["/", ["*", "n", ["+", "n", 1]], 2]},
                   [("a full quadratic unit has (n+1)(n+2)/2 weights, a linear unit n+1",
                     ["==", ["+", "quad", ["+", "n", 1]], ["/", ["*", ["+", "n", 1], ["+", "n", 2]], 2]])])
    return decide([der.record(), params], f"n = {n}: one gating adds 1 quadratic monomial; a full "
                    f"quadratic unit has {quad} (n(n+1)/2) and needs that many gatings", explain=True)


sparse_quadratic = Claim(
    id="quarks.sparse-quadratic",
    source=Source("001", "Attention as sparse quadratic terms"),
    statement="Each gating operation adds one quadratic monomial w O_i O_j to an activation, whereas a "
              "full quadratic unit over n inputs has n(n+1)/2 quadratic monomials (and weights).",
    latex=r"\#\{\text{quadratic monomials}\}:\ 1\ \text{per gating vs.}\ n(n+1)/2",
    kind="symbolic",
    instances={"quick": [{"n": n} for n in (2, 3, 4)], "full": [{"n": n} for n in range(1, 9)]},
    check=check_sparse_quadratic,
    note="Squares x_i^2 count as monomials (a synapse x_i -> k gated by x_i); on Boolean inputs "
         "x_i^2 = x_i and only n(n-1)/2 products are new.",
)


# --- 001: universal approximation -------------------------------------------------------------------

def _approx_instances(tier):
    quick = [{"target": "sin2pi", "eps": "1/100", "pieces": [16]},
             {"target": "sin2pi", "eps": "1/1000", "pieces": [50]},
             {"target": "sinsin", "eps": "1/20", "pieces": [8, 8]}]
    if tier == "quick":
        return quick
    return quick + [{"target": "sinsin", "eps": "1/100"}, {"target": "expcosh", "eps": "1/100"},
                    {"target": "sin2pi", "eps": "1/10000"}]


def check_universal_approximation(inst) -> Verdict:
    from fractions import Fraction

    from quarks.approx.certify import smallest_pieces
    from quarks.approx.targets import TARGETS

    target, eps = inst["target"], inst["eps"]
    if "pieces" in inst and not inst["pieces"]:
        raise ValueError("pieces, when given, must be a non-empty list")
    pieces = inst.get("pieces") or smallest_pieces(target, eps)
    rec = exhaustive("quarks.approx.certify:certify", target=target, pieces=list(pieces), eps=eps)
    fewer = exhaustive("quarks.approx.certify:fewer_fails", target=target, pieces=list(pieces), eps=eps)
    res = rec["result"]
    bound = "none" if res["bound"] is None else f"{float(Fraction(res['bound'])):.6g}"
    summary = (f"{TARGETS[target].formula}: K = {res['units']} gated linear units ({pieces} pieces per "
               f"ridge), certified sup error <= {bound} (eps = {eps}) over {res['cases']} cubes (arb)")
    evidence = [rec]
    if fewer["result"]["holds"]:
        evidence.append(fewer)
        summary += f"; with one piece fewer per ridge the error exceeds eps at {fewer['result']['witness']}"
    return Verdict.from_facts(evidence, summary,
                              counterexample={"witness": res["witness"], "reason": res["reason"]})


universal_approximation = Claim(
    id="quarks.universal-approximation",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("001", "Universal approximation (Theorem 4.3 of the full paper)"),
    statement="Sums of linear units each output-gated by a linear threshold gate approximate continuous "
              "functions on compact sets: concrete instances with a certified sup error, e.g. "
              "sin(2 pi x) on [0,1] within 1e-3, sin(pi x) sin(pi y) on [0,1]^2 within 1/20, with K units.",
    latex=r"\sup_{z\in[0,1]^d}\Big|f(z)-\sum_{k=1}^K (a_k\cdot z+b_k)\,H(w_k\cdot z-t_k)\Big|\le\varepsilon",
    kind="construction",
    instances=_approx_instances,
    check=check_universal_approximation,
    size="none",
    note="The sup bound is rigorous: a cover of [0,1]^d by cubes, exact rational gate decisions and "
         "network values, arb enclosures of f and grad f, a mean-value bound per cube (see "
         "quarks/approx/supbound.py).  K is the smallest number of pieces for which our construction "
         "(shifted piecewise-linear interpolation along ridge directions) certifies; it is not a "
         "lower bound for all networks.",
)


# --- synaptic-gating capacity (exact counts; the paper leaves a gap) ------------------------------

def check_synaptic_capacity(inst) -> Verdict:
    import math

    n = inst["n"]
    all_gated = inst.get("all_gated", n <= 4)
    output_gated = inst.get("output_gated", n <= 4)
    rec = exhaustive("quarks.circuits.capacity:capacity_table", n=n, all_gated=all_gated,
                     output_gated=output_gated)
    row = rec["result"]["row"]
    caps = {k: f"{math.log2(row[k]):.3f}" for k in ("T", "one_gated", "output_gated", "all_gated") if k in row}
    summary = (f"n = {n}: |T(n;1)| = {row['T']} (C = {caps['T']}), one gated weight |S_1| = {row['one_gated']} "
               f"(C = {caps['one_gated']}) <= |T(n;1)||T(n-1;1)| = {row['T'] * row['T_prev']}, "
               + (f"every weight gated |S_all| = {row['all_gated']} (C = {caps['all_gated']}) "
                  f"<= |T(n;1)||T(n-1;1)|^n = {row['T'] * row['T_prev'] ** n}, " if all_gated else
                  "every weight gated: not computed, ")
               + (f"output gating |T_AND(n;1,1)| = {row['output_gated']} (C = {caps['output_gated']}), "
                  if output_gated else "output gating: not computed, ")
               + f"|T(n;1)|^2 = {row['T'] ** 2}")
    v = decide([rec], summary, explain=True)
    v.data.update(row=row)
    return v


synaptic_gating_capacity = Claim(
    id="quarks.synaptic-gating-capacity",
    recheck="evidence",   # too long to repeat in plain check-cert
    source=Source("001", "Limitations (Prop. 6.9 of the full paper): single-weight synaptic gating"),
    statement="Exact counts, for small n, of the Boolean functions sign(w_1 g(x) x_1 + sum_{i>=2} w_i x_i "
              "+ w_0) with g in T(n;1) (0/1 gate), and of the model where every weight w_i has its own "
              "gating LTG (bias not gated), placed between |T(n;1)| and |T(n;1)|^2 and compared with "
              "output gating |T_AND(n;1,1)| at the same n.",
    latex=r"|\mathcal T(n;1)|\le|\{\mathrm{sgn}(w_1g(x)x_1+\textstyle\sum_{i\ge2}w_ix_i+w_0)\}|"
          r"\le|\mathcal T(n;1)|\,|\mathcal T(n-1;1)|",
    kind="exploration",
    instances={"quick": [{"n": 2}, {"n": 3}, {"n": 4, "all_gated": False}],
               "full": [{"n": n} for n in range(0, 5)] + [{"n": 5, "all_gated": False, "output_gated": False}]},
    check=check_synaptic_capacity,
    max_feasible=5,
    note="Gating w_i by g_i replaces x_i by x_i g_i(x), so the unit computes F(x_1 g_1(x), .., x_n g_n(x)) "
         "with F in T(n;1); g_i matters only on the face x_i = 1 (H_i = x_i AND T(n-1;1), checked), "
         "whence the upper bound |T(n;1)| |T(n-1;1)| per gated weight.  The every-weight-gated count "
         "uses S_n orbit representatives of the 104^4 feature tuples at n = 4 (certified symmetries, "
         "~13 s, full tier); at n = 5 only one gated weight is counted (the all-gated model would need "
         "1882^5 / 120 feature maps, and T_AND(5;1,1) is left to the composition engine).  Gates with "
         "-1/+1 outputs give a different class (a gated weight can flip sign) and are not counted.",
)
