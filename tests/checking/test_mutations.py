"""The mutation campaign: every meaning-changing edit of a quick-tier certificate is rejected.

Each certificate of the quick tier is mutated at every site of a kind (or a deterministic sample of
them in the default suite): integers +1, booleans flipped, strings changed, lists with an element
dropped, duplicated or two swapped, the instance's parameters changed, the claim id changed, the
verdict flipped.  Edits of ``created``, ``elapsed`` and ``package`` and of timings inside ``data``
change no meaning and must be accepted; every other edit must be rejected.  ``python -m pytest -m slow
tests/checking/test_mutations.py -s`` runs the campaign over every quick-tier certificate (up to 40 sites each) and
prints the tally recorded in notes/README.md.
"""
from __future__ import annotations

import copy
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from quarks.certify import coq_gate
from quarks.checking import binding
from quarks.checking.fields import TIMINGS, VOLATILE_FIELDS

# the default suite mutates the certificates of these claims (every evidence kind but the heavy
# exhaustive classes); the slow campaign mutates every quick-tier certificate
DEFAULT = ("navon.*", "quarks.thm4.3-lower-as-printed", "quarks.thm4.2-degree-zero*", "quarks.self-attention*",
           "quarks.remark4.4", "quarks.gate-products", "quarks.xor-by-gating", "quarks.relu-by-gating",
           "yang.lemma9", "yang.lemma28", "yang.prop11")
ALL = ("quarks.*", "navon.*", "yang.*")
SKIP_CLAIMS = ()  # every claim takes part


def _certificates(tmp_path_factory, patterns):
    import quarks

    out = tmp_path_factory.mktemp("mutations")
    rep = quarks.verify(*patterns, tier="quick", store=out / "r.sqlite", out=out / "c", jobs=2)
    assert rep.exit_code == 0
    return [Path(r.certificate) for r in rep.results]


@pytest.fixture(scope="module")
def quick_certificates(tmp_path_factory):
    return _certificates(tmp_path_factory, DEFAULT)


@pytest.fixture(scope="module")
def all_certificates(tmp_path_factory):
    return _certificates(tmp_path_factory, ALL)


def _sites(obj, path=()):
    """(path, value) of every leaf and every list of a JSON tree."""
    if isinstance(obj, dict):
        for k in sorted(obj):
            yield from _sites(obj[k], path + (k,))
    elif isinstance(obj, list):
        yield path, obj
        for i, v in enumerate(obj):
            yield from _sites(v, path + (i,))
    else:
        yield path, obj


def _get(obj, path):
    for p in path:
        obj = obj[p]
    return obj


def _set(obj, path, value):
    _get(obj, path[:-1])[path[-1]] = value


def _harmless(path) -> str | None:
    if path and path[0] in VOLATILE_FIELDS:
        return f"{path[0]} (when and by what the certificate was made)"
    if any(tuple(path[:len(t)]) == t for t in TIMINGS):
        return "a timing, in its one declared place (fields.TIMINGS)"
    return None


def _plan(cert: dict) -> list:
    """(kind, path) of every mutation site of a certificate (cheap: no copies)."""
    plan = []
    for path, v in _sites(cert):
        if path in (("schema",),) or not path:
            continue
        if isinstance(v, bool):
            plan.append(("flip", path))
        elif isinstance(v, int):
            plan.append(("int", path))
        elif isinstance(v, str):
            plan.append(("string", path))
        elif isinstance(v, list) and v:
            plan += [("drop", path), ("duplicate", path)]
            if len(v) > 1 and v[0] != v[1]:
                plan.append(("swap", path))
    return plan + [("claim id", ("claim",)), ("verdict", ("verdict",))]


def mutate(cert: dict, kind: str, path) -> dict:
    """One mutant of the certificate."""
    m = copy.deepcopy(cert)
    if kind == "claim id":
        m["claim"] = "navon.degree-optimum" if cert["claim"] != "navon.degree-optimum" else "navon.integer-optimum"
    elif kind == "verdict":
        m["verdict"] = "refuted" if cert["verdict"] == "verified" else "verified"
    elif kind == "flip":
        _set(m, path, not _get(m, path))
    elif kind == "int":
        v = _get(m, path)
        _set(m, path, v - 1 if path[:1] == ("instance",) else v + 1)
    elif kind == "string":
        v = _get(m, path)
        _set(m, path, v + "1" if not v.endswith("1") else v[:-1] + "2")
    elif kind == "drop":
        _get(m, path).pop()
    elif kind == "duplicate":
        lst = _get(m, path)
        lst.append(copy.deepcopy(lst[0]))
    elif kind == "swap":
        lst = _get(m, path)
        lst[0], lst[1] = lst[1], lst[0]
    return m


def campaign(paths, tmp_path, per_certificate: int | None, seed: int = 0):
    """Run the mutations; the tally and the accepted meaning-changing ones (which must be none)."""
    rng = random.Random(seed)
    tally, harmless, missed = Counter(), Counter(), []
    for k, path in enumerate(paths):
        cert = json.loads(open(path).read())
        if cert["claim"] in SKIP_CLAIMS:
            continue
        plan = _plan(cert)
        if per_certificate is not None and len(plan) > per_certificate:
            keep = plan[-2:]  # the claim id and the verdict, always
            plan = keep + rng.sample(plan[:-2], per_certificate - len(keep))
        for desc, site in plan:
            m = mutate(cert, desc, site)
            target = path.parent / f".mutant-{k}.json"  # beside the original: side payloads resolve
            target.write_text(json.dumps(m))
            try:
                res = binding.check_file(target, time_limit=15, rederive=True)   # as if every check were cheap
                accepted = res.ok
            except Exception:  # noqa: BLE001 - a malformed mutant is a rejected one
                accepted = False
            finally:
                target.unlink()
            tally["tried"] += 1
            why = _harmless(site)
            if accepted and why:
                tally["accepted (harmless)"] += 1
                harmless[why] += 1
            elif accepted:
                tally["accepted (meaning changed)"] += 1
                missed.append((cert["claim"], desc, site))
            else:
                tally["rejected"] += 1
                if why:
                    tally["rejected (harmless edit)"] += 1
    return tally, harmless, missed


def test_unmutated_certificates_are_accepted(quick_certificates):
    bad = [(p, r.message) for p in quick_certificates if not (r := binding.check_file(p, rederive=True)).ok]
    assert not bad, bad[:3]
    plain = {p: binding.check_file(p) for p in quick_certificates}   # without --rederive: an exhaustive record
    bad = [(p, r.message) for p, r in plain.items()                   # of a heavy claim is not re-run
           if not (r.ok or not r.checked and "not independently checked" in r.message)]
    assert not bad, bad[:3]


def test_the_printed_example_is_rejected(quick_certificates, monkeypatch):
    [path] = [p for p in quick_certificates if "navon.budget-objective-eq2" in str(p)]
    cert = json.loads(open(path).read())
    for rec in cert["evidence"]:
        for f in rec.get("facts", []):
            if f["fact"] == [">", ["^", 2, 2], 3]:
                f["fact"] = [">", ["^", 2, 3], 3]  # true, but not what the claim needs
    mutant = path.parent / "eq2-mutant.json"
    mutant.write_text(json.dumps(cert))
    assert binding.check_file(mutant, evidence_only=True).ok  # the evidence alone is true...
    res = binding.check_file(mutant, rederive=True)
    assert not res.ok and "derives" in res.message  # ...but it does not prove this claim
    res = binding.check_file(mutant)
    if coq_gate.available() and coq_gate.finished_build() is not None:
        # the claim is proved in Coq for all parameters: bound to its theorems, and the line says that the
        # records' figures were not re-derived (quarks.checking.coq_instances)
        assert res.ok and res.trust == "coq" and "the records' figures not re-derived" in res.message
    monkeypatch.setenv("QUARKS_COQC", "/nonexistent")
    res = binding.check_file(mutant)   # a quick-tier instance: plain check-cert re-derives it too (issue 49)
    assert not res.ok and "derives" in res.message


@pytest.mark.heavy
def test_mutation_sample(quick_certificates, tmp_path):
    tally, harmless, missed = campaign(quick_certificates, tmp_path, per_certificate=6)
    assert not missed, missed[:5]
    assert tally["rejected"] > 0.8 * tally["tried"]


@pytest.mark.slow
def test_full_mutation_campaign(all_certificates, tmp_path):
    bad = [(p, r.message) for p in all_certificates if not (r := binding.check_file(p, rederive=True)).ok]
    assert not bad, bad[:3]
    tally, harmless, missed = campaign(all_certificates, tmp_path, per_certificate=40)
    print("\nmutation campaign:", dict(tally), "harmless kinds:", dict(harmless))
    assert not missed, missed[:10]


def _coq_campaign(tmp_path_factory, capsys, sample: int):
    """check-cert --coq on the certificates of quarks.prop5.5-witnesses (decomposition records, each a
    Coq theorem) and on ``sample`` mutants of each (plus the claim id and verdict edits)."""
    from quarks.cli import main

    paths = _certificates(tmp_path_factory, ("quarks.prop5.5-witnesses",))
    assert main(["check-cert", "--coq", *map(str, paths)]) == 0
    assert all("valid (Coq)" in ln for ln in capsys.readouterr().out.splitlines()[:-1])
    rng = random.Random(1)
    tried = 0
    for k, path in enumerate(paths[:1] if sample < 10 else paths):
        cert = json.loads(open(path).read())
        plan = _plan(cert)
        for desc, site in plan[-2:] + rng.sample(plan[:-2], sample):
            target = path.parent / f".mutant-coq-{k}.json"
            target.write_text(json.dumps(mutate(cert, desc, site)))
            code = main(["check-cert", "--coq", str(target)])
            out = capsys.readouterr().out
            target.unlink()
            tried += 1
            assert code != 0 or _harmless(site), (desc, site, out)
    return tried


@pytest.mark.coq
@pytest.mark.heavy
def test_mutations_in_coq_mode(tmp_path_factory, capsys):
    """check-cert --coq is the full check plus Coq: the certificates are valid (Coq), and a verdict
    flip, a claim id change and a sampled edit are rejected."""
    assert _coq_campaign(tmp_path_factory, capsys, sample=1) == 3


@pytest.mark.coq
@pytest.mark.slow
def test_mutation_campaign_in_coq_mode(tmp_path_factory, capsys):
    assert _coq_campaign(tmp_path_factory, capsys, sample=10) >= 20
