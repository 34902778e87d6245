"""Safe parsing of the expression strings stored in symbolic evidence.

A certificate is untrusted text, so an expression string is tokenized first and admitted only
when every name is a declared symbol, an earlier definition, or one of the SymPy functions in
:data:`FUNCTIONS`; numbers must be integer literals (a rational is written ``p/q``; floats are
refused, being inexact); operators are arithmetic only (no attribute access, no keywords).
Only then is the string handed to SymPy's parser, with no builtins in scope.
"""
from __future__ import annotations

import io
import keyword
import re
import tokenize

from quarks.certify.base import CertificateError

# Names an expression may use besides its symbols and definitions.
FUNCTIONS = (
    "log", "exp", "sqrt", "E", "pi", "oo", "Rational", "Integer", "Matrix", "transpose",
    "binomial", "factorial", "Abs", "Integral", "integrate", "diff",
)
RESERVED = FUNCTIONS + ("t_param", "Symbol")
_OPERATORS = {"+", "-", "*", "/", "**", "(", ")", "[", "]", ","}
_DIGITS = re.compile(r"^\d+$")
ASSUMPTIONS = ("positive", "negative", "nonnegative", "nonpositive", "nonzero", "real", "integer")


def make_symbols(spec: dict) -> dict:
    """SymPy symbols from ``{name: {assumption: bool}}`` (assumptions from :data:`ASSUMPTIONS`)."""
    import sympy

    if not isinstance(spec, dict):
        raise CertificateError("symbols must be a mapping name -> assumptions")
    out = {}
    for name, assume in spec.items():
        if not (isinstance(name, str) and name.isidentifier()) or keyword.iskeyword(name) or name in RESERVED:
            raise CertificateError(f"bad symbol name {name!r}")
        assume = assume or {}
        bad = [k for k in assume if k not in ASSUMPTIONS]
        if bad:
            raise CertificateError(f"symbol {name}: unknown assumption {bad[0]!r}")
        out[name] = sympy.Symbol(name, **{k: bool(v) for k, v in assume.items()})
    return out


def _namespace():
    import sympy

    ns = {name: getattr(sympy, name) for name in FUNCTIONS}
    ns.update(Symbol=sympy.Symbol, Integer=sympy.Integer)
    return ns


def check_tokens(text: str, names) -> None:
    """Refuse any token outside the admitted vocabulary."""
    if not isinstance(text, str):
        raise CertificateError(f"expression must be a string, not {type(text).__name__}")
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError) as exc:
        raise CertificateError(f"unparsable expression {text[:60]!r}: {exc}") from None
    for tok in tokens:
        if tok.type in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER, tokenize.INDENT, tokenize.DEDENT):
            continue
        if tok.type == tokenize.NAME:
            if tok.string not in names and tok.string not in FUNCTIONS:
                raise CertificateError(f"undeclared name {tok.string!r} in expression")
        elif tok.type == tokenize.NUMBER:
            if not _DIGITS.match(tok.string):
                raise CertificateError(f"inexact or non-decimal number {tok.string!r} in expression")
        elif tok.type == tokenize.OP:
            if tok.string not in _OPERATORS:
                raise CertificateError(f"operator {tok.string!r} not allowed in expression")
        else:
            raise CertificateError(f"token {tok.string!r} not allowed in expression")


def parse(text: str, env: dict):
    """The SymPy object of an admitted expression string; ``env`` maps names to SymPy objects."""
    from sympy.parsing.sympy_parser import parse_expr, standard_transformations

    check_tokens(text, env)
    glob = {"__builtins__": {}, **_namespace()}
    try:
        return parse_expr(text, local_dict=dict(env), global_dict=glob,
                          transformations=standard_transformations, evaluate=True)
    except CertificateError:
        raise
    except Exception as exc:  # noqa: BLE001 - any parser failure is a malformed record
        raise CertificateError(f"expression {text[:60]!r} does not parse: {type(exc).__name__}: {exc}") from None


def unparse(obj) -> str:
    """The string form of a SymPy object, as stored in records."""
    import sympy

    return sympy.sstr(obj)
