"""Decomposition f = B(f_1..f_k): witnesses, Farkas cuts, DRUP proofs, our RUP checker, the CLI."""
import json
import random
import subprocess
import sys

import pytest

from quarks.base.boolean import BINARY_OPERATORS, IRREDUCIBLE_BINARY, TruthTable, compose
from quarks.certify import check_record, drup
from quarks.certify.decomposition import base_clauses, check_decomposition, check_non_decomposition, non_decomposition_problem
from quarks.certify.load import SCHEMA
from quarks.cli import main
from quarks.solvers.compose import compose_class
from quarks.solvers.decompose import decompose, derivative_cuts, operator_table
from quarks.solvers.realize import is_threshold

PARITY4 = TruthTable.from_callable(4, lambda *x: sum(x) % 2)


def _solve_with_proof(clauses):
    from pysat.solvers import Solver

    with Solver(name="cadical195", bootstrap_with=clauses, with_proof=True) as s:
        assert not s.solve()
        return drup.parse_proof("\n".join(s.get_proof()))


def _pigeons(p, h):
    v = lambda i, j: i * h + j + 1  # noqa: E731
    clauses = [[v(i, j) for j in range(h)] for i in range(p)]
    clauses += [[-v(a, j), -v(b, j)] for j in range(h) for a in range(p) for b in range(a + 1, p)]
    return p * h, clauses


# --- the RUP checker ------------------------------------------------------------------------------

def _naive_rup(clauses, lemma):
    """Unit propagation from scratch, clause by clause (the definition)."""
    true = {-lit for lit in lemma}
    if any(-lit in true for lit in true):
        return True
    changed = True
    while changed:
        changed = False
        for c in clauses:
            if any(lit in true for lit in c):
                continue
            open_ = [lit for lit in c if -lit not in true]
            if not open_:
                return True
            if len(open_) == 1:
                true.add(open_[0])
                changed = True
    return False


def test_rup_checker_agrees_with_definition():
    rng = random.Random(5)
    for _ in range(600):
        nv = rng.randint(2, 6)

        def clause():
            return [rng.choice([-1, 1]) * v for v in rng.sample(range(1, nv + 1), rng.randint(1, min(3, nv)))]

        current = [clause() for _ in range(rng.randint(1, 10))]
        state = drup._State(nv)
        for c in current:
            state.add(c)
        state.rebuild()
        for _ in range(12):
            if rng.random() < 0.3 and current:
                c = rng.choice(current)
                current.remove(c)
                assert state.delete(c)
            else:
                lemma = clause() if rng.random() < 0.9 else []
                assert state.is_rup(lemma) == _naive_rup(current, lemma), (current, lemma)
                if rng.random() < 0.7:
                    state.add(lemma)
                    current.append(lemma)


def test_cadical_proofs_accepted_and_corruptions_rejected():
    nv, clauses = _pigeons(6, 5)
    proof = _solve_with_proof(clauses)
    assert sum(d for d, _ in proof) > 0  # the proof deletes clauses, and deletions are honoured
    assert drup.check_refutation(nv, clauses, proof) is None
    # no empty clause at the end
    assert "empty clause" in drup.check_refutation(nv, clauses, proof[:-1])
    # the empty clause alone is not RUP for the pigeonhole formula
    assert "not RUP" in drup.check_refutation(nv, clauses, [(False, [])])
    # a lemma not derivable by unit propagation at the start
    assert "step 1" in drup.check_refutation(nv, clauses, [(False, [1])] + proof)
    # deleting a clause that is not there
    assert "not present" in drup.check_refutation(nv, clauses, [(True, [1, 2, 3])] + proof)
    # a satisfiable formula (one pigeon fewer) is never refuted by the same proof
    nv2, sat_clauses = _pigeons(5, 5)
    assert drup.check_refutation(nv, sat_clauses, proof) is not None


def test_dimacs_round_trip_and_errors():
    text = drup.to_dimacs(3, [[1, -2], [3], [-1, -3, 2]])
    assert drup.parse_dimacs(text) == (3, [[1, -2], [3], [-1, -3, 2]])
    with pytest.raises(drup.ProofError):
        drup.parse_dimacs("p cnf 2 1\n1 3 0\n")
    with pytest.raises(drup.ProofError):
        drup.parse_proof("1 2\n")
    assert drup.parse_proof("d 1 2 0\n-1 0\n0\n") == [(True, [1, 2]), (False, [-1]), (False, [])]


# --- cuts -----------------------------------------------------------------------------------------

def test_derivative_cuts_are_farkas_certificates():
    from quarks.certify.threshold import check_nonrealization_data

    rng = random.Random(0)
    made = 0
    for _ in range(150):
        n = rng.randint(2, 5)
        d = rng.randint(1, n - 1)
        g = TruthTable(n, rng.getrandbits(1 << n))
        cuts = derivative_cuts(g, d, "all")
        for t, fl in cuts:
            assert len(t) + len(fl) == 1 << (d + 1)
            assert check_nonrealization_data(n, d, g.bits, t, fl) is None
            made += 1
        if cuts:
            assert not is_threshold(g, d)
    assert made > 100
    # XOR: one increasing and one decreasing edge in x1
    # XOR: in either variable an increasing edge at 0 and a decreasing one, the same four points
    assert derivative_cuts(BINARY_OPERATORS["XOR"], 1) == [(((1, 1), (2, 1)), ((0, 1), (3, 1)))] * 2
    assert derivative_cuts(BINARY_OPERATORS["AND"], 1) == []


# --- decompositions with known answers --------------------------------------------------------------

def test_xor_is_and_of_or_and_nand():
    r = decompose(BINARY_OPERATORS["XOR"], BINARY_OPERATORS["AND"])
    assert r.decomposable
    # the only LTFs true on 01 and 10 are OR, NAND and TRUE, and TRUE cannot be an operand
    assert {o.f for o in r.operands} == {BINARY_OPERATORS["OR"], BINARY_OPERATORS["NAND"]}
    rec = r.to_evidence()
    out = check_record(rec)
    assert out.valid and out.holds
    assert not check_record({**rec, "asserts": "not decomposable"}).holds
    bad = json.loads(json.dumps(rec))
    bad["operands"][0]["threshold"] += 10  # the realization no longer realizes its table
    assert not check_record(bad).valid
    bad = json.loads(json.dumps(rec))
    bad["table"] = "0x9"  # XNOR is not AND(OR, NAND)
    assert not check_record(bad).valid


def test_parity4_is_not_an_and_of_two_ltfs():
    cls = compose_class(IRREDUCIBLE_BINARY["AND"], 4, [1, 1])
    assert PARITY4.bits not in cls  # the composition-class bitmap agrees
    r = decompose(PARITY4, BINARY_OPERATORS["AND"])
    assert not r.decomposable
    rec = r.to_evidence()
    out = check_record(json.loads(json.dumps(rec)))
    assert out.valid and out.holds
    assert not check_record({**rec, "asserts": "decomposable"}).holds
    assert r.stats["unate_cuts"] == len(r.cuts) > 0


def _mutated(rec, fn):
    bad = json.loads(json.dumps(rec))
    fn(bad)
    return non_decomposition_problem(bad)


def test_corrupted_non_decomposition_rejected():
    r = decompose(PARITY4, BINARY_OPERATORS["XOR"])  # parity of 4 is no XOR of two LTFs
    assert not r.decomposable
    rec = r.to_evidence()
    assert non_decomposition_problem(rec) is None
    data = rec["data"]
    steps = drup.parse_proof(data["proof"])
    assert len(steps) > 2
    # one lemma changed: the first literal of some lemma negated; scan for the first change that is
    # no longer RUP (any change at the first lemma whose negation is not already implied)
    rejected = None
    for i, (dele, clause) in enumerate(steps):
        if dele or not clause:
            continue
        lines = data["proof"].splitlines()
        content = [j for j, line in enumerate(lines) if line.strip() and not line.startswith("c")]
        mutated = list(lines)
        mutated[content[i]] = " ".join(map(str, [-clause[0]] + clause[1:])) + " 0"
        problem = _mutated(rec, lambda b: b["data"].__setitem__("proof", "\n".join(mutated) + "\n"))
        if problem is not None:
            rejected = (i, problem)
            break
    assert rejected is not None and "not RUP" in rejected[1]
    # the proof without its lemmas: the empty clause is not RUP for the CNF
    assert "not RUP" in _mutated(rec, lambda b: b["data"].__setitem__("proof", "0\n"))
    # one cut changed: a point moved, so its Farkas certificate fails
    def move_point(b):
        cut = b["data"]["cuts"][0]
        cut["true"][0][0] ^= 1
    assert "cut 0" in _mutated(rec, move_point)
    # one cut dropped from the list but not from the CNF
    assert "CNF" in _mutated(rec, lambda b: b["data"]["cuts"].pop())
    # every cut dropped from both: the base CNF is satisfiable (f_1 = f, f_2 = 0), so no proof passes
    def drop_cuts(b):
        b["data"]["cuts"] = []
        nv, clauses = drup.parse_dimacs(b["data"]["cnf"])
        base = len(base_clauses(4, int(b["table"], 16), int(b["operator"], 16), 2))
        b["data"]["cnf"] = drup.to_dimacs(nv, clauses[:base])
    assert "DRUP" in _mutated(rec, drop_cuts)
    # the certificate of another function
    assert "CNF" in _mutated(rec, lambda b: b.__setitem__("table", "0x6997"))


def _differential(n, names, samples, seed):
    rng = random.Random(seed)
    for name in names:
        B = IRREDUCIBLE_BINARY[name]
        cls = compose_class(B, n, [1, 1])
        members = cls.tables()
        tables = [rng.getrandbits(1 << n) for _ in range(samples)]
        tables += [int(rng.choice(members)) ^ (1 << rng.randrange(1 << n)) for _ in range(samples)]
        tables += [int(rng.choice(members)) for _ in range(samples // 2)]
        for h in tables:
            r = decompose(TruthTable(n, h), B)
            assert r.decomposable == (h in cls), (name, hex(h))
            check = check_decomposition if r.decomposable else check_non_decomposition
            out = check(r.to_evidence())
            assert out.valid and out.holds


def test_differential_against_composition_classes_n4():
    _differential(4, ["AND", "XOR", "NOR", "X_IMPLIES_Y"], 12, seed=1)


def test_every_function_of_three_variables_and():
    """The number of AND-decomposable functions of 3 variables is |T_AND(3;1,1)| = 246."""
    B = BINARY_OPERATORS["AND"]
    cls = compose_class(B, 3, [1, 1])
    yes = 0
    for h in range(256):
        r = decompose(TruthTable(3, h), B, check_proof=(h % 16 == 0))
        assert r.decomposable == (h in cls)
        yes += r.decomposable
    assert yes == cls.size == 246


@pytest.mark.slow
def test_differential_against_composition_classes_all_ops():
    _differential(4, list(IRREDUCIBLE_BINARY), 30, seed=2)
    _differential(3, list(IRREDUCIBLE_BINARY), 30, seed=3)


def test_ternary_operators_against_composition_classes():
    from quarks.solvers.operators import TERNARY_NAMED

    rng = random.Random(7)
    for name in ("MAJ3", "XOR3", "MUX", "AND3"):
        B = TruthTable(3, TERNARY_NAMED[name])
        cls = compose_class(B.bits, 3, [1, 1, 1], k=3)
        for h in [rng.getrandbits(8) for _ in range(12)] + [0x96, 0x69]:
            r = decompose(TruthTable(3, h), B, [1, 1, 1])
            assert r.decomposable == (h in cls), (name, hex(h))
            out = check_record(r.to_evidence())
            assert out.valid and out.holds
    # parity of 3 variables is XOR3 of the three projections, and not an AND3 of LTFs
    parity3 = TruthTable.from_callable(3, lambda a, b, c: a ^ b ^ c)
    assert decompose(parity3, operator_table("XOR3"), [1, 1, 1]).decomposable
    assert not decompose(parity3, operator_table("AND3"), [1, 1, 1]).decomposable


def test_higher_degree():
    # parity of 4 is the XOR of two parities of 2 variables, each of degree 2
    assert decompose(PARITY4, BINARY_OPERATORS["XOR"], [2, 2]).decomposable
    assert not decompose(PARITY4, BINARY_OPERATORS["XOR"], [1, 1]).decomposable
    # mixed degrees: T_XOR(4;2,1) is every function but parity and its complement (65,534)
    cls = compose_class(IRREDUCIBLE_BINARY["XOR"], 4, [2, 1])
    assert cls.size == 65534 and PARITY4.bits not in cls
    r = decompose(PARITY4, BINARY_OPERATORS["XOR"], [2, 1])
    assert not r.decomposable and r.stats["lp_cuts"] > 0 and check_record(r.to_evidence()).holds
    assert decompose(TruthTable(4, PARITY4.bits ^ 1), BINARY_OPERATORS["XOR"], [2, 1]).decomposable
    # degrees above n mean n: everything decomposes
    assert decompose(PARITY4, BINARY_OPERATORS["AND"], [9, 9]).decomposable


def test_n6_in_seconds():
    """A function of 6 variables: one bit of AND(maj-like, maj-like) flipped."""
    g1 = TruthTable.from_callable(6, lambda *x: int(3 * x[0] + 2 * x[1] + 2 * x[2] + x[3] + x[4] - x[5] >= 4))
    g2 = TruthTable.from_callable(6, lambda *x: int(x[0] - 2 * x[1] + 3 * x[2] + x[3] + 2 * x[4] + x[5] >= 3))
    f = compose(BINARY_OPERATORS["XOR"], [g1, g2])
    assert decompose(f, BINARY_OPERATORS["XOR"]).decomposable
    r = decompose(TruthTable(6, f.bits ^ (1 << 37)), BINARY_OPERATORS["XOR"])
    out = check_record(r.to_evidence())
    assert out.valid and out.holds


# --- the checker imports no solver ------------------------------------------------------------------

def test_checker_imports_no_solver():
    code = ("import sys, quarks.certify as k; "
            "k.checker('non-decomposition'); k.checker('decomposition'); "
            "bad = [m for m in ('sympy', 'z3', 'pysat', 'scipy', 'numba', 'flint') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


def test_large_payload_moves_to_side_file(tmp_path):
    from quarks.certificates import certificate

    r = decompose(PARITY4, BINARY_OPERATORS["AND"])
    rec = r.to_evidence()
    rec["data"]["proof"] = "c padding\n" * 30000 + rec["data"]["proof"]  # > 256 KiB, still valid
    cert = {"schema": SCHEMA, "claim": "test.decompose", "instance": {}, "verdict": "verified",
            "evidence": [rec], "counterexample": None}
    path = certificate.write(cert, tmp_path / "cert.json")
    on_disk = json.loads(path.read_text())
    assert "$payload" in on_disk["evidence"][0]["data"]
    from quarks.certify import CheckContext
    from quarks.checking.obligations import resolve_payloads

    resolve_payloads(on_disk, CheckContext(directory=tmp_path))   # the side file, its sha256 verified
    out = check_record(on_disk["evidence"][0])
    assert out.valid and out.holds


# --- the CLI ----------------------------------------------------------------------------------------

def test_cli_json(capsys):
    assert main(["decompose", "0110", "--op", "AND", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)   # the certificate --out writes
    assert out["claim"] == "explore.decompose" and out["data"]["decomposable"] is True
    assert len(out["evidence"][0]["operands"]) == 2 and check_record(out["evidence"][0]).holds
    assert main(["decompose", "0x6996", "--op", "AND", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["data"]["decomposable"] is False
    assert out["evidence"][0]["kind"] == "non-decomposition" and check_record(out["evidence"][0]).holds


def test_cli_ops_all_and_ternary(capsys):
    assert main(["decompose", "0x6996", "--ops", "all"]) == 0
    text = capsys.readouterr().out
    assert "0 of 10 operators decompose f" in text
    assert main(["decompose", "0110", "--ops", "all", "--json"]) == 0
    ops = json.loads(capsys.readouterr().out)["operators"]
    # XOR itself, XNOR (negated operand), and AND/OR-type operators via OR and NAND all work
    assert all(v["decomposable"] for v in ops.values())
    assert main(["decompose", "0x17e8", "--op", "MAJ3", "--degrees", "1,1,1"]) == 0
    assert "decomposable: f = MAJ3" in capsys.readouterr().out
    assert main(["decompose", "01101001", "--op", "01101001"]) == 0  # parity3 = XOR3(x1, x2, x3)
    assert "decomposable" in capsys.readouterr().out


@pytest.mark.parametrize("argv, needle", [
    (["decompose", "012", "--op", "AND"], "bad truth table"),
    (["decompose", "0110", "--op", "FOO"], "unknown operator"),
    (["decompose", "0110", "--op", "AND", "--degrees", "1"], "2 arguments"),
    (["decompose", "0110", "--op", "AND", "--degrees", "1,x"], "comma-separated"),
    (["decompose", "0110"], "exactly one of"),
    (["decompose", "0110", "--op", "AND", "--ops", "all"], "exactly one of"),
    (["decompose", "0x" + "f" * 128, "--op", "AND"], "outside the supported"),
])
def test_cli_bad_input_one_line(capsys, argv, needle):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1


def test_timeout_gives_undecided_exit_one():
    """A hard degree-2 instance (parity of 5 as XOR of two T(5;2)) stops at the time limit."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "quarks", "decompose", "0x69969669", "--n", "5",
                          "--op", "XOR", "--degrees", "2,2", "--timeout", "1"],
                         capture_output=True, text=True)
    assert out.returncode == 1, out.stderr
    assert "undecided after 1 s" in out.stderr and len(out.stderr.strip().splitlines()) == 1
