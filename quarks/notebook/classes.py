"""Rendering classes of Boolean functions (composition classes T_B(n; ...)) as HTML and Markdown."""
from __future__ import annotations

import math

from quarks.notebook.render import esc, hex, html_table, json_short, md_table

# --- classes of functions --------------------------------------------------------------------

def _class_size(cls) -> int:
    """|class| of a CompositionClass (``size``) or of any set with ``count()`` (e.g. quarks.function_set)."""
    return int(cls.size) if hasattr(cls, "size") and not callable(cls.size) else int(cls.count())


def _class_members(cls, limit: int):
    """Up to ``limit`` member tables, or None when the class is larger or cannot list them."""
    if _class_size(cls) > limit:
        return None
    try:
        tables = cls.tables() if callable(getattr(cls, "tables", None)) else cls.members(limit)
    except Exception:  # noqa: BLE001 - a class that cannot list its members is shown without them
        return None
    return [int(h) for h in tables]


def _class_rows(cls) -> list:
    n, size = cls.n, _class_size(cls)
    universe = 1 << (1 << n)
    rows = [["n", n], ["size", f"{size:,}"],
            ["capacity log2 size", f"{math.log2(size):.4f}" if size else "-inf"],
            ["fraction of all 2^(2^n) functions", f"{size / universe:.6g}"]]
    if callable(getattr(cls, "digest", None)):
        rows.append(["sha256 of the bitmap", cls.digest()[:16] + "..."])
    for k, v in (getattr(cls, "info", None) or {}).items():
        rows.append([str(k), json_short(v, 120)])
    return rows


def composition_class_html(cls, show: int = 16) -> str:
    """A class of Boolean functions (CompositionClass, or a set with ``n`` and ``count()``)."""
    out = html_table([type(cls).__name__, ""], _class_rows(cls), align="left")
    members = _class_members(cls, show)
    if members:
        text = ", ".join(hex(h, cls.n) for h in members)
        out += f'<div style="font-family:ui-monospace,monospace;font-size:85%">members: {esc(text)}</div>'
    return out


def composition_class_markdown(cls, show: int = 16) -> str:
    out = md_table([type(cls).__name__, ""], _class_rows(cls))
    members = _class_members(cls, show)
    if members:
        out += "\n\nmembers: " + ", ".join(f"`{hex(h, cls.n)}`" for h in members)
    return out
