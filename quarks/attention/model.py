"""Transformers as data: a residual stream of named coordinates, attention heads and ReLU units.

An input ``w_1 .. w_n`` starts the stream at position ``i`` with the word coordinates (``[w_i = a]``)
and the position-embedding coordinates ``pe(i, n)``; every other coordinate starts at 0.  Each layer
adds the outputs of its attention heads to the stream, then the outputs of its feed-forward units.

A head scores ``s_ij = sum_t coef_t * x_i[query_t] * x_j[key_t]`` over the unmasked ``j`` (future
mask: ``j <= i``; past mask: ``j >= i``; none), weights them, and adds ``sum_j w_ij x_j[value]`` to
``x_i[out]``.  The hard model weights by average hardmax (or leftmost / rightmost hardmax); the soft
model by ``softmax(s / tau(n))``.  A unit is a small ReLU network ``out += sum_h v_h ReLU(w_h . x + b_h)``
(plus a constant); a unit marked ``round`` is the Lemma 9 rounding of an approximate Boolean.

Weights are exact rationals; a model is saved as JSON with rationals written ``"p/q"``.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from fractions import Fraction

from quarks.base.exact import evaluate, to_exact, to_json

MASKS = ("future", "past", "none")
HARD = ("average", "leftmost", "rightmost")


def _q(x) -> Fraction:
    return Fraction(to_exact(x)) if isinstance(x, str) else Fraction(x)


# --- numerical predicates ----------------------------------------------------------------------

PREDICATES: dict = {}


def register_predicate(name: str, fn) -> None:
    """Register a unary numerical predicate ``fn(k, n) -> bool`` under ``name`` (upper case)."""
    if not name.isidentifier() or not name.isupper():
        raise ValueError(f"predicate names are upper-case identifiers, not {name!r}")
    PREDICATES[name] = fn


def predicate(name: str):
    """The predicate called ``name``: ODD, EVEN, MOD_k (k | x), MOD_k_r (x = r mod k), or registered."""
    if name in PREDICATES:
        return PREDICATES[name]
    if name == "ODD":
        return lambda k, n: k % 2 == 1
    if name == "EVEN":
        return lambda k, n: k % 2 == 0
    parts = name.split("_")
    if parts[0] == "MOD" and len(parts) in (2, 3) and all(p.isdigit() for p in parts[1:]) and int(parts[1]) > 0:
        k, r = int(parts[1]), int(parts[2]) if len(parts) == 3 else 0
        return lambda x, n: x % k == r % k
    raise KeyError(f"unknown numerical predicate {name!r} (ODD, EVEN, MOD_k, MOD_k_r or registered)")


def pe_value(spec, i: int, n: int) -> Fraction:
    """A position embedding: an exact expression in ``i`` and ``n`` (see :mod:`quarks.base.exact`), or
    ``["pred", NAME, expr]`` (1 when the numerical predicate holds of the expression's value)."""
    if isinstance(spec, list) and spec and spec[0] == "pred":
        k = pe_value(spec[2], i, n)
        return Fraction(int(bool(predicate(spec[1])(int(k), n))))
    v = evaluate(spec, {"i": i, "n": n})
    return Fraction(int(v)) if isinstance(v, bool) else Fraction(v)


def pe_bound(spec, n: int) -> Fraction:
    """max_i |pe(i, n)| over the positions of a length-n input."""
    return max(abs(pe_value(spec, i, n)) for i in range(1, n + 1))


# --- the parts of a model ---------------------------------------------------------------------

@dataclass
class Head:
    """One attention head writing ``out``; ``terms`` are ``(query coord, key coord, coef)``."""

    out: str
    value: str
    terms: list
    mask: str = "none"
    hard: str = "average"
    tau: object = 1  # exact expression in n
    note: str = ""

    def __post_init__(self):
        if self.mask not in MASKS:
            raise ValueError(f"mask must be one of {MASKS}")
        if self.hard not in HARD:
            raise ValueError(f"hard weighting must be one of {HARD}")
        self.terms = [(q, k, _q(c)) for q, k, c in self.terms]

    def temperature(self, n: int) -> Fraction:
        t = Fraction(evaluate(self.tau, {"n": n}))
        if t <= 0:
            raise ValueError(f"head {self.out}: temperature {t} at n={n} is not positive")
        return t

    def uniform(self) -> bool:
        return not self.terms


@dataclass
class Unit:
    """``out[t] += sum_h v[t][h] ReLU(w_h . x + b_h) + c[t]``; hidden ``(weights {coord: w}, b)``."""

    hidden: list
    out: dict  # target -> (list of v_h, constant)
    round: str | None = None  # input coordinate of a Lemma 9 rounding, when this unit is one
    note: str = ""

    def __post_init__(self):
        self.hidden = [({c: _q(w) for c, w in ws.items()}, _q(b)) for ws, b in self.hidden]
        self.out = {t: ([_q(v) for v in vs], _q(c)) for t, (vs, c) in self.out.items()}

    def lip(self, t: str) -> Fraction:
        """The Lipschitz constant (l1 in) of output t: sum_h |v_h| |w_h|_1."""
        return sum((abs(v) * sum(abs(w) for w in ws.values()) for v, (ws, _) in zip(self.out[t][0], self.hidden)),
                   Fraction(0))

    def bound(self, t: str, X: Fraction) -> Fraction:
        """|output t| on inputs bounded by X: sum_h |v_h| (|w_h|_1 X + |b_h|) + |c|."""
        vs, c = self.out[t]
        return sum((abs(v) * (sum(abs(w) for w in ws.values()) * X + abs(b)) for v, (ws, b) in zip(vs, self.hidden)),
                   Fraction(0)) + abs(c)


@dataclass
class Layer:
    heads: list = field(default_factory=list)
    units: list = field(default_factory=list)


@dataclass
class Model:
    """A transformer over ``alphabet`` whose result is read at coordinate ``output``."""

    alphabet: list
    pe: dict  # coord -> position-embedding spec
    layers: list
    output: str
    info: dict = field(default_factory=dict)

    def word_coord(self, a: str) -> str:
        return f"w:{a}"

    def coords(self) -> list:
        """Every coordinate, in the order they are first written."""
        out = [self.word_coord(a) for a in self.alphabet] + list(self.pe)
        seen = set(out)
        for layer in self.layers:
            for h in layer.heads:
                if h.out not in seen:
                    seen.add(h.out)
                    out.append(h.out)
            for u in layer.units:
                for t in u.out:
                    if t not in seen:
                        seen.add(t)
                        out.append(t)
        return out

    def validate(self) -> None:
        """Every coordinate read is written before (or is an input coordinate)."""
        known = {self.word_coord(a) for a in self.alphabet} | set(self.pe)
        for k, layer in enumerate(self.layers):
            for h in layer.heads:
                used = {h.value} | {q for q, _, _ in h.terms} | {kk for _, kk, _ in h.terms}
                if used - known:
                    raise ValueError(f"layer {k} head {h.out} reads unknown {sorted(used - known)}")
            known |= {h.out for h in layer.heads}
            for u in layer.units:
                used = {c for ws, _ in u.hidden for c in ws}
                if used - known:
                    raise ValueError(f"layer {k} unit reads unknown {sorted(used - known)}")
            for u in layer.units:
                known |= set(u.out)
        if self.output not in known:
            raise ValueError(f"output coordinate {self.output} is never written")

    def temperatures(self, n: int) -> list:
        return [h.temperature(n) for layer in self.layers for h in layer.heads if not h.uniform()]

    # --- JSON ----------------------------------------------------------------------------------

    def to_dict(self) -> dict:
        return {
            "format": "quarks-transformer/1",
            "alphabet": list(self.alphabet),
            "pe": self.pe,
            "output": self.output,
            "info": self.info,
            "layers": [
                {
                    "heads": [
                        {"out": h.out, "value": h.value, "mask": h.mask, "hard": h.hard, "tau": h.tau,
                         "terms": [[q, k, to_json(c)] for q, k, c in h.terms], "note": h.note}
                        for h in layer.heads
                    ],
                    "units": [
                        {"hidden": [[{c: to_json(w) for c, w in ws.items()}, to_json(b)] for ws, b in u.hidden],
                         "out": {t: [[to_json(v) for v in vs], to_json(c)] for t, (vs, c) in u.out.items()},
                         "round": u.round, "note": u.note}
                        for u in layer.units
                    ],
                }
                for layer in self.layers
            ],
        }

    @classmethod
    def from_dict(cls, d: dict) -> "Model":
        if d.get("format") != "quarks-transformer/1":
            raise ValueError("not a quarks transformer (format quarks-transformer/1 expected)")
        layers = [
            Layer(
                heads=[Head(h["out"], h["value"], [tuple(t) for t in h["terms"]], h["mask"], h["hard"],
                            h["tau"], h.get("note", "")) for h in L["heads"]],
                units=[Unit([(ws, b) for ws, b in u["hidden"]], {t: (vs, c) for t, (vs, c) in u["out"].items()},
                            u.get("round"), u.get("note", "")) for u in L["units"]],
            )
            for L in d["layers"]
        ]
        m = cls(d["alphabet"], d["pe"], layers, d["output"], d.get("info", {}))
        m.validate()
        return m

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def loads(cls, text: str) -> "Model":
        return cls.from_dict(json.loads(text))

    def save(self, path) -> None:
        from quarks.base.fileio import atomic_write

        atomic_write(path, self.dumps())

    @classmethod
    def load(cls, path) -> "Model":
        with open(path) as fh:
            return cls.loads(fh.read())


def lcm_upto(n: int) -> int:
    out = 1
    for k in range(2, n + 1):
        out = out * k // math.gcd(out, k)
    return out
