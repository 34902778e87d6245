"""Property-based fuzzing of the checker (issue 21): mutations of real certificates never produce a
traceback, and no meaning-changing mutation is accepted.

Mutations: a field deleted, a value replaced by one of another type (null, string, list, object,
float, NaN, a huge integer), a number edited, a key duplicated in the JSON text, a list emptied or
doubled.  A mutant may be accepted only when the edit is to a volatile field (when and by what the
certificate was made, wall-clock timings).  The default suite runs a short profile; ``python -m
pytest -m slow tests/checking/test_fuzz_certificates.py -s`` runs the long one and prints how many cases ran.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quarks.checking import binding
from quarks.checking.fields import TIMINGS, VOLATILE_FIELDS

CLAIMS = ("navon.parameter-count", "quarks.count-by-halves", "quarks.self-attention-equivariance",
          "navon.integer-optimum")
STATS = {"cases": 0, "accepted": 0}


@pytest.fixture(scope="module")
def originals(tmp_path_factory):
    import quarks

    out = tmp_path_factory.mktemp("fuzz")
    rep = quarks.verify(*CLAIMS, tier="quick", max_n=4, store=out / "r.sqlite", out=out / "c", jobs=1)
    assert rep.exit_code == 0, ([(r.claim, r.instance, r.status, r.summary[:160]) for r in rep.results
                                 if r.status not in ("verified", "refuted")]
                                + [p for p in rep.proofs if p["status"] != "proved"])
    paths = [Path(r.certificate) for r in rep.results if "proof=coq" not in str(r.certificate)]
    return [(p, json.loads(p.read_text())) for p in paths]


def _sites(obj, path=()):
    yield path
    if isinstance(obj, dict):
        for k in obj:
            yield from _sites(obj[k], path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _sites(v, path + (i,))


def _get(obj, path):
    for p in path:
        obj = obj[p]
    return obj


REPLACEMENTS = st.one_of(st.none(), st.booleans(), st.text(max_size=8), st.just([]), st.just({}),
                         st.floats(allow_nan=True, allow_infinity=True), st.integers(),
                         st.just("<HUGE>"), st.just(-(2**63)), st.lists(st.integers(), max_size=3))
HUGE = "1" + "0" * 5000   # an integer literal past any sane limit, put into the text


@st.composite
def mutation(draw, originals):
    path, cert = draw(st.sampled_from(originals))
    sites = [s for s in _sites(cert) if s]
    site = draw(st.sampled_from(sites))
    op = draw(st.sampled_from(["delete", "replace", "number", "duplicate-key", "empty", "double"]))
    value = draw(REPLACEMENTS)
    delta = draw(st.sampled_from([1, -1, 2, 10**20]))
    return path, cert, site, op, value, delta


def _mutate(cert, site, op, value, delta) -> str | None:
    """The mutant's JSON text, or None when the operation does not apply at the site."""
    m = json.loads(json.dumps(cert))
    parent, key = _get(m, site[:-1]), site[-1]
    old = parent[key]
    if op == "delete":
        if isinstance(parent, list):
            parent.pop(key)
        else:
            del parent[key]
    elif op == "replace":
        if json.dumps(value, default=str) == json.dumps(old, default=str):
            return None
        parent[key] = value
    elif op == "number":
        if isinstance(old, bool) or not isinstance(old, (int, float)):
            return None
        parent[key] = old + delta
    elif op == "empty":
        if not isinstance(old, (list, dict)) or not old:
            return None
        parent[key] = type(old)()
    elif op == "double":
        if not isinstance(old, list) or not old:
            return None
        parent[key] = old + old
    elif op == "duplicate-key":
        if not isinstance(parent, dict):
            return None
        text = json.dumps(m)
        return (text[:-1] + f', {json.dumps(key)}: {json.dumps(value, default=str)}}}').replace('"<HUGE>"', HUGE) \
            if len(site) == 1 else None
    return json.dumps(m, allow_nan=True).replace('"<HUGE>"', HUGE)


def _harmless(site) -> bool:
    return site[0] in VOLATILE_FIELDS or any(tuple(site[:len(t)]) == t for t in TIMINGS)


def _run(originals, data, tmp_path):
    path, cert, site, op, value, delta = data
    text = _mutate(cert, site, op, value, delta)
    if text is None:
        return
    target = path.parent / ".fuzz-mutant.json"   # beside the original: its side payloads resolve
    target.write_text(text)
    try:
        res = binding.check_file(target, isolate=False, time_limit=60, rederive=True)   # in-process: any exception fails
    finally:
        target.unlink()
    STATS["cases"] += 1
    if res.ok:
        STATS["accepted"] += 1
        assert _harmless(site), (cert["claim"], op, site, value, res.message)


@pytest.mark.parametrize("profile", [pytest.param(100, id="short"),
                                     pytest.param(2000, id="long", marks=pytest.mark.slow)])
def test_mutations_never_crash_and_never_change_meaning(originals, tmp_path, profile):
    @settings(max_examples=profile, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(mutation(originals))
    def run(data):
        _run(originals, data, tmp_path)

    STATS.update(cases=0, accepted=0)
    run()
    print(f"\nfuzzing: {STATS['cases']} mutants checked, {STATS['accepted']} accepted (all harmless)")
    assert STATS["cases"] > profile // 4
