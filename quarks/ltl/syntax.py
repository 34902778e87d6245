"""Formulas of LTL with counting (TL[#]): abstract syntax and a parser.

Grammar (loosest binding first)::

    formula := or ('->' formula)?
    or      := and ('|' and)*
    and     := temp ('&' temp)*
    temp    := unary (('S' | 'U' | 'Ss' | 'Us') temp)?     # since / until; Ss, Us are strict
    unary   := ('!' | 'Y' | 'X' | 'P' | 'H' | 'F' | 'G') unary | primary
    primary := 'true' | 'false' | '(' formula ')' | SYMBOL | PRED '(' arg ')' | lin CMP lin
    lin     := ['-'] term (('+' | '-') term)*      term := INT | INT ['*'] count | count
    count   := '#left' '[' formula ']' | '#right' '[' formula ']' | '#' '[' formula ']' (= #left)
    arg     := 'pos' | count                       CMP  := '<' | '<=' | '=' | '!=' | '>=' | '>'

SYMBOL is a lower-case letter or digit, or any character in single quotes ('(').  PRED is an
upper-case name: ODD, EVEN, MOD_k, MOD_k_r or a registered predicate.  Y / X: previous / next;
P / H: once / historically (past), F / G: eventually / always (future), all non-strict.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from quarks.base.errors import UsageError


class ParseError(UsageError):
    """A syntax error, with the column where it was found."""

    def __init__(self, message: str, text: str, pos: int):
        self.text, self.pos = text, pos
        shown = text[:pos] + " <here> " + text[pos:]
        super().__init__(f"{message} at column {pos + 1}: {shown.strip()}")


# --- abstract syntax --------------------------------------------------------------------------

@dataclass(frozen=True)
class Atom:
    symbol: str


@dataclass(frozen=True)
class Const:
    value: bool


@dataclass(frozen=True)
class Not:
    arg: object


@dataclass(frozen=True)
class And:
    left: object
    right: object


@dataclass(frozen=True)
class Or:
    left: object
    right: object


@dataclass(frozen=True)
class Prev:
    arg: object


@dataclass(frozen=True)
class Next:
    arg: object


@dataclass(frozen=True)
class Since:
    """left S right: right held at some j <= i and left at every k in (j, i] (strict: j < i, k < i)."""

    left: object
    right: object
    strict: bool = False


@dataclass(frozen=True)
class Until:
    left: object
    right: object
    strict: bool = False


@dataclass(frozen=True)
class Count:
    """#left[phi] = |{j <= i : phi(j)}|, #right[phi] = |{j >= i : phi(j)}|."""

    side: str
    arg: object


@dataclass(frozen=True)
class Pos:
    """The position i (1-based)."""


@dataclass(frozen=True)
class Lin:
    """sum_k coef_k * count_k + const."""

    terms: tuple  # ((coef, Count), ...)
    const: int = 0


@dataclass(frozen=True)
class Compare:
    left: Lin
    op: str
    right: Lin


@dataclass(frozen=True)
class Pred:
    name: str
    arg: object  # Pos or Count


OPS = ("<", "<=", "=", "!=", ">=", ">")
TEMPORAL = {"S": (Since, False), "U": (Until, False), "Ss": (Since, True), "Us": (Until, True)}


def show(f) -> str:
    """The formula written back in the input syntax (fully parenthesised)."""
    if isinstance(f, Atom):
        return f.symbol if re.fullmatch(r"[a-z0-9]", f.symbol) else f"'{f.symbol}'"
    if isinstance(f, Const):
        return "true" if f.value else "false"
    if isinstance(f, Not):
        return f"!{show(f.arg)}"
    if isinstance(f, And):
        return f"({show(f.left)} & {show(f.right)})"
    if isinstance(f, Or):
        return f"({show(f.left)} | {show(f.right)})"
    if isinstance(f, Prev):
        return f"Y {show(f.arg)}"
    if isinstance(f, Next):
        return f"X {show(f.arg)}"
    if isinstance(f, (Since, Until)):
        op = ("S" if isinstance(f, Since) else "U") + ("s" if f.strict else "")
        return f"({show(f.left)} {op} {show(f.right)})"
    if isinstance(f, Count):
        return f"#{f.side}[{show(f.arg)}]"
    if isinstance(f, Pos):
        return "pos"
    if isinstance(f, Lin):
        parts = [f"{c}*{show(t)}" if c != 1 else show(t) for c, t in f.terms]
        if f.const or not parts:
            parts.append(str(f.const))
        return " + ".join(parts).replace("+ -", "- ")
    if isinstance(f, Compare):
        return f"({show(f.left)} {f.op} {show(f.right)})"
    if isinstance(f, Pred):
        return f"{f.name}({show(f.arg)})"
    raise TypeError(f"not a formula: {f!r}")


def subformulas(f):
    """Every sub-formula (Boolean-valued node), children before parents, without repeats."""
    out, seen = [], set()

    def walk(g):
        if g in seen:
            return
        for child in children(g):
            walk(child)
        seen.add(g)
        if not isinstance(g, (Count, Pos, Lin)):
            out.append(g)

    walk(f)
    return out


def children(g) -> list:
    if isinstance(g, (Atom, Const, Pos)):
        return []
    if isinstance(g, (Not, Prev, Next)):
        return [g.arg]
    if isinstance(g, (And, Or, Since, Until)):
        return [g.left, g.right]
    if isinstance(g, Count):
        return [g.arg]
    if isinstance(g, Lin):
        return [t.arg for _, t in g.terms]
    if isinstance(g, Compare):
        return children(g.left) + children(g.right)
    if isinstance(g, Pred):
        return children(g.arg)
    raise TypeError(f"not a formula: {g!r}")


def depth(f) -> int:
    return 1 + max((depth(c) for c in children(f)), default=0)


# --- parser --------------------------------------------------------------------------------

_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<count>\#left|\#right|\#)
  | (?P<quoted>'[^']')
  | (?P<op><=|>=|!=|->|[<>=!&|()\[\]+\-*~])
  | (?P<int>\d+)
  | (?P<word>[A-Za-z_][A-Za-z0-9_]*)
""", re.VERBOSE)

UNARY = {"!": "not", "~": "not", "Y": "Y", "X": "X", "P": "P", "H": "H", "F": "F", "G": "G"}


def tokenize(text: str) -> list:
    toks, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise ParseError(f"unexpected character {text[pos]!r}", text, pos)
        if m.lastgroup != "ws":
            toks.append((m.lastgroup, m.group(), pos))
        pos = m.end()
    toks.append(("end", "", len(text)))
    return toks


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.toks = tokenize(text)
        self.k = 0

    def peek(self, ahead: int = 0):
        return self.toks[min(self.k + ahead, len(self.toks) - 1)]

    def take(self):
        tok = self.toks[self.k]
        self.k += 1
        return tok

    def error(self, message: str, tok=None):
        tok = tok or self.peek()
        raise ParseError(message, self.text, tok[2])

    def expect(self, value: str):
        tok = self.peek()
        if tok[1] != value:
            self.error(f"expected {value!r}, found {tok[1] or 'end of input'!r}")
        return self.take()

    def formula(self):
        left = self.disj()
        if self.peek()[1] == "->":
            self.take()
            return Or(Not(left), self.formula())
        return left

    def disj(self):
        left = self.conj()
        while self.peek()[1] == "|":
            self.take()
            left = Or(left, self.conj())
        return left

    def conj(self):
        left = self.temp()
        while self.peek()[1] == "&":
            self.take()
            left = And(left, self.temp())
        return left

    def temp(self):
        left = self.unary()
        tok = self.peek()
        if tok[0] == "word" and tok[1] in TEMPORAL:
            self.take()
            cls, strict = TEMPORAL[tok[1]]
            return cls(left, self.temp(), strict)
        return left

    def unary(self):
        kind, value, _ = self.peek()
        if value in UNARY and (kind == "op" or kind == "word"):
            self.take()
            arg = self.unary()
            op = UNARY[value]
            if op == "not":
                return Not(arg)
            if op == "Y":
                return Prev(arg)
            if op == "X":
                return Next(arg)
            if op == "P":
                return Since(Const(True), arg)
            if op == "F":
                return Until(Const(True), arg)
            if op == "H":
                return Not(Since(Const(True), Not(arg)))
            return Not(Until(Const(True), Not(arg)))
        return self.primary()

    def primary(self):
        kind, value, pos = self.peek()
        if kind == "op" and value == "(":
            self.take()
            f = self.formula()
            self.expect(")")
            return f
        if kind == "word" and value in ("true", "false"):
            self.take()
            return Const(value == "true")
        if kind in ("int", "count") or (kind == "op" and value == "-"):
            return self.comparison()
        if kind == "quoted":
            self.take()
            return Atom(value[1])
        if kind == "word" and value[0].isupper():
            return self.predicate()
        if kind == "word" and len(value) == 1:
            self.take()
            return Atom(value)
        if kind == "word":
            self.error(f"unknown name {value!r} (symbols are single letters; quote others: 'x')")
        if kind == "end":
            self.error("formula ends too early")
        self.error(f"unexpected {value!r}")

    def predicate(self):
        from quarks.attention.model import predicate

        tok = self.take()
        name = tok[1]
        if name in TEMPORAL:
            self.error(f"{name} is a binary operator and needs a left operand", tok)
        try:
            predicate(name)
        except KeyError as exc:
            self.error(str(exc.args[0]), tok)
        self.expect("(")
        t = self.peek()
        if t[0] == "word" and t[1] == "pos":
            self.take()
            arg = Pos()
        elif t[0] == "count":
            arg = self.count()
        else:
            self.error("a numerical predicate applies to 'pos' or to a count term")
        self.expect(")")
        return Pred(name, arg)

    def count(self):
        tok = self.take()
        side = "right" if tok[1] == "#right" else "left"
        self.expect("[")
        f = self.formula()
        self.expect("]")
        return Count(side, f)

    def lin(self):
        terms, const, sign = [], 0, 1
        if self.peek()[1] == "-":
            self.take()
            sign = -1
        while True:
            kind, value, _ = self.peek()
            if kind == "int":
                self.take()
                c = sign * int(value)
                if self.peek()[1] == "*":
                    self.take()
                if self.peek()[0] == "count":
                    terms.append((c, self.count()))
                else:
                    const += c
            elif kind == "count":
                terms.append((sign, self.count()))
            else:
                self.error("expected a count term or an integer")
            if self.peek()[1] in ("+", "-"):
                sign = 1 if self.take()[1] == "+" else -1
            else:
                break
        return Lin(tuple(terms), const)

    def comparison(self):
        left = self.lin()
        tok = self.peek()
        if tok[1] not in OPS:
            self.error("expected a comparison (< <= = != >= >) after a count expression")
        self.take()
        return Compare(left, tok[1], self.lin())


def parse(text: str):
    """Parse a formula; a syntax error raises :class:`ParseError` naming the column."""
    if not isinstance(text, str) or not text.strip():
        raise ParseError("empty formula", text or "", 0)
    p = _Parser(text)
    f = p.formula()
    if p.peek()[0] != "end":
        p.error(f"unexpected {p.peek()[1]!r} after a complete formula")
    return f


def symbols(f) -> set:
    """The alphabet symbols a formula mentions."""
    if isinstance(f, Atom):
        return {f.symbol}
    out = set()
    for c in children(f):
        out |= symbols(c)
    return out
