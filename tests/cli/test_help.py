"""The help a new user reads first: ``quarks``, ``quarks -h``, ``quarks --help`` and every verb's ``--help``."""
import subprocess
import sys

import pytest

from quarks.cli import COMMANDS, main

QUARKS = [sys.executable, "-m", "quarks"]


@pytest.mark.parametrize("argv", [["-h"], ["--help"]])
def test_top_level_help_exits_0(argv):
    out = subprocess.run(QUARKS + argv, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    assert out.stdout.startswith("usage: quarks")
    assert all(verb in out.stdout for verb in COMMANDS)
    assert "95 % interval" in " ".join(out.stdout.split())   # the %% of the estimate verb, printed once


def test_bare_quarks_prints_the_help_and_exits_2():
    out = subprocess.run(QUARKS, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert out.stdout.startswith("usage: quarks") and "check-cert" in out.stdout


@pytest.mark.parametrize("verb", sorted(COMMANDS))
def test_every_verb_help_exits_0(verb, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([verb, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: quarks {verb}")


def test_help_texts_name_claims_that_exist():
    """Issue 50, point 8: help texts named claims renamed to explore.*."""
    import re

    from quarks.claims import registry
    from quarks.cli import parser

    ids = set(registry.claims())
    p = parser()
    verbs = p._subparsers._group_actions[0].choices
    for verb, sub in verbs.items():
        text = sub.format_help().replace("\n", " ")
        for name in re.findall(r"\bclaim (\w+\.[\w.-]*\w)", text):
            assert name in ids, (verb, name)
