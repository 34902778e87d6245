"""The engine's mirror of Coq's brasp_net (2k) (dyck_prog k) (quarks.attention.dyck_srasp): run with
exact average-hard attention it recognizes Dyck-k at every prefix of every word up to length 6 (k = 1)
and 4 (k = 2), as the stack recognizer does; an altered weight is caught."""
import itertools
from fractions import Fraction

import pytest

from quarks.attention import dyck_srasp
from quarks.attention.programs import dyck_reference
from quarks.attention.run import hard_exact


def _mismatches(model, k: int, top: int) -> tuple:
    words = bad = 0
    for n in range(1, top + 1):
        for w in itertools.product(model.alphabet, repeat=n):
            words += 1
            bad += hard_exact(model, w)[model.output] != dyck_reference("".join(w), k)
    return words, bad


@pytest.mark.parametrize("k, top, count", [(1, 6, 126), (2, 4, 340)])
def test_recognizes_dyck_on_every_short_word(k, top, count):
    model = dyck_srasp.dyck_srasp(k)
    model.validate()
    assert len(dyck_srasp.dyck_prog(k)) == 43 and len(model.layers) == 44
    assert len(model.coords()) == 2 * k + 51 and dyck_srasp.coordinate(model.output, model.alphabet) == 2 * k + 50
    assert _mismatches(model, k, top) == (count, 0)


def test_embeddings_are_coqs_xpe():
    """At 1-based i of a length-n word: 1, i/n, [i even], 1/n, 1/i, (i/n)^2, i/n^2; [n = 1] after the first layer."""
    model = dyck_srasp.dyck_srasp(1)
    x = hard_exact(model, "(()")
    F = Fraction
    assert [x[c] for c in ("one", "pos", "even", "invn", "invi", "possq", "posn2")] == [
        [1, 1, 1], [F(1, 3), F(2, 3), 1], [0, 1, 0], [F(1, 3)] * 3, [1, F(1, 2), F(1, 3)],
        [F(1, 9), F(4, 9), 1], [F(1, 9), F(2, 9), F(3, 9)]]
    assert x["n1"] == [0, 0, 0] and hard_exact(model, "(")["n1"] == [1]
    assert x[model.output] == [0, 0, 0] and hard_exact(model, "()")[model.output] == [0, 1]


def test_an_altered_weight_is_caught():
    model = dyck_srasp.dyck_srasp(1)
    head = model.layers[8].heads[0]  # the prefix count read back (XRead): 2 on (query count, key pos)
    assert head.terms[0] == ("s6", "pos", 2)
    q, kk, _ = head.terms[0]
    head.terms[0] = (q, kk, Fraction(7, 3))
    words, bad = _mismatches(model, 1, 6)
    assert words == 126 and bad > 0


def test_coordinates_round_trip():
    alphabet = ["(", "[", ")", "]"]
    assert [dyck_srasp.coordinate(dyck_srasp.coordinate_name(c, alphabet), alphabet) for c in range(55)] == list(range(55))
    with pytest.raises(ValueError):
        dyck_srasp.coordinate("zz", alphabet)


def test_one_network_for_every_length():
    """programs.program('sdyck<k>', n) is the same network at every n (only the embeddings' values depend on n)."""
    from quarks.attention import programs

    assert programs.program("sdyck2", 3).to_dict() == programs.program("sdyck2", 9).to_dict() == dyck_srasp.dyck_srasp(2).to_dict()
    assert programs.program("dyck2", 3).to_dict() != programs.program("dyck2", 9).to_dict()
