"""The API checks what the command line checks, before any work, and raises one family: QuarksError,
each kind also the matching built-in; the CLI maps the family to one line and exit code 2."""
import time

import pytest

import quarks
from quarks.cli import main


@pytest.mark.parametrize("call,kind", [
    (lambda: quarks.estimate(99), ValueError),
    (lambda: quarks.estimate(5, paths=0), ValueError),
    (lambda: quarks.count(0), ValueError),
    (lambda: quarks.count(10), ValueError),
    (lambda: quarks.count(5, degree=3), ValueError),
    (lambda: quarks.capacity(0), ValueError),
    (lambda: quarks.capacity(6), ValueError),
    (lambda: quarks.realize("0001", degree=5), ValueError),
    (lambda: quarks.realize("01" * 2 ** 9, backend="sat"), ValueError),
    (lambda: quarks.realize("0001", backend="simplex"), ValueError),
    (lambda: quarks.realize("012"), ValueError),
    (lambda: quarks.realize_many(["0001", "0110"], degree=3), ValueError),
    (lambda: quarks.decompose("0110", op="FOO"), ValueError),
    (lambda: quarks.decompose("0110", degrees=(-1, 1)), ValueError),
    (lambda: quarks.function_set("T(9;1)"), ValueError),
    (lambda: quarks.temperature(99), ValueError),
    (lambda: quarks.show("no.such-claim"), LookupError),
    (lambda: quarks.verify("no.such-claim"), LookupError),
    (lambda: quarks.check_certificates("/nonexistent/cert.json"), FileNotFoundError),
    (lambda: quarks.export_coq("/nonexistent/cert.json", out="x"), FileNotFoundError),
])
def test_bad_input_raises_the_family_at_once(call, kind):
    t0 = time.perf_counter()
    with pytest.raises(quarks.QuarksError) as info:
        call()
    assert isinstance(info.value, kind)
    assert time.perf_counter() - t0 < 10   # checked before any work (imports aside)


@pytest.mark.parametrize("argv,words", [
    (["estimate", "--n", "99"], "1 <= n <= 10"),
    (["count", "--n", "0"], "degree 1 is outside 0..n = 0..0"),
    (["capacity", "table", "--max-n", "0"], "--max-n must be in 1..5"),
    (["realize", "0001", "--degree", "5"], "degree 5 is outside 0..n = 2"),
])
def test_the_cli_says_the_same_in_one_line(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]
