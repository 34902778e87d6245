"""The §6 and Appendix E programs of :mod:`quarks.attention.programs` as Coq terms of EngineNets.v.

Coq's EngineNets.v writes the flip-flop, induction-head (one and two hops) and Dyck-k networks with
rational coefficients (``sff_net``, ``sih_net``, ``sih2_net``, ``sdyck_net k n``) and proves that,
read over R, they are the networks of FlipFlop.v, Induction.v, Induction2.v and DyckNet.v, the
networks the theorems of ``yang.thm26``, ``yang.dyck`` are about.  :func:`comparison` writes the
Coq lemma that ``same_net`` (coefficient by coefficient, by ``vm_compute``) holds between that term
and the engine's model, coordinates numbered as Coq numbers them (:func:`coordinate`).

SRaspIntBool.v's ``brasp_net (2k) (dyck_prog k)`` has real coefficients; SRaspIntRat.v's rational twin
``sbrasp_net`` is, read over R and put in matrix form, ``brasp_net`` itself (``sbrasp_net_real``).  So
:func:`srasp_comparison` writes the engine's :func:`quarks.attention.dyck_srasp.dyck_srasp` as an ``snet``,
checks ``same_net`` against ``sbrasp_net (k + k) (dyck_prog k)`` by one ``vm_compute`` and concludes, through
``same_net_real`` and ``sdyck_brasp_real``, that the engine's network *is* ``brasp_net`` with output ``dyck_out k``.
"""
from __future__ import annotations

from quarks.attention import dyck_srasp, programs
from quarks.ltl.coq_term import network_term
from quarks.ltl.parts import CompileError

HEADER = ("From Coq Require Import QArith List.\nFrom Quarks Require Import TransformerModel LTLSyntax DyckNet EngineNets.\n"
          "Import ListNotations.\n\n")
FLIPFLOP = {"one": 3, "pos": 4, "W": 5, "bit": 6}
INDUCTION = {"one": 3, "pos": 4, "alt": 5, "first": 6, "o": 13, "matched": 17, "out": 18, "o2": 19, "out2": 20,
             **{f"h:{s}": 7 + t for t, s in enumerate("abc")}, **{f"p:{s}": 10 + t for t, s in enumerate("abc")},
             **{f"m:{s}": 14 + t for t, s in enumerate("abc")}}
DYCK_NAMED = ["L", "R", "zl", "zr", "d", "bal", "Dpos", "err1", "g", "E", "any", "out"]


def dyck_coordinate(name: str, k: int, n: int) -> int:
    """DyckNet.v's number of a coordinate of ``programs.dyck(k, n)``: letters 0..2k-1, 1 at 2k, i/n
    at 2k + 1, [i = m] at 2k + 1 + m, then from cbase = 2k + 2 + n the named ones, q_m, b_m, k_m, t_c."""
    base = 2 * k + 2 + n
    if name == "one":
        return 2 * k
    if name == "pos":
        return 2 * k + 1
    if name in DYCK_NAMED:
        return base + DYCK_NAMED.index(name)
    for prefix, start, top in (("at", 2 * k + 1, n), ("q", base + 12, n), ("b", base + 13 + n, n), ("k", base + 14 + 2 * n, n)):
        if name.startswith(prefix) and name[len(prefix):].isdigit() and 1 <= int(name[len(prefix):]) <= top:
            return start + int(name[len(prefix):])
    if name.startswith("t") and name[1:].isdigit() and int(name[1:]) < k:
        return base + 15 + 3 * n + int(name[1:])
    raise CompileError(f"coordinate {name!r} has no number in DyckNet.v")


def coordinate(program: str, n: int):
    """The numbering of the program's coordinates (for :func:`quarks.ltl.coq_term.network_term`)."""
    def number(name: str, alphabet) -> int:
        if name.startswith("w:"):
            return list(alphabet).index(name[2:])
        if program == "flipflop" and name in FLIPFLOP:
            return FLIPFLOP[name]
        if program.startswith("induction") and name in INDUCTION:
            return INDUCTION[name]
        if program.startswith("dyck"):
            return dyck_coordinate(name, int(program[4:]), n)
        raise CompileError(f"coordinate {name!r} of {program} has no number in EngineNets.v")
    return number


def coq_net(program: str, n: int) -> str:
    """The Coq term of EngineNets.v for the program at length n."""
    if program == "flipflop":
        return "sff_net, 6%nat"
    if program in ("induction", "induction2"):
        return "sih_net, 18%nat" if program == "induction" else "sih2_net, 20%nat"
    if program.startswith("dyck") and program[4:].isdigit():
        k = int(program[4:])
        return f"sdyck_net {k} {n}, cout {k} {n}"
    raise CompileError(f"{program!r} has no network in EngineNets.v")


def comparison(program: str, n: int, name: str, model=None) -> str:
    """Coq text proving by vm_compute that EngineNets.v's network is the engine's (or ``model``), and
    that the engine's position embeddings are as many as Coq's (2, 4 or 2 + n)."""
    model = model or programs.program(program, n)
    return (f"Lemma {name} : same_net ({coq_net(program, n)})\n  {network_term(model, coordinate(program, n))} = true.\n"
            "Proof. vm_compute. reflexivity. Qed.\n")


SRASP_HEADER = ("From Coq Require Import QArith List.\n"
                "From Quarks Require Import TransformerModel LTLSyntax MatrixCopy SRaspIntBool DyckSRasp SRaspIntRat.\n"
                "Import ListNotations.\n\n")


def srasp_comparison(k: int, name: str, model=None) -> str:
    """Coq text proving that the engine's Dyck-k S-RASP network (or ``model``), read over R, is
    ``brasp_net (k + k) (dyck_prog k)`` with output coordinate ``dyck_out k``: ``same_net`` with
    SRaspIntRat.v's ``sbrasp_net`` by one ``vm_compute``, then ``sdyck_brasp_real``."""
    model = model or dyck_srasp.dyck_srasp(k)
    term = network_term(model, dyck_srasp.coordinate)
    return (f"Definition {name}_net : snet * nat :=\n  {term}.\n\n"
            f"Lemma {name}_vm : same_net {name}_net (sbrasp_net ({k} + {k}) (dyck_prog {k}), dyck_out {k}) = true.\n"
            "Proof. vm_compute. reflexivity. Qed.\n\n"
            f"Lemma {name} : copy_net (real_net (fst {name}_net)) = brasp_net ({k} + {k}) (dyck_prog {k}) /\\ "
            f"snd {name}_net = dyck_out {k}.\n"
            f"Proof.\ndestruct (same_net_real _ _ {name}_vm) as [E1 E2].\n"
            f"split; [rewrite E1; apply sdyck_brasp_real|exact E2].\nQed.\n")
