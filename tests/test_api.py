"""The Python API covers every verb of the command line, with the same results: the same JSON, and
the same certificate as the verb's --out (accepted by check-cert), each answer rendering in a notebook."""
import json
from fractions import Fraction

import pytest

import quarks
from quarks.base.errors import UsageError
from quarks.cli import COMMANDS, main

# verb -> the function of quarks that does it (claims-table prints the README's tables: maintenance, no API)
# (list, classes, ltl and report: the names of the builtin and of subpackages, so other names)
API = {"verify": "verify", "list": "list_claims", "show": "show", "check-cert": "check_certificates", "ltl": "compile_ltl",
       "realize": "realize", "count": "count", "estimate": "estimate", "capacity": "capacity",
       "decompose": "decompose", "temperature": "temperature", "report": "write_report", "classes": "function_set",
       "refute": "refute", "prove": "prove", "export-coq": "export_coq", "export-torch": "export_torch", "claims-table": None,
       "soft-hard": "soft_hard"}


def _cli_json(argv, capsys) -> dict:
    capsys.readouterr()
    code = main(argv)
    return code, json.loads(capsys.readouterr().out)


def _same(a: dict, b: dict) -> bool:
    """Two certificates alike but for when they were made and how long it took."""
    strip = lambda c: {k: v for k, v in c.items() if k not in ("created", "elapsed")}
    return strip(a) == strip(b)


def test_every_verb_has_its_function():
    assert set(API) == set(COMMANDS)
    for verb, name in API.items():
        if name is not None:
            assert name in quarks.__all__ and callable(getattr(quarks, name)), verb


def test_no_name_of_quarks_shadows_a_subpackage():
    import pkgutil
    import types

    for info in pkgutil.iter_modules(quarks.__path__):
        value = getattr(quarks, info.name, None)
        assert value is None or isinstance(value, types.ModuleType), info.name


@pytest.mark.parametrize("argv,call", [
    (["realize", "0001"], lambda out: quarks.realize("0001", out=out)),
    (["realize", "0110", "--degree", "1"], lambda out: quarks.realize("0110", degree=1, out=out)),
    (["decompose", "0110", "--op", "AND"], lambda out: quarks.decompose("0110", op="AND", out=out)),
    (["classes", "T(3;2) - T(3;1)", "--count"], lambda out: quarks.function_set("T(3;2) - T(3;1)", out=out)),
    (["count", "--n", "4"], lambda out: quarks.count(4, out=out)),
    (["ltl", "!b S a", "--string", "abba"], lambda out: quarks.compile_ltl("!b S a", string="abba", out=out)),
    (["ltl", "ODD(#left[a])", "--check-up-to", "4"], lambda out: quarks.compile_ltl("ODD(#left[a])", check_up_to=4).write(out)),
], ids=lambda x: " ".join(x) if isinstance(x, list) else "")
def test_out_writes_the_certificate_of_the_verb(tmp_path, capsys, argv, call):
    assert main([*argv, "--out", str(tmp_path / "cli.json")]) == 0
    call(tmp_path / "api.json")
    cli, api = (json.loads((tmp_path / f).read_text()) for f in ("cli.json", "api.json"))
    assert _same(cli, api) and api["claim"].startswith("explore.")
    [check] = quarks.check_certificates(tmp_path / "api.json")
    assert check.ok, check.message


def test_ltl_is_the_verb(capsys):
    code, cli = _cli_json(["ltl", "#left[a] > #left[b]", "--string", "aab", "--check-up-to", "3", "--json"], capsys)
    answer = quarks.compile_ltl("#left[a] > #left[b]", string="aab", check_up_to=3)
    assert code == 0 and answer.as_dict() == cli
    assert [p["formula"] for p in answer.positions] == [True, True, True] and answer.check["cases"] == 14
    assert answer.agrees and answer.certified
    with pytest.raises(UsageError, match="one question"):
        answer.certificate()                   # both a string and a length: two questions
    failing = quarks.compile_ltl("!b S a", check_up_to=5, tau_factor=3)
    assert not failing.agrees and failing.certificate()["data"]["answer"] == "disagrees"
    with pytest.raises(UsageError, match="not in the alphabet"):
        quarks.compile_ltl("a", string="az", alphabet="ab")


def test_ltl_renders_every_position():
    html = quarks.compile_ltl("!b S a", string="abba")._repr_html_()
    assert html.count("<tr>") >= 5 and "certified" in html and "agrees" in html
    assert "| 4 | a | 1 | 1 |" in quarks.compile_ltl("!b S a", string="abba")._repr_markdown_()


def test_refute_is_the_verb(tmp_path, capsys):
    code, cli = _cli_json(["refute", "yang.thm15", "--param", "max_n=4", "--out", str(tmp_path / "cli"), "--json"],
                          capsys)   # a search without a Coq gallery: nothing to compile
    ref = quarks.refute("yang.thm15", max_n=4, out=tmp_path / "api")
    got = ref.as_dict()
    assert code == 0 and ref.found and ref.checked.ok and cli["certificate_ok"]
    assert {k: v for k, v in got.items() if k not in ("seconds", "certificate")} == \
        {k: v for k, v in cli.items() if k not in ("seconds", "certificate")}
    assert _same(json.loads(ref.path.read_text()), json.loads(open(cli["certificate"]).read()))
    x = quarks.refute("quarks.thm4.2", operator="X", max_n=2, out=tmp_path / "api", coq=False)
    assert x.instance == {"n": 2, "degrees": [1, 1], "operator": "X", "table": 10, "k": 2} and x.checked.ok
    assert "|T_X(2;1,1)| = 14" in x._repr_html_() and "found" in x._repr_markdown_()
    with pytest.raises(UsageError, match="unknown parameter 'bogus'"):
        quarks.refute("quarks.thm4.2", bogus=1)


def test_temperature_is_the_verb(capsys):
    code, cli = _cli_json(["temperature", "table", "--max-n", "3", "--json"], capsys)
    table = quarks.temperature(3)
    assert code == 0 and table.as_json() == cli
    assert table.factors("S") == [Fraction(5, 4), Fraction(5, 4)] and table.factors("lookup")[1] == Fraction(7, 4)
    assert "| lookup | ODD(#left\\[a\\]) | 1/(2n^3) | 11/4 | 7/4 |" in table._repr_markdown_()
    with pytest.raises(UsageError, match="max_n"):
        quarks.temperature(1)


def test_estimate_is_the_verb(capsys):
    code, cli = _cli_json(["estimate", "--n", "4", "--method", "smc", "--paths", "8", "--runs", "3", "--seed", "1", "--json"],
                          capsys)
    est = quarks.estimate(4, 8, runs=3, method="smc", seed=1, progress=False)
    got = est.as_dict()
    assert code == 0 and got["count"] == cli["count"] and got["count_ci95"] == cli["count_ci95"]
    assert cli["exact"] == 1882 and "1,882" in est._repr_html_()


def test_estimate_halves_is_the_verb(capsys):
    """The default method: the same exact samples from the same seed (a certificate's: the one n, top and
    walkers fix), in the CLI's certificate and from Python."""
    from quarks.solvers.halftree import instance_seed

    seed = instance_seed(5, 4, 4)
    code, cli = _cli_json(["estimate", "--n", "5", "--paths", "4", "--runs", "3", "--json"], capsys)
    est = quarks.estimate(5, 4, runs=3, seed=seed)
    assert code == 0 and len(est.samples) == 3 and est.runs() == [[seed, 0, 3]]
    assert cli["claim"] == "explore.estimate" and json.dumps(est.runs()) in json.dumps(cli)
    mean, _, (lo, hi) = est.count
    assert lo <= 94572 <= hi and abs(mean / 94572 - 1) < 0.5


def test_report_and_export_coq_are_the_verbs(tmp_path, capsys):
    with pytest.raises(UsageError, match="run `quarks verify` first"):
        quarks.write_report(tmp_path / "rep", store=tmp_path / "none.sqlite")
    quarks.realize("0001", out=tmp_path / "and.json")
    quarks.realize("0110", out=tmp_path / "xor.json")
    done = quarks.export_coq(tmp_path / "and.json", tmp_path / "xor.json", out=tmp_path / "coq")
    assert len(done.theorems) == 2 and sorted(p.name for p in done.files) == sorted(f"{t}.v" for t in done.theorems)
    assert (tmp_path / "coq" / "Makefile").is_file() and "cd " in done._repr_markdown_()
    assert main(["export-coq", str(tmp_path / "and.json"), "--out", str(tmp_path / "coq2")]) == 0
    assert (tmp_path / "coq2" / done.files[0].name).read_text() == done.files[0].read_text()
