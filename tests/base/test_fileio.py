"""Results files follow the umask (a colleague or a CI artifact reader can read certificates)."""
import os
import stat

import pytest

from quarks.base import fileio


@pytest.mark.parametrize("mask,mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_atomic_write_honours_the_umask(tmp_path, mask, mode):
    old = os.umask(mask)
    try:
        assert fileio.umask() == mask
        fileio.atomic_write(tmp_path / "cert.json", "{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "cert.json").stat().st_mode) == mode
    assert (tmp_path / "cert.json").read_text() == "{}" and os.listdir(tmp_path) == ["cert.json"]
