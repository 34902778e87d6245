"""Without the optional extras (matplotlib, dask, the notebook packages) every verb either works or
ends with one line naming the extra to install and exit code 2, never a traceback."""
import subprocess
import sys

import pytest

OPTIONAL = ("matplotlib", "dask", "distributed", "nbclient", "nbformat", "ipykernel", "ipywidgets", "tracr",
            "transformer_lens")

# A plain install: the optional modules cannot be imported (as if absent), then the CLI runs.
RUNNER = ("import sys\n"
          f"for m in {OPTIONAL!r}: sys.modules[m] = None\n"
          "from quarks.cli import main\n"
          "sys.exit(main(sys.argv[1:]))\n")


def quarks(*argv, cwd):
    return subprocess.run([sys.executable, "-c", RUNNER, *map(str, argv)], cwd=cwd, capture_output=True,
                          text=True, timeout=600)


@pytest.mark.parametrize("argv, extra", [
    (("capacity", "plot", "--max-n", "2", "--out", "c.png"), "plots"),
    (("temperature", "plot", "--max-n", "3", "--out", "t.png"), "plots"),
    (("verify", "navon.integer-optimum", "--executor", "dask", "--scheduler", "tcp://127.0.0.1:1"), "dask"),
    (("count", "--n", "5", "--levels", "2", "--executor", "dask"), "dask"),
    (("soft-hard", "tracr:length:3", "--max-len", "2"), "tracr"),
])
def test_missing_extra_is_one_line(argv, extra, tmp_path):
    r = quarks(*argv, cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and f"pip install 'quarks[{extra}]'" in lines[0], r.stderr
    assert not list(tmp_path.glob("*.png"))


@pytest.mark.heavy   # sixteen fresh interpreters: CI runs it (pytest -m heavy)
def test_plain_install_runs_every_verb(tmp_path):
    """One cheap invocation of each verb; plots and Dask say which extra they need."""
    store, certs = tmp_path / "r.sqlite", tmp_path / "certs"
    runs = [
        ("verify", "navon.integer-optimum", "--store", store, "--out", certs, "--quiet"),
        ("list", "navon.*", "--store", store),
        ("show", "navon.integer-optimum", "--store", store),
        ("check-cert", certs),
        ("claims-table",),
        ("ltl", "!b S a", "--string", "abba"),
        ("realize", "0110"),
        ("count", "--n", "3"),
        ("estimate", "--n", "4", "--paths", "4", "--seed", "1"),
        ("capacity", "table", "--max-n", "2"),
        ("decompose", "0110", "--op", "AND"),
        ("temperature", "table", "--max-n", "3"),
        ("classes", "T(3;1)", "--count"),
        ("refute", "quarks.lemma5.2"),
        ("report", "--store", store, "--out", tmp_path / "report"),
        ("prove", "navon.integer-optimum"),
        ("export-coq", certs, "--out", tmp_path / "coq"),
        ("soft-hard", tmp_path / "seen_a.json", "--max-len", "2"),
        ("export-torch", "!b S a", "--cert", tmp_path / "export.json"),   # the certificate needs no torch
    ]
    from quarks.cli import COMMANDS
    from quarks.transformers import example, weights

    weights.save(weights.canonical(example.seen_a(8)), tmp_path / "seen_a.json")

    assert {r[0] for r in runs} == set(COMMANDS)
    for argv in runs:
        r = quarks(*argv, cwd=tmp_path)
        assert "Traceback" not in r.stderr, (argv, r.stderr)
        assert r.returncode in (0, 1, 3), (argv, r.returncode, r.stderr[-500:])
