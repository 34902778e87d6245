"""The compiled network of an LTL[Y, X, S, U] formula as a Coq term of LTLCompile.v (``snet * nat``).

quarks/proofs/coq/LTLCompile.v defines the same compiler in Coq; a generated file states that Coq's
``compile`` of the formula equals the network this module exports (checked by ``vm_compute``), so
the network the Python checks run is the object the Coq theorems are about.  Coordinates are numbered
as in LTLCompile.v: letters 0..k-1, position embeddings k + p, then first, last, avg:first,
avg:last and the compiler's fresh names (att/b/const + m at k + 10 + m).
"""
from __future__ import annotations

import re
from fractions import Fraction

from quarks.ltl.compile import compile_formula
from quarks.ltl.parts import CompileError
from quarks.ltl.syntax import And, Atom, Compare, Const, Next, Not, Or, Pos, Pred, Prev, Since, Until, show

PE_INDEX = {"pe:one": 0, "pe:alt": 1, "pe:i/n": 2, "pe:i": 3, "pe:n": 4, "pe:alt*n": 5, "pe:alt*i": 6}
NAMED = {"first": 7, "last": 8, "avg:first": 9, "avg:last": 10}
VARIANT = {"temperature": "VTemperature", "unbounded": "VUnbounded", "causal": "VCausal",
           "causal-temperature": "VCausalTemperature"}
FRESH = re.compile(r"(?:att|b|const)(\d+)")


def coordinate(name: str, alphabet) -> int:
    """LTLCompile.v's number of a named coordinate of the Python model."""
    k = len(alphabet)
    if name.startswith("w:"):
        return list(alphabet).index(name[2:])
    if name in PE_INDEX:
        return k + PE_INDEX[name]
    if name in NAMED:
        return k + NAMED[name]
    m = FRESH.fullmatch(name)
    if not m:
        raise CompileError(f"coordinate {name!r} has no number in LTLCompile.v")
    return k + 10 + int(m.group(1))


def q(x) -> str:
    x = Fraction(x)
    return f"({x.numerator} # {x.denominator})"


def _connective_term(g, go, alphabet, c: str) -> str | None:
    """The term of a letter, constant, Boolean or temporal connective, constructors prefixed ``c``
    (``L`` in LTLCompile.v's ``ltl``, ``T`` in LTLCountSyntax.v's ``tl``); strict S / U as Y / X of the
    non-strict ones, as the compiler does; None for anything else."""
    if isinstance(g, Atom):
        return f"({c}Atom {list(alphabet).index(g.symbol)})"
    if isinstance(g, Const):
        return f"({c}Const {'true' if g.value else 'false'})"
    if isinstance(g, Not):
        return f"({c}Not {go(g.arg)})"
    if isinstance(g, (And, Or)):
        return f"({c}{'And' if isinstance(g, And) else 'Or'} {go(g.left)} {go(g.right)})"
    if isinstance(g, (Prev, Next)):
        return f"({c}{'Y' if isinstance(g, Prev) else 'X'} {go(g.arg)})"
    if isinstance(g, (Since, Until)):
        inner = f"({c}{'S' if isinstance(g, Since) else 'U'} {go(g.left)} {go(g.right)})"
        return f"({c}{'Y' if isinstance(g, Since) else 'X'} {inner})" if g.strict else inner
    return None


def formula_term(f, alphabet) -> str:
    """The formula as a term of LTLCompile.v's type ``ltl`` (LTL[Y, X, S, U]; strict S / U as Y / X of the non-strict ones)."""
    def go(g) -> str:
        term = _connective_term(g, go, alphabet, "L")
        if term is None:
            raise CompileError(f"{show(g)} is not in LTL[Y, X, S, U]; LTLCompile.v has no term for it")
        return term
    return go(f)


def network_term(model, number=coordinate) -> str:
    """The model's layers and output coordinate as a Coq term of type ``snet * nat`` (coordinates
    numbered by ``number(name, alphabet)``: LTLCompile.v's by default)."""
    a = model.alphabet

    def co(name):
        return f"{number(name, a)}%nat"

    layers = []
    for layer in model.layers:
        heads = []
        for h in layer.heads:
            terms = "; ".join(f"({co(qc)}, {co(kc)}, {q(c)})" for qc, kc, c in h.terms)
            mask = {"future": "Future", "past": "Past", "none": "NoMask"}[h.mask]
            hard = {"average": "Average", "leftmost": "Leftmost", "rightmost": "Rightmost"}[h.hard]
            heads.append(f"SHead {co(h.out)} {co(h.value)} [{terms}] {mask} {hard}")
        units = []
        for u in layer.units:
            if len(u.out) != 1:
                raise CompileError("LTLCompile.v's units write one coordinate")
            (target, (vs, c0)), = u.out.items()
            neurons = "; ".join(
                f"SNeuron {q(v)} [{'; '.join(f'({co(x)}, {q(w)})' for x, w in ws.items())}] {q(b)}"
                for v, (ws, b) in zip(vs, u.hidden))
            units.append(f"SUnit {co(target)} [{neurons}] {q(c0)}")
        layers.append(f"SLayer [{'; '.join(heads)}] [{'; '.join(units)}]")
    return "([" + ";\n  ".join(layers) + f"], {co(model.output)})"


def comparison(f, alphabet, variant: str = "temperature", c=2, name: str = "same", model=None) -> str:
    """Coq text proving (by vm_compute) that Coq's compile of f is the Python network (or ``model``)."""
    model = model or compile_formula(f, list(alphabet), variant, Fraction(c))
    return (f"Lemma {name} : same_net (compile {len(alphabet)} {VARIANT[variant]} {q(c)} "
            f"{formula_term(f, alphabet)})\n  {network_term(model)} = true.\n"
            "Proof. vm_compute. reflexivity. Qed.\n")


HEADER = ("From Coq Require Import QArith List.\nFrom Quarks Require Import Transformer LTLCompile.\n"
          "Import ListNotations.\n\n")


def _pred_term(name: str) -> str:
    """A numerical predicate as LTLCountSyntax.v's family ``npred`` (``P n x`` is P_n(x); the built-in names of
    quarks.attention.model.predicate do not depend on n)."""
    if name == "ODD":
        return "(fun _ => Nat.odd)"
    if name == "EVEN":
        return "(fun _ => Nat.even)"
    parts = name.split("_")
    if parts[0] == "MOD" and len(parts) in (2, 3) and all(p.isdigit() for p in parts[1:]) and int(parts[1]) > 0:
        k, r = int(parts[1]), int(parts[2]) if len(parts) == 3 else 0
        return f"(fun _ x => Nat.eqb (Nat.modulo x {k}) {r % k})"
    raise CompileError(f"numerical predicate {name!r} has no Coq term")


def _side(t) -> str:
    return "DLeft" if t.side == "left" else "DRight"


def count_formula_term(f, alphabet) -> str:
    """The formula as a term of LTLCountSyntax.v's type ``tl`` (strict S / U as Y / X of the non-strict
    ones; a comparison as ``TCmp`` or the ``tcmp_*`` combinations of counting.py's normal forms)."""
    def go(g) -> str:
        term = _connective_term(g, go, alphabet, "T")
        if term is not None:
            return term
        if isinstance(g, Compare):
            terms = [(c, t) for c, t in g.left.terms] + [(-c, t) for c, t in g.right.terms]
            e = "LNil"
            for c, t in reversed(terms):
                e = f"(LCons ({c})%Z {_side(t)} {go(t.arg)} {e})"
            c0 = g.left.const - g.right.const
            op = {">=": "TCmp", ">": "tcmp_gt", "<=": "tcmp_le", "<": "tcmp_lt", "=": "tcmp_eq", "!=": "tcmp_ne"}[g.op]
            return f"({op} {e} ({c0})%Z)"
        if isinstance(g, Pred):
            if isinstance(g.arg, Pos):
                return f"(TPos {_pred_term(g.name)})"
            return f"(TCnt {_pred_term(g.name)} {_side(g.arg)} {go(g.arg.arg)})"
        raise CompileError(f"{show(g)} has no term in LTLCountSyntax.v")
    return go(f)


COUNT_HEADER = ("From Coq Require Import List ZArith Bool Arith.\nFrom Quarks Require Import LTLCountSyntax LTLCountCompile.\n"
                "Import ListNotations.\n\n")


def count_semantics_lemma(f, alphabet, words, name: str, causal: bool, in_fragment: bool) -> str:
    """Coq text: the formula is (or is not) in the one-sided fragment ``tfrag`` of ``bcompile``; its letters
    are below k (and it is a past formula when causal), so ``thm20_tl_*`` (``thm21_tl``) cover it; on the
    fragment ``mcompile`` is ``bcompile``; and Coq's ``tsat`` gives the reference semantics' truth values
    (quarks.ltl.semantics.truth) on ``words``."""
    from quarks.ltl.semantics import truth

    k = len(alphabet)
    p = count_formula_term(f, alphabet)
    rows, want = [], []
    for word in words:
        codes = "; ".join(str(list(alphabet).index(ch)) for ch in word)
        rows.append(f"(let w := fun j => nth j [{codes}] 0 in map (fun i => tsat {len(word)} w {name}_p i) (seq 0 {len(word)}))")
        want.append("[" + "; ".join("true" if v else "false" for v in truth(f, word)) + "]")
    return (f"Definition {name}_p : tl := {p}.\n"
            f"Lemma {name}_frag : tfrag {k} {'true' if causal else 'false'} {name}_p = {'true' if in_fragment else 'false'}.\n"
            "Proof. vm_compute. reflexivity. Qed.\n"
            f"Lemma {name}_all : tletters {k} {name}_p && {'tpast ' + name + '_p' if causal else 'true'} = true.\n"
            "Proof. vm_compute. reflexivity. Qed.\n"
            + (f"Lemma {name}_same : mcompile {k} false {name}_p = bcompile {k} false {name}_p.\n"
               "Proof. vm_compute. reflexivity. Qed.\n" if in_fragment and not causal else "")
            + f"Lemma {name}_sem : [{'; '.join(rows)}]\n  = [{'; '.join(want)}].\n"
            "Proof. vm_compute. reflexivity. Qed.\n")


COUNT_NET_HEADER = ("From Coq Require Import List ZArith QArith Bool Arith.\n"
                    "From Quarks Require Import Transformer LTLCompile LTLCountSyntax LTLCountCompile LTLCountTau1 "
                    "LTLCountBounded LTLCountFixed LTLCountPaperThm.\n"
                    "Import ListNotations.\n\n")


def count_comparison(f, alphabet, causal: bool, name: str, model=None, compiler: str = "bcompile", n: int = 0) -> str:
    """Coq text proving (by vm_compute) that Coq's ``compiler`` of f is the network of
    quarks.ltl.count_blocks (or ``model``), and that its embedding list is as long as the model's:
    ``bcompile`` (f in ``tfrag``), ``mcompile`` (f's letters below k, and f in ``tfrag`` or f not causal),
    ``bcompile_b`` (not causal; letters below k), ``acompile`` at length n >= 1 (as mcompile),
    ``pcompile`` (f in ``tfrag``) or ``pacompile`` (not causal; letters below k: LTLCountPaperThm.v, the
    network of :func:`quarks.ltl.count_blocks.pcompile`)."""
    from quarks.ltl import count_blocks

    if compiler not in ("bcompile", "mcompile", "bcompile_b", "acompile", "pcompile", "pacompile"):
        raise ValueError(f"unknown compiler {compiler!r} (bcompile, mcompile, bcompile_b, acompile, pcompile or pacompile)")
    if compiler in ("bcompile_b", "pacompile") and causal:
        raise ValueError(f"{compiler} is not causal")
    if compiler == "acompile" and n < 1:
        raise ValueError("acompile needs a length n >= 1")
    build = {"bcompile": count_blocks.bcompile, "mcompile": count_blocks.mcompile,
             "bcompile_b": lambda g, a, _c: count_blocks.bcompile_b(g, a),
             "acompile": lambda g, a, c: count_blocks.acompile(g, a, n, c), "pcompile": count_blocks.pcompile,
             "pacompile": count_blocks.pcompile}[compiler]
    model = model or build(f, alphabet, causal)
    k, caus = len(alphabet), "true" if causal else "false"
    if compiler in ("bcompile", "pcompile"):
        frag = f"tfrag {k} {caus} {name}_p = true"
    elif compiler == "pacompile":
        frag = f"tletters {k} {name}_p = true"
    else:
        frag = f"tletters {k} {name}_p && (negb {caus} || tfrag {k} {caus} {name}_p) = true"
    net = {"bcompile_b": f"bcompile_b {k} {name}_p", "acompile": f"acompile {n} {k} {caus} {name}_p",
           "pacompile": f"pacompile {k} {name}_p"}.get(compiler, f"{compiler} {k} {caus} {name}_p")
    pes = {"bcompile_b": f"tpes_b {name}_p", "acompile": f"tpes_a {name}_p", "pcompile": f"tpes_a {name}_p",
           "pacompile": f"tpes_pa {k} {name}_p"}.get(compiler, f"tpes {k} {caus} {name}_p")
    number = count_blocks.numbering(model)
    width = max(number(c, alphabet) for c in model.pe) - k + 1  # the embeddings end where Coq's list does
    return (f"Definition {name}_p : tl := {count_formula_term(f, alphabet)}.\n"
            f"Lemma {name}_frag : {frag}.\nProof. vm_compute. reflexivity. Qed.\n"
            f"Lemma {name}_pes : length ({pes}) = {width}%nat.\nProof. vm_compute. reflexivity. Qed.\n"
            f"Lemma {name} : same_net ({net})\n  "
            f"{network_term(model, count_blocks.numbering(model))} = true.\nProof. vm_compute. reflexivity. Qed.\n")
