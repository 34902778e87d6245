"""|T(n+1;d)| by halves as a Coq theorem (Halves.v, halves_count; HalvesT5_1.v, card_T5_1)."""
import copy

import pytest

from quarks.coq import halves as ch
from quarks.solvers import halves_data as hd


@pytest.fixture(scope="module")
def data3():
    return hd.halves_data(3, 1)      # |T(4;1)| from halves of 3 variables


def test_counts_by_halves(data3):
    assert hd.halves_data(2, 1).count == 104
    assert data3.count == 1882
    assert data3.figures == {"level_certificates": 216, "members": 104, "representatives": 6,
                             "top_certificates": 624}
    # every member is its word applied to its representative (as Halves.act_table computes it)
    for t, (w, i) in zip(data3.members, data3.assign):
        r = data3.reps[i][0]
        for g in reversed(w):
            r = hd.gen_table(g, r, 3)
        assert r == t


def test_committed_T5_1_is_the_generated_file():
    data = hd.halves_data(4, 1)
    assert data.count == 94572 and data.figures["representatives"] == 15
    assert ch.committed_text() == ch.theory_text(data, 94572)


@pytest.mark.coq
def test_small_counts_are_coq_theorems(data3):
    ok, msg = ch.compile_text(3, 1, ch.theory_text(data3, 1882))
    assert ok, msg
    text = ch.theory_text(hd.halves_data(2, 1), 104)
    assert "Theorem card_T3_1 : #|T 3 1| = 104." in text
    ok, msg = ch.compile_text(2, 1, text)
    assert ok, msg


def _mutant(data, kind):
    D = copy.deepcopy(data)
    if kind == "count":
        return D, data.count + 1
    if kind == "word":           # a member assigned to the wrong representative
        w, i = D.assign[5]
        D.assign[5] = (w, (i + 1) % len(D.reps))
    elif kind == "certificate":  # two certificates of a representative exchanged
        certs = D.reps[1][1].certs
        j = D.reps[1][1].member.index(True)
        k = D.reps[1][1].member.index(False)
        certs[j], certs[k] = certs[k], certs[j]
    elif kind == "level":        # a member of T(3;1) left out: its realization replaced by a Farkas one
        lv = D.levels[-1]
        j, k = lv.member.index(True), lv.member.index(False)
        lv.certs[j] = lv.certs[k]
    return D, data.count


@pytest.mark.coq
@pytest.mark.parametrize("kind", ["count", "word", "certificate", "level"])
def test_mutated_data_are_rejected_by_coq(data3, kind):
    D, count = _mutant(data3, kind)
    ok, msg = ch.compile_text(3, 1, ch.theory_text(D, count))
    assert not ok and "Error" in msg, msg
