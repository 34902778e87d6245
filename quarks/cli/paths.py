"""Checks of the files and directories a command will write, made before any work starts."""
from __future__ import annotations

import os
from pathlib import Path

from quarks.base.errors import UsageError

SQLITE_HEADER = b"SQLite format 3\x00"


def _first_existing(path: Path) -> Path:
    p = path
    while not p.exists() and p != p.parent:
        p = p.parent
    return p


def output_dir(path, option: str, create_parents: bool = True) -> Path:
    """A directory the command will create or write into: not a file, under a writable directory."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise UsageError(f"{option} {path}: is a file, not a directory")
    base = _first_existing(path)
    if not base.is_dir():
        raise UsageError(f"{option} {path}: {base} is a file, not a directory")
    if not create_parents and base != path and base != path.parent:
        raise UsageError(f"{option} {path}: directory {path.parent} does not exist")
    if not os.access(base, os.W_OK | os.X_OK):
        raise UsageError(f"{option} {path}: {base} is not writable")
    return path


def output_file(path, option: str) -> Path:
    """A file the command will write: its directory exists and is writable, the path is not a directory."""
    path = Path(path)
    if path.is_dir():
        raise UsageError(f"{option} {path}: is a directory")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.exists():
        base = _first_existing(parent)
        if not base.is_dir():
            raise UsageError(f"{option} {path}: {base} is a file, not a directory")
        raise UsageError(f"{option} {path}: directory {parent} does not exist")
    if not parent.is_dir():
        raise UsageError(f"{option} {path}: {parent} is a file, not a directory")
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UsageError(f"{option} {path}: not writable")
    return path


def store(path, default: Path, write: bool = True) -> Path:
    """The results database: an SQLite file (or absent, to be created in an existing directory)."""
    given = path is not None
    path = Path(path) if given else Path(default)
    if path.is_dir():
        raise UsageError(f"--store {path}: is a directory, not a results database")
    if path.exists():
        try:
            with open(path, "rb") as fh:
                head = fh.read(16)
        except OSError as exc:
            raise UsageError(f"--store {path}: unreadable ({exc.strerror})") from None
        if head and head != SQLITE_HEADER:
            raise UsageError(f"--store {path}: not a quarks results database (not an SQLite file)")
        if write and not os.access(path, os.W_OK):
            raise UsageError(f"--store {path}: not writable")
    elif write:
        if given:
            output_file(path, "--store")
        else:
            output_dir(path.parent, "--store")
    return path
