"""A small forward checker for DRUP proofs of unsatisfiability (pure Python, no solver).

A DRUP proof of a CNF formula F is a sequence of lines ``l_1 ... l_m 0`` (add the lemma C) and
``d l_1 ... l_m 0`` (delete the clause C).  A lemma C is RUP (reverse unit propagation) with
respect to the current clause set G when unit propagation on G together with the units ~l
(l in C) reaches a conflict; then G implies C, so G and G + C are equisatisfiable and, by
induction, every lemma is implied by F.  Deleting clauses only weakens G, so honouring deletions
is sound.  The proof refutes F when the empty clause is added as a RUP lemma: then F implies
the empty clause, i.e. F is unsatisfiable.

The checker keeps the top-level unit-propagation state of G with two watched literals per
clause.  A deletion of a clause that may be the reason of a top-level assignment (one literal
true, the others false) marks the state stale; it is rebuilt from the unit clauses before the
next lemma.  RAT lemmas (DRAT) are not accepted.

Text formats: DIMACS CNF (``p cnf V C`` header, ``c`` comment lines) and the DRUP text above.
"""
from __future__ import annotations


class ProofError(ValueError):
    """Malformed DIMACS or proof text."""


def _ints(line: str, what: str, lineno: int) -> list[int]:
    try:
        lits = [int(tok) for tok in line.split()]
    except ValueError:
        raise ProofError(f"{what} line {lineno}: not integers: {line[:60]!r}") from None
    if not lits or lits[-1] != 0 or 0 in lits[:-1]:
        raise ProofError(f"{what} line {lineno}: a clause is non-zero literals ended by 0")
    return lits[:-1]


def parse_dimacs(text: str) -> tuple[int, list[list[int]]]:
    """(number of variables, clauses) of a DIMACS CNF text, one clause per line."""
    nvars, count, clauses = None, None, []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("c"):
            continue
        if line.startswith("p"):
            parts = line.split()
            if len(parts) != 4 or parts[1] != "cnf" or nvars is not None:
                raise ProofError(f"cnf line {lineno}: bad header {line!r}")
            try:
                nvars, count = int(parts[2]), int(parts[3])
            except ValueError:
                raise ProofError(f"cnf line {lineno}: bad header {line!r}") from None
            continue
        if nvars is None:
            raise ProofError("cnf: clause before the 'p cnf' header")
        clause = _ints(line, "cnf", lineno)
        if any(abs(lit) > nvars for lit in clause):
            raise ProofError(f"cnf line {lineno}: variable above {nvars}")
        clauses.append(clause)
    if nvars is None:
        raise ProofError("cnf: no 'p cnf' header")
    if count != len(clauses):
        raise ProofError(f"cnf: header announces {count} clauses, found {len(clauses)}")
    return nvars, clauses


def to_dimacs(nvars: int, clauses) -> str:
    """The DIMACS text of a clause list (one clause per line)."""
    lines = [f"p cnf {nvars} {len(clauses)}"]
    lines += [" ".join(map(str, c)) + " 0" for c in clauses]
    return "\n".join(lines) + "\n"


def parse_proof(text: str) -> list[tuple[bool, list[int]]]:
    """The steps ``(is_deletion, clause)`` of a DRUP text."""
    steps = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("c"):
            continue
        delete = line.startswith("d")
        steps.append((delete, _ints(line[1:] if delete else line, "proof", lineno)))
    return steps


class _State:
    """Clauses with two watched literals and the top-level trail.  Literal l is stored as the
    index 2|l| + (l < 0); its negation is index ^ 1; ``val[i]`` is 1 (true), -1 (false), 0."""

    def __init__(self, nvars: int):
        self.nvars = nvars
        self.val = [0] * (2 * nvars + 2)
        self.watches: list[list[int]] = [[] for _ in range(2 * nvars + 2)]
        self.clauses: list[list[int] | None] = []
        self.units: list[int] = []          # ids of clauses of length 1
        self.by_key: dict[tuple, list[int]] = {}
        self.trail: list[int] = []
        self.qhead = 0
        self.inconsistent = False           # the top level has a conflict
        self.stale = False

    def _assign(self, i: int) -> None:
        self.val[i] = 1
        self.val[i ^ 1] = -1
        self.trail.append(i)

    def _propagate(self) -> bool:
        """Unit propagation from the trail; False on a conflict."""
        val, watches, clauses, trail = self.val, self.watches, self.clauses, self.trail
        while self.qhead < len(trail):
            false = trail[self.qhead] ^ 1
            self.qhead += 1
            ws = watches[false]
            keep = []
            idx = 0
            conflict = False
            while idx < len(ws):
                cid = ws[idx]
                idx += 1
                c = clauses[cid]
                if c is None:
                    continue  # deleted: drop the watch
                if c[0] == false:
                    c[0], c[1] = c[1], c[0]
                first = c[0]
                if val[first] == 1:
                    keep.append(cid)
                    continue
                for k in range(2, len(c)):
                    if val[c[k]] != -1:
                        c[1], c[k] = c[k], c[1]
                        watches[c[1]].append(cid)
                        break
                else:
                    keep.append(cid)
                    if val[first] == -1:
                        conflict = True
                        break
                    self._assign(first)
            if conflict:
                keep.extend(ws[idx:])
                watches[false] = keep
                return False
            watches[false] = keep
        return True

    def _backtrack(self, length: int) -> None:
        for i in self.trail[length:]:
            self.val[i] = self.val[i ^ 1] = 0
        del self.trail[length:]
        self.qhead = length

    def rebuild(self) -> None:
        """Recompute the top-level state from the unit clauses (after deletions)."""
        self._backtrack(0)
        self.inconsistent = any(c is not None and not c for c in self.clauses)
        for cid in self.units:
            c = self.clauses[cid]
            if c is None or self.inconsistent:
                continue
            if self.val[c[0]] == -1:
                self.inconsistent = True
            elif self.val[c[0]] == 0:
                self._assign(c[0])
        if not self.inconsistent and not self._propagate():
            self.inconsistent = True
        self.stale = False

    def add(self, clause: list[int]) -> None:
        """Add a clause (at the top level) and propagate."""
        lits = sorted({2 * abs(l) + (l < 0) for l in clause})
        key = tuple(lits)
        if any(lits[i] ^ 1 == lits[i + 1] for i in range(len(lits) - 1)):
            self.by_key.setdefault(key, [])  # a tautology constrains nothing
            return
        cid = len(self.clauses)
        self.by_key.setdefault(key, []).append(cid)
        val = self.val
        lits.sort(key=lambda i: -val[i])  # true, then unassigned, then false literals
        self.clauses.append(lits)
        if not lits:
            self.inconsistent = True
            return
        if len(lits) == 1:
            self.units.append(cid)
        else:
            self.watches[lits[0]].append(cid)
            self.watches[lits[1]].append(cid)
        if self.inconsistent or self.stale:
            return
        if val[lits[0]] == -1:
            self.inconsistent = True
        elif val[lits[0]] == 0 and (len(lits) == 1 or val[lits[1]] == -1):
            self._assign(lits[0])
            if not self._propagate():
                self.inconsistent = True

    def delete(self, clause: list[int]) -> bool:
        """Delete one copy of the clause; False when it is not present."""
        key = tuple(sorted({2 * abs(l) + (l < 0) for l in clause}))
        if key not in self.by_key:
            return False
        ids = self.by_key[key]
        if not ids:
            return True  # a tautology
        cid = ids.pop()
        c = self.clauses[cid]
        self.clauses[cid] = None
        if self.inconsistent:
            self.stale = True
        else:
            assert c is not None  # the ids in by_key are of live clauses: deletion pops the id first
            true = sum(1 for i in c if self.val[i] == 1)
            unassigned = sum(1 for i in c if self.val[i] == 0)
            if true == 1 and unassigned == 0:
                self.stale = True  # possibly the reason of a top-level assignment
        return True

    def is_rup(self, clause: list[int]) -> bool:
        """Does unit propagation on the clauses and the negated lemma reach a conflict?"""
        if self.stale:
            self.rebuild()
        if self.inconsistent:
            return True
        mark = len(self.trail)
        val = self.val
        for lit in clause:
            i = 2 * abs(lit) + (lit < 0)
            if val[i] == 1:
                self._backtrack(mark)
                return True
            if val[i] == 0:
                self._assign(i ^ 1)
        conflict = not self._propagate()
        self._backtrack(mark)
        return conflict


def check_refutation(nvars: int, clauses, proof) -> str | None:
    """None when ``proof`` (steps from :func:`parse_proof`) refutes the clauses, else the first
    problem: a lemma that is not RUP, a deletion of an absent clause, a variable out of range,
    or no empty clause at the end."""
    state = _State(nvars)
    for c in clauses:
        if any(not 0 < abs(l) <= nvars for l in c):
            return f"clause {c} has a variable outside 1..{nvars}"
        state.add(c)
    state.rebuild()
    for step, (delete, clause) in enumerate(proof, 1):
        if any(not 0 < abs(l) <= nvars for l in clause):
            return f"proof step {step}: variable outside 1..{nvars}"
        if delete:
            if not state.delete(clause):
                return f"proof step {step}: deletes the clause {clause}, which is not present"
            continue
        if not state.is_rup(clause):
            return f"proof step {step}: lemma {clause} is not RUP"
        if not clause:
            return None
        state.add(clause)
    return "the proof does not derive the empty clause"
