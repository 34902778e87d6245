"""Where quarks keeps its files (read from the environment when quarks is imported).

* Results, yours to keep: the store ``results.sqlite``, ``certificates/``, ``refutations/`` and
  ``count/`` live in ``$QUARKS_HOME`` when it is set, else in ``.quarks/`` of the current directory
  (each project keeps its results beside it).  ``--store``/``--out``/``--work`` override each one.
* Caches, safe to delete: ``$XDG_CACHE_HOME/quarks`` (default ``~/.cache/quarks``) holds ``coq/``,
  the compiled Coq theories (``$QUARKS_COQ_CACHE`` overrides), and ``timings.json``, the seconds
  this machine measured per instance and per Coq theorem, which calibrate the next forecast
  (``$QUARKS_TIMINGS`` overrides).
"""
from __future__ import annotations

import json
import os
from pathlib import Path


def results() -> Path:
    """The directory of the store, certificates, refutations and count work."""
    given = os.environ.get("QUARKS_HOME", "")
    return Path(given).expanduser() if given else Path(".quarks")


def cache() -> Path:
    """The directory of the caches: ``$XDG_CACHE_HOME/quarks``, else ``~/.cache/quarks``."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"   # XDG: relative paths are ignored
    return base / "quarks"


def coq_cache() -> Path:
    """The compiled Coq theories: ``$QUARKS_COQ_CACHE``, else ``coq/`` in :func:`cache`."""
    given = os.environ.get("QUARKS_COQ_CACHE", "")
    return Path(given) if given else cache() / "coq"


def timings_path() -> Path:
    """The seconds measured on this machine: ``$QUARKS_TIMINGS``, else ``timings.json`` in :func:`cache`."""
    given = os.environ.get("QUARKS_TIMINGS", "")
    return Path(given) if given else cache() / "timings.json"


def write_timings(data: dict) -> None:
    """Replace the timings file atomically; a cache that cannot be written is skipped silently."""
    from quarks.base.fileio import atomic_write

    try:
        path = timings_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, json.dumps(data, sort_keys=True, indent=0) + "\n")
    except OSError:
        pass
