"""The class-algebra language: sets of Boolean functions of n variables, written as expressions.

Grammar (``|`` and ``-`` bind loosest, then ``&``, then the prefix ``~``; all left-associative)::

    expr    := inter (("|" | "-" | "\\") inter)*      union, difference
    inter   := prefix ("&" prefix)*                     intersection
    prefix  := ("~" | "not") prefix | atom              complement (within all(n))
    atom    := "(" expr ")"
             | "all" "(" n ")"                          every function of n variables
             | "none" "(" n ")"                         the empty set
             | "T" "(" n ";" d ")"                      T(n;d): polynomial threshold functions
             | "T_" NAME "(" n ";" d1 "," ... ")"       T_B(n;d1..dk) = {B(f1..fk): fj in T(n;dj)}
             | "fn" "(" n ";" TABLE ")"                 one function (0/1 string or hex table)
             | "orbit" "(" expr ")"                     image under the symmetry group

``NAME`` is a binary operator of :data:`quarks.base.boolean.BINARY_OPERATORS` (AND, XOR, X, ...), a
ternary one of :data:`quarks.solvers.operators.TERNARY_NAMED` (AND3, MAJ3, XOR3, MUX) or
``B<k>_<hex table>`` (e.g. ``B3_0xe8``).  The words ``or``, ``and``, ``minus`` may replace
``|``, ``&``, ``-``.  The symmetry group permutes and negates inputs and negates the output.

Every operand of a binary operation must have the same n; the parser records each node's n, so
a mismatch is reported at the operator.  Errors are :class:`ParseError` (a UsageError: one line,
exit 2) naming the column.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from quarks.base.errors import UsageError


class ParseError(UsageError):
    """A malformed expression; the message names the column (1-based)."""

    def __init__(self, text: str, pos: int, message: str):
        self.pos = pos
        shown = text if len(text) <= 80 else text[:77] + "..."
        super().__init__(f"column {pos + 1}: {message} in {shown!r}")


@dataclass(frozen=True)
class Node:
    """An expression node: ``op`` names the set it denotes, ``n`` its number of variables."""

    op: str                # all, none, T, T_B, fn, union, inter, diff, not, orbit
    n: int
    pos: int               # column (0-based) where the node starts, for messages
    args: tuple = ()       # child nodes (set operations) or parameters (atoms)

    def __str__(self) -> str:
        return unparse(self)


def unparse(node: Node, top: bool = True) -> str:
    """The expression in canonical spelling (binary operations parenthesised below the top)."""
    a = node.args
    if node.op in ("all", "none"):
        return f"{node.op}({node.n})"
    if node.op == "T":
        return f"T({node.n};{a[0]})"
    if node.op == "T_B":
        name, _table, _k, degrees = a
        return f"T_{name}({node.n};{','.join(map(str, degrees))})"
    if node.op == "fn":
        return f"fn({node.n};{a[0]:#x})"
    if node.op == "not":
        return f"~{unparse(a[0], False)}"
    if node.op == "orbit":
        return f"orbit({unparse(a[0])})"
    sym = {"union": "|", "inter": "&", "diff": "-"}[node.op]
    text = f"{unparse(a[0], False)} {sym} {unparse(a[1], False)}"
    return text if top else f"({text})"


_TOKEN = re.compile(r"\s*(?:(?P<num>0[xX][0-9A-Fa-f_]+|\d+)|(?P<name>[A-Za-z_][A-Za-z_0-9]*)"
                    r"|(?P<sym>[()|&~;,\-\\]))")
_WORDS = {"or": "|", "and": "&", "minus": "-", "not": "~"}


def tokenize(text: str) -> list[tuple[str, str, int]]:
    """(kind, text, position) triples; kind is num, name, sym or end."""
    out, pos = [], 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos == len(text):
            out.append(("end", "", pos))
            return out
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ParseError(text, pos, f"unexpected character {text[pos]!r}")
        start = m.start(m.lastgroup)
        kind, tok = m.lastgroup, m.group(m.lastgroup)
        if kind == "name" and tok.lower() in _WORDS:
            kind, tok = "sym", _WORDS[tok.lower()]
        out.append((kind, tok, start))
        pos = m.end()


def operator(name: str) -> tuple[int, int] | None:
    """(table, arity) of a named operator, or None."""
    from quarks.base.boolean import BINARY_OPERATORS
    from quarks.solvers.operators import TERNARY_NAMED

    up = name.upper()
    if up in BINARY_OPERATORS:
        return int(BINARY_OPERATORS[up].bits), 2
    if up in TERNARY_NAMED:
        return TERNARY_NAMED[up], 3
    m = re.fullmatch(r"B([1-9])_0X([0-9A-F]+)", up)
    if m:
        k, table = int(m.group(1)), int(m.group(2), 16)
        if k <= 3 and table < 1 << (1 << k):
            return table, k
    return None


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.toks = tokenize(text)
        self.i = 0

    # --- token helpers ---
    def peek(self):
        return self.toks[self.i]

    def take(self):
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def fail(self, message: str, pos: int | None = None):
        raise ParseError(self.text, self.peek()[2] if pos is None else pos, message)

    def expect(self, sym: str, what: str = ""):
        kind, tok, pos = self.peek()
        if kind != "sym" or tok != sym:
            found = "end of input" if kind == "end" else repr(tok)
            self.fail(f"expected {sym!r}{' ' + what if what else ''}, found {found}")
        return self.take()

    def integer(self, what: str, lo: int = 0) -> int:
        kind, tok, pos = self.peek()
        if kind != "num" or tok.lower().startswith("0x"):
            found = "end of input" if kind == "end" else repr(tok)
            self.fail(f"expected {what} (a decimal integer), found {found}")
        self.take()
        value = int(tok)
        if value < lo:
            self.fail(f"{what} must be >= {lo}", pos)
        return value

    # --- grammar ---
    def parse(self) -> Node:
        node = self.expr()
        kind, tok, pos = self.peek()
        if kind != "end":
            self.fail(f"unexpected {tok!r} after a complete expression")
        return node

    def _binary(self, sub, ops: dict) -> Node:
        left = sub()
        while True:
            kind, tok, pos = self.peek()
            if kind != "sym" or tok not in ops:
                return left
            self.take()
            right = sub()
            if right.n != left.n:
                self.fail(f"{tok!r} combines sets of functions of {left.n} and {right.n} variables", pos)
            left = Node(ops[tok], left.n, pos, (left, right))

    def expr(self) -> Node:
        return self._binary(self.inter, {"|": "union", "-": "diff", "\\": "diff"})

    def inter(self) -> Node:
        return self._binary(self.prefix, {"&": "inter"})

    def prefix(self) -> Node:
        kind, tok, pos = self.peek()
        if kind == "sym" and tok == "~":
            self.take()
            inner = self.prefix()
            return Node("not", inner.n, pos, (inner,))
        return self.atom()

    def atom(self) -> Node:
        kind, tok, pos = self.peek()
        if kind == "sym" and tok == "(":
            self.take()
            node = self.expr()
            self.expect(")", "to close the parenthesis")
            return node
        if kind == "end":
            self.fail("expected a set (all(n), T(n;d), T_B(n;d,..), fn(n;table), orbit(...) or '('), "
                      "found end of input")
        if kind != "name":
            self.fail(f"expected a set, found {tok!r}")
        self.take()
        low = tok.lower()
        if low == "orbit":
            self.expect("(", "after orbit")
            inner = self.expr()
            self.expect(")", "to close orbit(")
            return Node("orbit", inner.n, pos, (inner,))
        if low in ("all", "none"):
            self.expect("(", f"after {tok}")
            n = self.integer("the number of variables n")
            self.expect(")", f"to close {tok}(")
            return Node(low, n, pos)
        if tok == "T":
            self.expect("(", "after T")
            n = self.integer("the number of variables n")
            self.expect(";", "between n and the degree")
            d = self.integer("the degree d")
            self.expect(")", "to close T(")
            return Node("T", n, pos, (d,))
        if tok.startswith("T_"):
            name = tok[2:]
            op = operator(name)
            if op is None:
                self.fail(f"unknown operator {name!r} (binary names like AND, XOR, X; ternary AND3, MAJ3, "
                          f"XOR3, MUX; or B<k>_0x<table>)", pos + 2)
            table, k = op
            self.expect("(", f"after {tok}")
            n = self.integer("the number of variables n")
            self.expect(";", "between n and the degrees")
            degrees = [self.integer("a degree")]
            while self.peek()[:2] == ("sym", ","):
                self.take()
                degrees.append(self.integer("a degree"))
            close = self.peek()[2]
            self.expect(")", f"to close {tok}(")
            if len(degrees) != k:
                self.fail(f"operator {name} has {k} arguments but {len(degrees)} degree(s) were given", close)
            return Node("T_B", n, pos, (name.upper(), table, k, tuple(degrees)))
        if low == "fn":
            from quarks.base.boolean import TruthTable

            self.expect("(", "after fn")
            n = self.integer("the number of variables n")
            self.expect(";", "between n and the truth table")
            kind2, body, tpos = self.peek()
            if kind2 != "num":
                self.fail("expected a truth table (0/1 string of length 2^n, or hex)")
            self.take()
            try:
                f = TruthTable.parse(body, n)
            except ValueError as exc:
                self.fail(f"bad truth table: {exc}", tpos)
            if f.n != n:
                self.fail(f"truth table has {f.n} variables, not {n}", tpos)
            self.expect(")", "to close fn(")
            return Node("fn", n, pos, (f.bits,))
        self.fail(f"unknown name {tok!r} (expected all, none, T, T_<operator>, fn or orbit)", pos)


def parse(text: str) -> Node:
    """The syntax tree of a class expression; :class:`ParseError` (one line, exit 2) if malformed."""
    if not text.strip():
        raise ParseError(text, 0, "empty expression")
    return _Parser(text).parse()
