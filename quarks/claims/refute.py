"""Counterexample search: a claim's check run on parameters outside its hypotheses.

A theorem's hypotheses are there for a reason; dropping one (B reducible, the ±1 encoding, a
temperature above the bound, a degree too small, j = 0, n = 1) should break it, and the smallest
instance that breaks it shows why.  A :class:`Search` names the claim, the hypothesis it drops,
its parameters (``--param k=v``), the candidate instances *in order of size* (fewest variables
first, then the canonical form or the least table), and the check to run on each.  The first
refuted verdict is therefore the minimal counterexample of the range searched.  Where the claim's
own check accepts the out-of-hypothesis parameters it is used as it is; otherwise the search
states the same inequality for the new parameters and checks it with the same exact evidence.

The claim model is shared, so searches live here, in :data:`SEARCHES` (claim id -> Search), not in
the claims.  A refutation is certified like a verdict: :func:`certify` builds the certificate of a
*variant* claim (the statement with the hypothesis dropped, expected refuted) with the evidence of
the refuting instance; :func:`quarks.checking.binding.check_file` re-derives it.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, cast

from quarks.base import home
from quarks.base.errors import UsageError
from quarks.claims.claim import Claim, Verdict, instance_label

DEFAULT_OUT = home.results() / "refutations"


@dataclass
class Search:
    """How to look for a counterexample to one claim outside its hypotheses."""

    claim: str                                   # the claim id
    name: str                                    # short name of the dropped hypothesis
    hypothesis: str                              # what is dropped, in words
    statement: Callable[[dict], str]             # the variant statement, given the parameters
    params: dict                                 # parameter -> default (the type of the default is the type)
    candidates: Callable[[dict], Iterable[dict]]  # instances, smallest first
    check: Callable[[dict], Verdict] | None = None  # None: the claim's own check
    notes: str = ""
    dropped: Callable[[dict], str] | None = None  # the hypothesis dropped by these parameters, if it varies
    coq: tuple = ()                              # Coq theorems of the negated statement (the refute gallery)

    def hypothesis_for(self, params: dict) -> str:
        """The hypothesis these parameters drop, in words."""
        return self.dropped(params) if self.dropped else self.hypothesis


@dataclass
class Refutation:
    """The outcome of a search: the first refuting instance (or None) and what was tried."""

    search: Search
    params: dict
    instance: dict | None
    verdict: Verdict | None
    tried: list = field(default_factory=list)    # [(instance, status, summary)]
    seconds: float = 0.0
    path: Path | None = None                     # where its certificate was written (quarks.refute)
    checked: Any = None                          # that certificate re-checked: a CheckResult (quarks.refute)
    coq: list = field(default_factory=list)      # [{"theorem", "status"}] of the search's refute gallery

    @property
    def found(self) -> bool:
        return self.instance is not None

    @property
    def undecided(self) -> list:
        """The candidates tried whose check decided nothing (inconclusive): [(instance, summary)]."""
        return [(inst, summary) for inst, status, summary in self.tried if status not in ("verified", "refuted")]

    @property
    def smallest(self) -> bool:
        """Whether the counterexample found is the smallest candidate: every one before it was decided."""
        return self.found and not self.undecided

    def certificate(self) -> dict:
        """The certificate of a found refutation (the variant claim, the refuting instance, the search)."""
        from quarks.certificates import certificate

        if self.instance is None:
            raise UsageError(f"no counterexample to {self.search.claim} was found: there is no certificate")
        claim = variant_claim(self.search, self.params)
        cert = certificate.build(claim, self.instance, self.verdict, elapsed=round(self.seconds, 3))
        cert["data"] = {**cert.get("data", {}), "search": {"claim": self.search.claim, "hypothesis_dropped":
                                                          self.search.hypothesis_for(self.params), "params": self.params,
                                                          "instances_tried": len(self.tried)}}
        return cert

    def write(self, out=DEFAULT_OUT) -> Path:
        """Write :meth:`certificate` into the directory ``out`` (named by the variant claim and instance)."""
        from quarks.certificates import certificate

        claim_id = f"{self.search.claim}~{self.search.name}"
        return certificate.write(self.certificate(), Path(out) / f"{claim_id}.{instance_label(cast(dict, self.instance))}.json")

    def as_dict(self) -> dict:
        """What ``quarks refute --json`` prints."""
        out: dict = {"claim": self.search.claim, "hypothesis_dropped": self.search.hypothesis_for(self.params),
                     "params": self.params, "statement": self.search.statement(self.params), "found": self.found,
                     "smallest": self.smallest, "instances_tried": len(self.tried),
                     "undecided": [{"instance": i, "reason": r} for i, r in self.undecided],
                     "seconds": round(self.seconds, 3)}
        if self.verdict is not None:
            out.update(instance=self.instance, counterexample=self.verdict.counterexample, summary=self.verdict.summary)
        if self.path is not None:
            out["certificate"] = str(self.path)
        if self.checked is not None:
            out["certificate_ok"] = self.checked.ok
        if self.coq:
            out["coq"] = self.coq
        return out


SEARCHES: dict[str, Search] = {}


def register(search: Search) -> Search:
    SEARCHES[search.claim] = search
    return search


def parse_params(search: Search, pairs: Iterable[str]) -> dict:
    """``["k=v", ...]`` -> parameters, typed by the defaults; UsageError on unknown or bad values."""
    out = dict(search.params)
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UsageError(f"--param {pair!r}: expected KEY=VALUE")
        if key not in search.params:
            raise UsageError(f"unknown parameter {key!r} for {search.claim} (known: {', '.join(search.params)})")
        default = search.params[key]
        if isinstance(default, int) and not isinstance(default, bool):
            try:
                out[key] = int(value)
            except ValueError:
                raise UsageError(f"--param {key}={value}: expected an integer") from None
        else:
            out[key] = value.strip()
    return out


def variant_claim(search: Search, params: dict) -> Claim:
    """The claim with the hypothesis dropped (expected refuted), for the certificate."""
    from quarks.claims.registry import get

    base = get(search.claim)
    return Claim(
        id=f"{base.id}~{search.name}",
        source=base.source,
        statement=search.statement(params),
        latex=base.latex,
        kind=base.kind,
        instances={"quick": [], "full": []},
        check=search.check or base.check,
        expected="refuted",
        size=base.size,
        note=f"{search.hypothesis_for(params)} (search of quarks.claims.refute on {base.id})",
    )


def run(claim_id: str, params: dict | None = None, pairs: Iterable[str] = ()) -> Refutation:
    """Check the candidates of the claim's search in order; stop at the first refuted verdict."""
    from quarks.claims.registry import UnknownClaim, get

    if claim_id not in SEARCHES:
        try:
            get(claim_id)
        except UnknownClaim as exc:
            raise UsageError(str(exc)) from None
        raise UsageError(f"no counterexample search is registered for {claim_id} "
                         f"(searches: {', '.join(sorted(SEARCHES))})")
    search = SEARCHES[claim_id]
    params = parse_params(search, pairs) if params is None else {**search.params, **params}
    claim = variant_claim(search, params)
    t0 = time.perf_counter()
    tried = []
    for inst in search.candidates(params):
        verdict = claim.run(inst)
        tried.append((inst, verdict.status, verdict.summary))
        if verdict.status == "error":
            raise RuntimeError(f"{claim.id} {inst}: {verdict.summary}")
        if verdict.status == "refuted":
            return Refutation(search, params, inst, verdict, tried, time.perf_counter() - t0)
    return Refutation(search, params, None, None, tried, time.perf_counter() - t0)


def certify(ref: Refutation, out: Path = DEFAULT_OUT) -> Path:
    """Write the certificate of a found refutation; returns its path."""
    return ref.write(out)


# --- Theorem 4.2 with B reducible (or B the product of an encoding) ---------------------------------

def bounds_check(inst: dict) -> Verdict:
    """prod_j |T(n-k+1;d_j)| <= |T_B(n;d_1..d_k)| <= prod_j |T(n;d_j)| for the one operator B of the
    instance, every size re-derived by an exhaustive record."""
    from quarks.certificates.evidence import arith, exhaustive

    n, degrees, B, k, name = inst["n"], list(inst["degrees"]), inst["table"], inst["k"], inst["operator"]
    compose = "quarks.solvers.compose"
    from quarks.solvers.compose import compose_class, threshold_list

    values: dict[str, Any]   # sizes (int) and the product expressions (list)
    ev, values = [], {}
    for d in sorted(set(degrees)):
        for m in sorted({n, n - k + 1}):
            size = len(threshold_list(m, d))
            ev.append(exhaustive(f"{compose}:threshold_size_check", n=m, degree=d, size=size))
            values[f"T_{m}_{d}"] = size
    size = compose_class(B, n, degrees, k=k, progress=False).size
    ev.append(exhaustive(f"{compose}:class_size_check", operator=B, k=k, n=n, degrees=degrees, size=size))
    values.update(size=size, lower=["*", *[f"T_{n - k + 1}_{d}" for d in degrees]],
                  upper=["*", *[f"T_{n}_{d}" for d in degrees]])
    ev.append(arith(values, [("lower bound prod |T(n-k+1;d_j)| <= |T_B|", ["<=", "lower", "size"]),
                             ("upper bound |T_B| <= prod |T(n;d_j)|", ["<=", "size", "upper"])]))
    lower = 1
    upper = 1
    for d in degrees:
        lower *= values[f"T_{n - k + 1}_{d}"]
        upper *= values[f"T_{n}_{d}"]
    return Verdict.from_facts(ev, f"|T_{name}({n};{','.join(map(str, degrees))})| = {size} against "
                                  f"[{lower}, {upper}]",
                              counterexample={"n": n, "operator": name, "table": B, "degrees": degrees,
                                              "size": size, "lower": lower, "upper": upper})


PRODUCT = {"01": "AND", "pm1": "XNOR"}  # f1 * f2 with outputs in {0,1} or {-1,+1}


def _operator_canonical(B: int, k: int) -> int:
    """The least table related to B by argument permutations/negations and output negation."""
    import itertools

    from quarks.solvers.compose import transform_operator

    return min(transform_operator(B, k, list(p), s, c) for p in itertools.permutations(range(k))
               for s in range(1 << k) for c in (False, True))


def _thm42_operators(params: dict) -> list[tuple[str, int]]:
    from quarks.base.boolean import BINARY_OPERATORS
    from quarks.solvers.operators import is_irreducible

    if params["encoding"] != "-":
        if params["encoding"] not in PRODUCT:
            raise UsageError(f"encoding must be 01 or pm1, got {params['encoding']!r}")
        name = PRODUCT[params["encoding"]]
        return [(name, int(BINARY_OPERATORS[name].bits))]
    if params["operator"] == "reducible":
        ops = [(name, int(B.bits)) for name, B in BINARY_OPERATORS.items() if not is_irreducible(int(B.bits), 2)]
        return sorted(ops, key=lambda o: (_operator_canonical(o[1], 2), o[1]))
    name = params["operator"].upper()
    if name not in BINARY_OPERATORS:
        raise UsageError(f"unknown binary operator {params['operator']!r} (choose from "
                         f"{', '.join(BINARY_OPERATORS)} or 'reducible')")
    return [(name, int(BINARY_OPERATORS[name].bits))]


def _thm42_candidates(params: dict):
    degrees = [int(d) for d in str(params["degrees"]).split(",")]
    if len(degrees) != 2 or any(d < 0 for d in degrees):
        raise UsageError(f"degrees must be two non-negative integers like 1,1, got {params['degrees']!r}")
    if not 1 <= params["max_n"] <= 4:
        raise UsageError(f"max_n must be in 1..4 (the search computes T_B exactly), got {params['max_n']}")
    ops = _thm42_operators(params)
    for n in range(1, params["max_n"] + 1):
        for name, B in ops:
            yield {"n": n, "degrees": degrees, "operator": name, "table": B, "k": 2}


def _thm42_dropped(params: dict) -> str:
    """Which hypothesis of Theorem 4.2 the parameters drop: irreducibility of B, d_j >= 1, or both."""
    from quarks.base.boolean import BINARY_OPERATORS
    from quarks.solvers.operators import is_irreducible

    if params["encoding"] != "-":
        return "the encoding of the gate outputs changed (B = AND or XNOR, both irreducible)"
    zero = any(int(d) == 0 for d in str(params["degrees"]).split(",") if d.strip().lstrip("-").isdigit())
    name = str(params["operator"]).upper()
    reducible = params["operator"] == "reducible" or (
        name in BINARY_OPERATORS and not is_irreducible(int(BINARY_OPERATORS[name].bits), 2))
    parts = (["B irreducible"] if reducible else []) + (["d_j >= 1"] if zero else [])
    return " and ".join(parts) + " dropped" if parts else "no hypothesis dropped (B irreducible, every d_j >= 1)"


def _thm42_statement(params: dict) -> str:
    if params["encoding"] != "-":
        return (f"Theorem 4.2's bounds for B = the product of two gate outputs in the {params['encoding']} "
                f"encoding ({PRODUCT.get(params['encoding'], '?')}): |T(n-1;d)|^2 <= |T_B(n;d,d)| <= |T(n;d)|^2")
    which = "every reducible binary B" if params["operator"] == "reducible" else f"B = {params['operator']}"
    return (f"Theorem 4.2 with {_thm42_dropped(params)}, for {which}, degrees {params['degrees']}: "
            f"prod_j |T(n-1;d_j)| <= |T_B(n;d_1,d_2)| <= prod_j |T(n;d_j)|")


register(Search(
    claim="quarks.thm4.2", name="reducible",
    coq=("Gallery.v:thm4_2_reducible_false", "Gallery.v:thm4_2_reducible_proj",
         "Gallery.v:thm4_2_degree_zero_printed"),
    hypothesis="B irreducible dropped, or d_j >= 1 dropped (degrees with a 0), or B = the product of gate "
               "outputs in a chosen encoding",
    statement=_thm42_statement, dropped=_thm42_dropped,
    params={"operator": "reducible", "encoding": "-", "degrees": "1,1", "max_n": 4},
    candidates=_thm42_candidates, check=bounds_check,
    notes="operator=reducible tries the 6 reducible binary operators (constants, projections and their "
          "negations) in canonical order; operator=X gives T_X = T(n;1); encoding=01|pm1 checks the "
          "product AND / XNOR (irreducible: no counterexample expected).",
))


# --- §4.2 gate products in the other encoding --------------------------------------------------------

def _gate_candidates(params: dict):
    enc, op = params["encoding"], params["op"]
    if enc not in ("01", "pm1") or op not in ("AND", "XNOR", "both"):
        raise UsageError("gate-products: encoding must be 01 or pm1 and op AND, XNOR or both")
    ops = ["AND", "XNOR"] if op == "both" else [op]
    for o in ops:
        yield {"encoding": enc, "wiring": o}


register(Search(
    claim="quarks.gate-products", name="encoding",
    coq=("Gates.v:gate_product_pm1_not_and",),
    hypothesis="the encoding that makes the product AND (0/1) or XNOR (±1) swapped",
    statement=lambda p: (f"With gate outputs in the {p['encoding']} encoding the product of two gates is "
                         f"{'AND or XNOR' if p['op'] == 'both' else p['op']}"),
    params={"encoding": "pm1", "op": "AND"},
    candidates=_gate_candidates,
))


# --- Lemma 5.2 at j = 0 ------------------------------------------------------------------------------

def _k_candidates(params: dict):
    if not 1 <= params["max_k"] <= 8:
        raise UsageError(f"max_k must be in 1..8, got {params['max_k']}")
    for k in range(1, params["max_k"] + 1):
        yield {"k": k}


register(Search(
    claim="quarks.lemma5.2", name="j0",
    coq=("Affine.v:lemma5_2_printed_fails_j0", "Affine.v:lemma5_2_printed_refuted"),
    hypothesis="j >= 1 dropped: the printed witness (5.5) read at j = 0",
    statement=lambda p: "The printed q(z) of (5.5) has q(e_j) = 0 and q(e_i) = theta_i for every j in {0..k}, "
                        f"k <= {p['max_k']}",
    params={"max_k": 4},
    candidates=_k_candidates,
))


# --- (4.1) Zuev at n = 1 ---------------------------------------------------------------------------------

def _n_candidates(lo: int, hi: int, **extra):
    def gen(params: dict):
        if not lo <= params["max_n"] <= hi:
            raise UsageError(f"max_n must be in {lo}..{hi}, got {params['max_n']}")
        for n in range(lo, params["max_n"] + 1):
            yield {"n": n, **extra}
    return gen


for _zid in ("quarks.eq4.1-zuev", "quarks.eq4.1-zuev-n2"):
    register(Search(
        claim=_zid, name="small-n",
        coq=("Gallery.v:eq4_1_zuev_n1",),
        hypothesis="n large (n >= 2 in the corrected claim) dropped",
        statement=lambda p: f"C(T(n;1)) <= n^2 for every 1 <= n <= {p['max_n']}",
        params={"max_n": 4},
        candidates=_n_candidates(1, 7, d=1),
    ))


# --- Yang: temperature above the bound -----------------------------------------------------------------

def _ltl_candidates(params: dict):
    from fractions import Fraction

    try:
        c = Fraction(params["c"])
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"c must be a positive rational, got {params['c']!r}") from None
    if c <= 0:
        raise UsageError(f"c must be positive, got {params['c']}")
    if not 1 <= params["max_n"] <= 10:
        raise UsageError(f"max_n must be in 1..10, got {params['max_n']}")
    for n in range(1, params["max_n"] + 1):
        yield {"formula": params["formula"], "alphabet": params["alphabet"], "n": n,
               "variant": params["variant"], "c": params["c"]}


_LTL_DEFAULTS = {"yang.thm12": "a & X b & X X a", "yang.thm15": "!b S a", "yang.cor17": "(a U b) & Y (b S a) | X !a"}
for _yid, _formula in _LTL_DEFAULTS.items():
    register(Search(
        claim=_yid, name="hot",
        hypothesis="temperature tau(n) = 1/(c n) with c below our bound c = 2 (hotter softmax)",
        statement=lambda p: (f"The softmax construction for {p['formula']} at temperature tau(n) = "
                             f"{'1/n' if str(p['c']) == '1' else '1/(' + str(p['c']) + ' n)'} "
                             f"computes the formula at every position of every word of length <= max_n "
                             f"(values within 1/4 before rounding)"),
        params={"formula": _formula, "alphabet": "ab", "c": "1", "variant": "temperature", "max_n": 8},
        candidates=_ltl_candidates,
    ))


def _thm26_candidates(params: dict):
    from fractions import Fraction

    try:
        tau = Fraction(params["tau"])
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"tau must be a positive rational, got {params['tau']!r}") from None
    if tau <= 0:
        raise UsageError("tau must be positive")
    if not 2 <= params["max_n"] <= 10:
        raise UsageError(f"max_n must be in 2..10, got {params['max_n']}")
    for n in range(2, params["max_n"] + 1):
        yield {"program": params["program"], "n": n, "tau": params["tau"]}


register(Search(
    claim="yang.thm26", name="hot",
    hypothesis="tau = gamma(n)/(2 m(n)) replaced by a fixed, larger temperature",
    statement=lambda p: (f"The {p['program']} program at fixed temperature tau = {p['tau']} stays within 1/10 of "
                         f"the hard model on every input of length <= {p['max_n']}"),
    params={"program": "flipflop", "tau": "1", "max_n": 8},
    candidates=_thm26_candidates,
))


# --- Degree too small: T(n;d) = all(n) needs d >= n ------------------------------------------------------

def membership_check(inst: dict) -> Verdict:
    """f in T(n;d), decided by :func:`quarks.solvers.realize.realize` with an exact certificate."""
    from quarks.base.boolean import TruthTable
    from quarks.solvers.realize import realize

    f = TruthTable(inst["n"], int(inst["table"], 16))
    cert = realize(f, inst["d"])
    rec = cert.to_evidence(asserts="realizable")
    if cert.realizable:
        return Verdict.verified(f"{f.to_hex()} in T({f.n};{inst['d']}): {cert.formula()}", [rec])
    return Verdict.refuted(f"{f.to_hex()} is not in T({f.n};{inst['d']}): {cert.describe()}",
                           {"n": f.n, "d": inst["d"], "table": f.to_hex(), "bits": f.to_string()}, [rec])


def _degree_candidates(params: dict):
    import numpy as np

    from quarks.classes.evaluate import canonical_all

    d = params["d"]
    if not 1 <= params["max_n"] <= 4:
        raise UsageError(f"max_n must be in 1..4 (canonical forms of every function), got {params['max_n']}")
    if d != "n-1":
        try:
            d = int(d)
        except ValueError:
            raise UsageError(f"d must be an integer or n-1, got {d!r}") from None
        if d < 0:
            raise UsageError("d must be >= 0")
    for n in range(1, params["max_n"] + 1):
        deg = n - 1 if d == "n-1" else d
        if deg >= n:
            continue  # the hypothesis d >= n holds: every function is in T(n;n)
        for rep in np.unique(canonical_all(n)):
            yield {"n": n, "d": deg, "table": "0x" + format(int(rep), f"0{max(1, (1 << n) // 4)}x")}


register(Search(
    claim="quarks.eq4.3-ptf", name="degree",
    coq=tuple(f"Gallery.v:eq4_3_degree_n{n}" for n in range(1, 5)),
    hypothesis="d >= n dropped in T(n;d) = all(n) (C(T(n;n)) = 2^n, every function is the sign of its "
               "multilinear interpolant)",
    statement=lambda p: (f"Every Boolean function of n variables is a polynomial threshold function of degree "
                         f"{'n-1' if p['d'] == 'n-1' else p['d']} (n <= {p['max_n']})"),
    params={"d": "n-1", "max_n": 4},
    candidates=_degree_candidates, check=membership_check,
    notes="Candidates: one canonical representative per symmetry class (the least table of the orbit under "
          "permuting/negating inputs and negating the output, which preserve T(n;d)), in increasing order.",
))
