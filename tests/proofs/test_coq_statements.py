"""Claim texts against their Coq theorems: the hypotheses of every cited theorem, as `coqc` prints
them (`Check`), are the list kept beside the claim (`Claim.coq_hypotheses`), and its conclusion is the
one recorded in coq_conclusions.json (claim -> theorem -> conclusion, as printed), so a theorem that
gains or loses a hypothesis, or concludes something else, fails here until the claim (and its
statement text, reviewed against both) follows."""
import json
import re
import subprocess
import tempfile
from pathlib import Path

import pytest

from quarks.certify import coq_gate
from quarks.claims.registry import claims

pytestmark = pytest.mark.coq

HEADER = re.compile(r"^\s*(From |Require |Import |Local Open Scope |Open Scope )")
BINDER = re.compile(r"(forall|exists|fun) ")


def split_top(text: str, sep: str) -> list[str]:
    """Split at ``sep`` outside parentheses, brackets and braces."""
    parts, depth, cur, i = [], 0, [], 0
    while i < len(text):
        ch = text[i]
        depth += ch in "([{"
        depth -= ch in ")]}"
        if depth == 0 and sep == "->" and BINDER.match(text, i) and (i == 0 or text[i - 1] in " ("):
            cur.append(text[i:])   # a binder's body extends to the end: its arrows are not premises
            break
        if depth == 0 and text.startswith(sep, i) and not (sep == "->" and text[i - 1:i] == "<"):
            parts.append("".join(cur).strip())
            cur, i = [], i + len(sep)
            continue
        cur.append(ch)
        i += 1
    return parts + ["".join(cur).strip()]


def hypotheses(statement: str) -> list[str]:
    """The premises of a printed type: the top-level ``A ->`` parts, through leading ``forall``s."""
    t, hyps = " ".join(statement.split()), []
    while True:
        if t.startswith("forall "):
            t = ",".join(split_top(t[len("forall "):], ",")[1:]).strip()
            continue
        parts = split_top(t, "->")
        if len(parts) == 1:
            return hyps
        hyps += parts[:-1]
        t = parts[-1]


def conclusion(statement: str) -> str:
    """What a printed type concludes: the part after its leading ``forall`` binders and top-level premises."""
    t = " ".join(statement.split())
    while True:
        if t.startswith("forall "):
            t = ", ".join(split_top(t[len("forall "):], ",")[1:]).strip()
            continue
        parts = split_top(t, "->")
        if len(parts) == 1:
            return t
        t = parts[-1]


def without_comments(text: str) -> str:
    """Coq text with its (nested) comments removed: a file's header comment may say "From ..."."""
    while True:
        stripped = re.sub(r"\(\*(?:(?!\(\*|\*\)).)*\*\)", "", text, flags=re.S)
        if stripped == text:
            return text
        text = stripped


def header_sentences(text: str) -> list[str]:
    """The file's import and scope commands, each whole (a Require may go on over several lines)."""
    out, lines = [], text.splitlines()
    for i, ln in enumerate(lines):
        if HEADER.match(ln):
            sentence = [ln]
            while not sentence[-1].rstrip().endswith(".") and i + len(sentence) < len(lines):
                sentence.append(lines[i + len(sentence)])
            out.append(" ".join(x.strip() for x in sentence))
    return out


def printed_types(directory: Path, refs) -> dict[str, str]:
    """``Check`` of each "File.v:name" against a build, with the file's own imports and scopes."""
    out = {}
    for file in sorted({r.split(":")[0] for r in refs}):
        text = without_comments(coq_gate.theory_path(file).read_text())
        header = header_sentences(text)
        names = [r.split(":")[1] for r in refs if r.startswith(file + ":")]
        script = "\n".join(["Set Printing Width 100000."] + header
                           + [f"From {coq_gate.LOGICAL} Require Import {Path(file).stem}."]
                           + [f"Check {name}." for name in names]) + "\n"
        with tempfile.TemporaryDirectory(prefix="quarks-coq-check-") as tmp:
            probe = Path(tmp) / "QuarksCheck.v"
            probe.write_text(script)
            res = subprocess.run([coq_gate.coqc(), "-q", "-w", "-all", "-R", str(directory), coq_gate.LOGICAL, str(probe)],
                                 cwd=tmp, capture_output=True, text=True)
        assert res.returncode == 0, res.stderr
        # each Check prints "name\n     : type"
        for name, typ in re.findall(r"^(\S+)\n\s+: (.*?)(?=^\S|\Z)", res.stdout, re.S | re.M):
            out[f"{file}:{name}"] = " ".join(typ.split())
    return out


def test_split_and_hypotheses():
    assert split_top("a -> (b -> c) -> d", "->") == ["a", "(b -> c)", "d"]
    assert hypotheses("forall (k : nat) (j : nat), j <= k -> (forall i, i <> j -> P i) -> Q") == [
        "j <= k", "(forall i, i <> j -> P i)"]
    assert hypotheses("forall x : R, exists y, x < y") == []
    assert hypotheses("forall f, a != b -> f \\in T n d <-> P f") == ["a != b"]
    # arrows inside a binder's type are not premises; a binder in the middle starts a new prefix
    assert hypotheses("forall Y : Type, Y -> forall d : Y -> Y -> R, (forall y : Y, d y y = 0) -> ~ P d") == [
        "Y", "(forall y : Y, d y y = 0)"]
    assert hypotheses("a -> exists f : nat -> R, f 0 = 0 -> b") == ["a"]


@pytest.mark.heavy
def test_claim_hypotheses_are_the_theorems(package_proofs):
    cited = {cid: c for cid, c in claims().items() if c.coq and not cid.startswith("test.")}
    refs = sorted({r for c in cited.values() for r in c.coq})
    types = printed_types(package_proofs.directory, refs)
    assert set(types) == set(refs)
    for cid, c in cited.items():
        assert set(c.coq_hypotheses) == {r.split(":")[1] for r in c.coq}, cid
        for ref in c.coq:
            name = ref.split(":")[1]
            want = [" ".join(h.split()) for h in c.coq_hypotheses[name]]
            assert hypotheses(types[ref]) == want, (cid, ref, types[ref])
            assert conclusion(types[ref]) == CONCLUSIONS[cid][name], (cid, ref, types[ref])


CONCLUSIONS = json.loads((Path(__file__).with_name("coq_conclusions.json")).read_text())


def test_every_cited_theorem_has_its_conclusion_recorded():
    cited = {cid: c for cid, c in claims().items() if c.coq and not cid.startswith("test.")}
    assert set(CONCLUSIONS) == set(cited)
    for cid, c in cited.items():
        assert set(CONCLUSIONS[cid]) == {r.split(":")[1] for r in c.coq}, cid
        assert all(CONCLUSIONS[cid].values()), cid


def test_conclusion():
    assert conclusion("forall (k : nat) (j : nat), j <= k -> (forall i, P i) -> Q k") == "Q k"
    assert conclusion("forall x : R, exists y, x < y") == "exists y, x < y"
    assert conclusion("a -> exists f : nat -> R, f 0 = 0 -> b") == "exists f : nat -> R, f 0 = 0 -> b"
