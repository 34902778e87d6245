"""`.ci/run` names every test marked slow: in the list CI runs, or among those it leaves out with the reason
(issue 50: "the slow tests run in CI, or the ones that cannot, with the reason in .ci/run")."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SLOW = re.compile(r"mark\.slow\b")
DEF = re.compile(r"^def (test_\w+)", re.M)


def slow_tests() -> set[str]:
    """``tests/<file>::<function>`` of every test function marked slow (itself or one of its parameters)."""
    found = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        text = path.read_text()
        for mark in SLOW.finditer(text):
            name = DEF.search(text, mark.end())   # the function the decorator (or its parameter) belongs to
            if name is not None:
                found.add(f"{path.relative_to(ROOT).as_posix()}::{name.group(1)}")
    return found


def ci_lists() -> tuple[set[str], set[str]]:
    """(the slow tests .ci/run runs: its ``slow_in_ci`` array, the ones it names in a comment as left out)."""
    text = (ROOT / ".ci" / "run").read_text()
    array = re.search(r"^slow_in_ci=\((.*?)^\)", text, re.S | re.M)
    assert array, "no slow_in_ci=( ... ) in .ci/run"
    runs = set(re.findall(r"^\s*\"?(tests/[^\s\"\[]+::\w+)", array.group(1), re.M))
    left = set(re.findall(r"^#\s+(tests/\S+?::\w+)(?:\[\S*\])?:\s+\S", text, re.M))
    return runs, left


def test_ci_names_every_slow_test_once():
    slow = slow_tests()
    runs, left = ci_lists()
    assert len(slow) >= 15
    assert slow - runs - left == set(), "slow tests .ci/run neither runs nor leaves out with a reason"
    assert (runs | left) - slow == set(), ".ci/run names slow tests that do not exist (or are not slow)"
    assert runs   # a parametrized test may be split: some cases run, the others left out with the reason
