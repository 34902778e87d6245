"""Files written whole or not at all."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def umask() -> int:
    """The process's file mode creation mask (from /proc on Linux; else set and restored at once)."""
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except OSError:
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def as_umask_allows(fd: int) -> None:
    """Give a file made by ``tempfile.mkstemp`` (mode 0600) the mode an ordinary new file gets:
    0666 less the umask, so results can be read by whom the user's umask lets read them."""
    os.fchmod(fd, 0o666 & ~umask())


def atomic_write(path: Path, text: str | bytes) -> None:
    """Write a file so that it is either absent or complete: temp file, fsync, rename; its mode
    follows the umask, as a file opened for writing would."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode() if isinstance(text, str) else text
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        as_umask_allows(fd)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def sha256_file(path: Path) -> str:
    """The sha256 of a file's bytes, read in blocks."""
    import hashlib

    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
