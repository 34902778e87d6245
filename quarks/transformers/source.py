"""What an export starts from: a source program, the network quarks compiles from it, its certified
temperature, the claim and Coq theorem it realizes, and the reference semantics (no torch here).

A source is a small JSON object:

* ``{"formula": F, "alphabet": A, "variant": V}``: a formula of TL[#] (LTL past and future, counting)
  over the letters A.  Without counts or numerical predicates it is compiled by :mod:`quarks.ltl.compile`
  (Theorems 12-16: the network of LTLCompile.v's ``compile``); with them by the Coq counting compiler
  (:mod:`quarks.ltl.count_blocks`: ``mcompile`` for the variants temperature and causal-temperature,
  ``bcompile_b`` for unbounded; Theorems 20, 21, Corollaries 22, 23).  c = 2 throughout: the Coq theorems
  cited are at the paper's parameters, tau(n) = 1/(2n) (bounded embeddings) or tau = 1 (unbounded).
* ``{"program": P, "max_len": N}``: the engine's S-RASP programs ``flipflop``, ``induction``,
  ``induction2`` (:mod:`quarks.attention.programs`), exported for lengths 1..N, each length at the
  temperature of our Theorem 26 rule, tau(n) = gamma(n) / (2 m(n)) with eps = 1/10 (gamma(n), X(n)
  exact over every word of length n: :func:`quarks.attention.uniform_tieless.analyse`).
* ``{"program": "dyck1" | "dyck2", "n": n}``: Appendix E's Dyck-k network, whose width grows with n,
  for inputs of length n exactly, at the same rule's temperature.

At n = 1 every head sees one position, so softmax is hard attention at every temperature: tau(1) = 1.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from quarks.attention import programs
from quarks.attention.model import Model
from quarks.base.errors import UsageError

EPS = Fraction(1, 10)             # the error our Theorem 26 rule aims at (yang.thm26's eps)
MAX_PROGRAM_LEN = 10              # the rule enumerates every word of each length
TL_VARIANTS = ("temperature", "unbounded", "causal-temperature", "causal")
LENGTH_PROGRAMS = ("flipflop", "induction", "induction2")
DYCK = ("dyck1", "dyck2")

# (variant, has S/U) -> (claim, Coq theorem) for networks of quarks.ltl.compile (LTL[Y, X, S, U], c = 2)
LTL_THEOREMS = {
    ("temperature", False): ("yang.thm12", "LTLSoftPaper.v:thm12_paper"),
    ("temperature", True): ("yang.thm15", "LTLSoftPaper.v:thm12_paper"),
    ("unbounded", False): ("yang.thm12", "LTLSoftPaper.v:thm12b_tau1"),
    ("unbounded", True): ("yang.thm15", "LTLSoftPaper.v:thm12b_tau1"),
    ("causal-temperature", False): ("yang.thm13", "LTLSoftPaper.v:thm13_paper"),
    ("causal-temperature", True): ("yang.thm16", "LTLSoftPaper.v:thm13_paper"),
    ("causal", False): ("yang.thm13", "LTLSoftPaper.v:thm13c_tau1"),
    ("causal", True): ("yang.thm16", "LTLSoftPaper.v:thm13c_tau1"),
}
# the same for the counting networks of quarks.ltl.count_blocks (TL[#], c = 2)
COUNT_THEOREMS = {
    ("temperature", False): ("yang.thm20", "LTLCountThm.v:thm20_tl"),
    ("temperature", True): ("yang.cor22", "LTLCountThm.v:cor22_tl"),
    ("unbounded", False): ("yang.thm20", "LTLCountTau1.v:thm20b_tl_tau1"),
    ("unbounded", True): ("yang.cor22", "LTLCountTau1.v:cor22b_tl_tau1"),
    ("causal-temperature", False): ("yang.thm21", "LTLCountThm.v:thm21_tl"),
    ("causal-temperature", True): ("yang.cor23", "LTLCountThm.v:thm21_tl"),
}
PROGRAM_THEOREMS = {
    "flipflop": ("yang.section6-applications", "FlipFlop.v:ff_net_round"),
    "induction": ("yang.section6-applications", "Induction.v:ih_net_round"),
    "induction2": ("yang.section6-applications", "Induction2.v:ih2_net_round"),
    "dyck1": ("yang.dyck", "DyckNetThm.v:dyck_net_correct"),
    "dyck2": ("yang.dyck", "DyckNetThm.v:dyck_net_correct"),
}


@dataclass
class Compiled:
    """A source program's network: ``temperatures`` per length (programs) or None (every head at its own
    tau(n), every length); ``lengths`` the lengths the export is for (None: every n >= 1)."""

    source: dict
    model: Model
    claim: str
    theorem: str
    network: str
    temperatures: dict | None = None
    lengths: tuple | None = None
    notes: list = field(default_factory=list)

    def temperature(self, n: int) -> list:
        """Every head's temperature at length n (exact), in layer order; uniform heads too."""
        self.require(n)
        if self.temperatures is not None:
            t = self.temperatures[n]
            return [t if not h.uniform() else Fraction(1) for layer in self.model.layers for h in layer.heads]
        return [h.temperature(n) if not h.uniform() else Fraction(1) for layer in self.model.layers for h in layer.heads]

    def require(self, n: int) -> None:
        if n < 1 or (self.lengths is not None and n not in self.lengths):
            span = "every n >= 1" if self.lengths is None else _span(self.lengths)
            raise ValueError(f"length {n}: the export is certified for {span}")

    def reference(self, word: str) -> list:
        """The proved semantics at every position: the formula's truth values or the program's output."""
        if "formula" in self.source:
            from quarks.ltl.semantics import truth_batch
            from quarks.ltl.syntax import parse

            row = np.array([[self.model.alphabet.index(a) for a in word]], dtype=np.int64)
            return [int(v) for v in truth_batch(parse(self.source["formula"]), row, self.model.alphabet)[0]]
        return [int(v) for v in programs.reference(self.source["program"], word)]

    def export_info(self) -> dict:
        """What the export's metadata says: source, network, claim, theorem, lengths and temperatures."""
        return {"source": self.source, "network": self.network, "claim": self.claim, "theorem": self.theorem,
                "lengths": None if self.lengths is None else list(self.lengths),
                "temperatures": None if self.temperatures is None else {str(n): str(t) for n, t in self.temperatures.items()},
                "notes": list(self.notes)}


def _span(lengths) -> str:
    lo, hi = min(lengths), max(lengths)
    return f"length {lo}" if lo == hi else f"lengths {lo}..{hi}"


def _int(x, lo: int, hi: int, what: str) -> int:
    if type(x) is not int or not lo <= x <= hi:
        raise UsageError(f"{what} must be an integer in {lo}..{hi}, not {str(x)[:20]}")
    return x


def compile_source(source: dict) -> Compiled:
    """The network of a source (see the module docstring); UsageError for a source quarks does not compile."""
    if not isinstance(source, dict):
        raise UsageError("a source is a JSON object: {formula, alphabet, variant} or {program, max_len | n}")
    if "formula" in source:
        return _formula(source)
    if "program" in source:
        return _program(source)
    raise UsageError("a source names a formula (with alphabet, variant) or a program")


def _formula(source: dict) -> Compiled:
    from quarks.ltl import count_blocks
    from quarks.ltl.compile import compile_formula
    from quarks.ltl.parts import CompileError
    from quarks.ltl.syntax import Compare, Pred, Since, Until, parse, show, subformulas, symbols

    if set(source) != {"formula", "alphabet", "variant"}:
        raise UsageError("a formula source has exactly: formula, alphabet, variant")
    text, alphabet, variant = source["formula"], source["alphabet"], source["variant"]
    if not isinstance(text, str) or not isinstance(alphabet, str) or not 1 <= len(alphabet) == len(set(alphabet)) <= 26:
        raise UsageError("formula and alphabet are strings (the alphabet: 1..26 distinct letters)")
    if variant not in TL_VARIANTS:
        raise UsageError(f"variant must be one of {', '.join(TL_VARIANTS)}")
    try:
        f = parse(text)
    except ValueError as exc:
        raise UsageError(f"cannot parse the formula: {exc}") from None
    if symbols(f) - set(alphabet):
        raise UsageError(f"the formula's letters {''.join(sorted(symbols(f) - set(alphabet)))} are not in the alphabet")
    subs = list(subformulas(f))
    counting = any(isinstance(g, (Compare, Pred)) for g in subs)
    su = any(isinstance(g, (Since, Until)) for g in subs)
    canonical = {"formula": show(f), "alphabet": alphabet, "variant": variant}
    try:
        if not counting:
            model, network = compile_formula(f, list(alphabet), variant, 2), "compile"
            claim, theorem = LTL_THEOREMS[(variant, su)]
        elif variant == "unbounded":
            model, network = count_blocks.bcompile_b(f, list(alphabet)), "bcompile_b"
            claim, theorem = COUNT_THEOREMS[(variant, su)]
        elif variant == "causal":
            raise UsageError("counting formulas have no causal (tau = 1, n-free) network: use causal-temperature")
        else:
            causal = variant == "causal-temperature"
            model = count_blocks.mcompile(f, list(alphabet), causal)
            network = model.info["compiler"]
            claim, theorem = COUNT_THEOREMS[(variant, su)]
    except CompileError as exc:
        raise UsageError(f"not compiled: {exc}") from None
    return Compiled(canonical, model, claim, theorem, network)


def _program(source: dict) -> Compiled:
    from quarks.attention import uniform_tieless as U

    name = source["program"]
    if name in LENGTH_PROGRAMS:
        if set(source) != {"program", "max_len"}:
            raise UsageError(f"the {name} source has exactly: program, max_len")
        N = _int(source["max_len"], 1, MAX_PROGRAM_LEN, "max_len")
        lengths = tuple(range(1, N + 1))
        model = programs.program(name, N)
    elif name in DYCK:
        if set(source) != {"program", "n"}:
            raise UsageError(f"the {name} source has exactly: program, n (its width grows with n)")
        N = _int(source["n"], 1, MAX_PROGRAM_LEN, "n")
        lengths = (N,)
        model = programs.program(name, N)
    else:
        raise UsageError(f"unknown program {str(name)[:40]!r} (flipflop, induction, induction2, dyck1, dyck2)")
    temps = {}
    for n in lengths:
        if n == 1:
            temps[n] = Fraction(1)
            continue
        a = U.analyse(name, n)
        if not a["holds"]:
            raise UsageError(f"{name} at n = {n} is not uniform-tieless or disagrees with its reference")
        m, tau, _ = U.rule(name, n, Fraction(a["gamma"]), Fraction(a["X"]), EPS)
        temps[n] = tau
    claim, theorem = PROGRAM_THEOREMS[name]
    notes = [f"temperature per length: our Theorem 26 rule gamma(n)/(2 m(n)) at eps = {EPS} (the claim's); "
             f"{theorem} proves the rounded softmax network exact at every tau <= temp26 n (1/n) X (1/4), a smaller "
             "temperature; tau(1) = 1 (one visible position: softmax is hard attention)"]
    return Compiled(dict(source), model, claim, theorem, "programs." + name, temps, lengths, notes)
