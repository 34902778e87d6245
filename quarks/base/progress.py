"""Progress bars: tqdm on a terminal and in a notebook, nothing when disabled.

``bar(total, desc)`` is the one constructor every long loop uses (verify, count, the composition
kernels, capacity, certificate checks).  In Jupyter it is tqdm's notebook widget when ipywidgets
is installed and tqdm's text bar otherwise; on a terminal it is tqdm's text bar on stderr.
"""
from __future__ import annotations

import sys


def in_notebook() -> bool:
    """True inside a Jupyter kernel (not a plain IPython terminal)."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    try:
        ip = shell.get_ipython()
    except Exception:  # noqa: BLE001 - IPython without a running shell
        return False
    return ip is not None and "IPKernelApp" in getattr(ip, "config", {})


def wanted(progress: bool | None) -> bool:
    """Resolve a ``progress`` argument: None means on in a notebook or on a terminal's stderr."""
    if progress is not None:
        return bool(progress)
    return in_notebook() or sys.stderr.isatty()


def bar(total: float, desc: str = "", enabled: bool = True, unit: str = "it", scale: bool = False,
        leave: bool = False):
    """A tqdm bar of ``total`` steps (disabled: a bar that prints nothing); ``leave`` keeps the
    finished bar on screen."""
    from tqdm import tqdm as text_bar

    options = dict(total=total, desc=desc, unit=unit, leave=leave, disable=not enabled,
                   unit_scale=scale, dynamic_ncols=True)
    if enabled and in_notebook():
        try:
            from tqdm.notebook import tqdm as widget_bar

            return widget_bar(**options)
        except ImportError:  # no ipywidgets: the text bar renders in the cell's stderr
            pass
    return text_bar(file=sys.stderr, mininterval=0.25, **options)
