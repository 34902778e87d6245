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
from quarks.ltl.syntax import And, Atom, Const, Next, Not, Or, Prev, Since, Until, show

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


def formula_term(f, alphabet) -> str:
    """The formula as a term of LTLCompile.v's type ``ltl`` (LTL[Y, X, S, U]; strict S / U as Y / X of the non-strict ones)."""
    if isinstance(f, Atom):
        return f"(LAtom {list(alphabet).index(f.symbol)})"
    if isinstance(f, Const):
        return f"(LConst {'true' if f.value else 'false'})"
    if isinstance(f, Not):
        return f"(LNot {formula_term(f.arg, alphabet)})"
    if isinstance(f, (And, Or)):
        op = "LAnd" if isinstance(f, And) else "LOr"
        return f"({op} {formula_term(f.left, alphabet)} {formula_term(f.right, alphabet)})"
    if isinstance(f, (Prev, Next)):
        return f"({'LY' if isinstance(f, Prev) else 'LX'} {formula_term(f.arg, alphabet)})"
    if isinstance(f, (Since, Until)):
        op = "LS" if isinstance(f, Since) else "LU"
        inner = f"({op} {formula_term(f.left, alphabet)} {formula_term(f.right, alphabet)})"
        if f.strict:  # as the compiler does: p Ss q = Y (p S q), p Us q = X (p U q)
            return f"({'LY' if isinstance(f, Since) else 'LX'} {inner})"
        return inner
    raise CompileError(f"{show(f)} is not in LTL[Y, X, S, U]; LTLCompile.v has no term for it")


def network_term(model) -> str:
    """The model's layers and output coordinate as a Coq term of type ``snet * nat``."""
    a = model.alphabet

    def co(name):
        return f"{coordinate(name, a)}%nat"

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
