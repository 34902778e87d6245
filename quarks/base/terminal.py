"""Text that fits the terminal: tables truncated with an ellipsis, long lines wrapped.

The width is the terminal's when stdout is one (``shutil.get_terminal_size``), else ``$COLUMNS``
when set, else unlimited: piped output and files keep the full text (as does ``--json``).
"""
from __future__ import annotations

import os
import shutil
import sys
import textwrap
import unicodedata

ELLIPSIS = "…"
MIN_COLUMN = 8   # a truncated column keeps at least this many characters


def printable(text) -> str:
    """``text`` with every control, format or line-separator character (ESC, CR, newline, tab,
    bidirectional overrides, U+2028, ...) written as a visible escape (``\\x1b``, ``\\u202e``): a string
    from a certificate or a file name cannot move the cursor, erase a line or start a new one."""
    text = str(text)
    return "".join(_escape(ch) if unicodedata.category(ch) in _UNPRINTABLE else ch for ch in text)


_UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def width(stream=None) -> int | None:
    """Columns available on ``stream`` (default stdout); None when unlimited."""
    stream = stream or sys.stdout
    env = os.environ.get("COLUMNS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    return shutil.get_terminal_size((100, 24)).columns if tty else None


def truncate(text: str, limit: int | None) -> str:
    """``text`` cut to ``limit`` characters, the last one an ellipsis when anything was cut."""
    if limit is None or len(text) <= limit:
        return text
    return text[: max(0, limit - 1)] + ELLIPSIS if limit > 0 else ""


def table(head, rows, right=(), limit: int | None = None, gap: str = "  ", rule: bool = True,
          keep=(0,)) -> list[str]:
    """Rows of cells as aligned lines no wider than ``limit``: the widest columns are cut (with an
    ellipsis) first, those in ``keep`` (the identifiers) only when the others cannot give more; a
    line still too long is cut at ``limit``.  Columns in ``right`` are right-aligned (numbers,
    never cut).  No trailing spaces."""
    rows = [tuple(str(c) for c in r) for r in rows]
    head = tuple(str(c) for c in head)
    widths = [max(len(x) for x in col) for col in zip(head, *rows)]
    if limit is not None:
        excess = sum(widths) + len(gap) * (len(widths) - 1) - limit
        for group in ([k for k in range(len(widths)) if k not in keep and k not in right],
                      [k for k in keep if k < len(widths)]):
            while excess > 0 and group:
                i = max(group, key=lambda k: widths[k])
                if widths[i] <= max(MIN_COLUMN, min(len(head[i]), MIN_COLUMN + 4)):
                    break
                widths[i] -= 1
                excess -= 1

    def line(cells):
        parts = [truncate(c, w).rjust(w) if i in right else truncate(c, w).ljust(w)
                 for i, (c, w) in enumerate(zip(cells, widths))]
        return truncate(gap.join(parts).rstrip(), limit)

    return [line(head)] + ([line(tuple("-" * w for w in widths))] if rule else []) + [line(r) for r in rows]


def wrap(text: str, limit: int | None, indent: str = "    ") -> str:
    """A long line wrapped to ``limit`` columns, continuation lines indented; unchanged if unlimited."""
    if limit is None or len(text) <= limit:
        return text.rstrip()
    return textwrap.fill(text, width=max(limit, 20), subsequent_indent=indent,
                         break_long_words=True, break_on_hyphens=False)


def abbreviate(text: str, limit: int = 64) -> str:
    """A long value (a truth table of 2^14 bits in hex) cut in the middle: ``0x0000…0001 (4,098
    characters)``; unchanged when at most ``limit`` characters.  ``--json`` prints it whole."""
    text = str(text)
    if len(text) <= limit:
        return text
    tail = 12
    return f"{text[: limit - tail - 1]}{ELLIPSIS}{text[-tail:]} ({len(text):,} characters)"
