"""Progress bars: tqdm on a terminal and in a notebook, plain lines in a log, nothing when disabled.

``bar(total, desc)`` is the one constructor every long loop uses (verify, count, the composition
kernels, capacity, certificate checks).  In Jupyter it is tqdm's notebook widget when ipywidgets
is installed and tqdm's text bar otherwise; on a terminal it is tqdm's text bar on stderr; when
stderr is a file or a pipe it is :class:`Lines`: one plain line (no carriage return) at most every
30 seconds (less often as the work goes on), with the time spent and the time left.
"""
from __future__ import annotations

import sys
import time


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


def messages():
    """Where progress, forecast and Coq-phase lines go: stdout in a notebook (a cell renders stderr
    as error boxes), stderr elsewhere (stdout keeps the answer)."""
    return sys.stdout if in_notebook() else sys.stderr


def wanted(progress: bool | None) -> bool:
    """Resolve a ``progress`` argument: None means on in a notebook or on a terminal's stderr."""
    if progress is not None:
        return bool(progress)
    return in_notebook() or sys.stderr.isatty()


def bar(total: float, desc: str = "", enabled: bool = True, unit: str = "it", scale: bool = False,
        leave: bool = False):
    """A tqdm bar of ``total`` steps (disabled: a bar that prints nothing); ``leave`` keeps the
    finished bar on screen."""
    if enabled and not in_notebook() and not _isatty(sys.stderr):
        return Lines(total, desc, unit)
    from tqdm import tqdm as text_bar

    options = dict(total=total, desc=desc, unit=unit, leave=leave, disable=not enabled,
                   unit_scale=scale, dynamic_ncols=True)
    if enabled and in_notebook():
        try:
            from tqdm.notebook import tqdm as widget_bar

            return widget_bar(**options)
        except ImportError:  # no ipywidgets: the text bar renders in the cell's stderr
            pass
    return text_bar(file=messages(), mininterval=0.25, **options)


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def duration(seconds: float) -> str:
    """``42 s``, ``7 min``, ``1.9 h``."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class Lines:
    """tqdm's interface as plain lines on stderr (a log): ``DESC: 40/160 chunk, 12 min, about 36 min
    left``, at most one line per ``every`` seconds or a twentieth of the time spent, and one when the
    work is done."""

    def __init__(self, total: float, desc: str = "", unit: str = "it", every: float = 30.0, stream=None):
        self.total, self.desc, self.unit, self.every = total, desc, unit, every
        self.stream = stream or sys.stderr
        self.n = 0.0
        self.start = self.said = time.monotonic()
        self.postfix = ""

    def update(self, k: float = 1) -> None:
        self.n += k
        now = time.monotonic()
        # every 30 s at first, then less often (a twentieth of the time spent): ~70 lines in 2 hours
        if now - self.said >= max(self.every, (now - self.start) / 20) or (self.total and self.n >= self.total):
            self.said = now
            self.stream.write(self.line(now - self.start) + "\n")
            self.stream.flush()

    def line(self, spent: float) -> str:
        done = f"{self.n:g}/{self.total:g} {self.unit}" if self.total else f"{self.n:g} {self.unit}"
        text = f"{self.desc}: {done}, {duration(spent)}"
        if self.total and 0 < self.n < self.total:
            text += f", about {duration(spent / self.n * (self.total - self.n))} left"
        return text + (f" ({self.postfix})" if self.postfix else "")

    def set_postfix_str(self, s: str = "", refresh: bool = True) -> None:
        self.postfix = s

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()
