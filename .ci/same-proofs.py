"""Compare two `quarks prove --json` outputs made on different Coq toolchains: every claim with the
same status, every theorem with the same status and the same assumptions (up to the standard
library's root, `Coq.` or `Stdlib.`).  Prints one line per difference and a summary; exit 1 on any
difference, 2 on unreadable input.  Usage: python .ci/same-proofs.py A.json B.json"""
import json
import sys

from quarks.certify.coq_gate import unrooted


def theorems(path: str) -> tuple[dict, dict, dict]:
    data = json.load(open(path))
    claims = {r["claim"]: r["status"] for r in data["proofs"]}
    found = {t["theorem"]: (t["status"], sorted(unrooted(a) for a in t["axioms"]))
             for r in data["proofs"] for t in r["theorems"]}
    return claims, found, data.get("toolchain") or {}


def main(a: str, b: str) -> int:
    try:
        (ca, ta, tca), (cb, tb, tcb) = theorems(a), theorems(b)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"same-proofs: unreadable input: {exc}")
        return 2
    diffs = [f"claim {c}: {ca.get(c)} vs {cb.get(c)}" for c in sorted(set(ca) | set(cb)) if ca.get(c) != cb.get(c)]
    diffs += [f"theorem {t}: {ta.get(t)} vs {tb.get(t)}" for t in sorted(set(ta) | set(tb)) if ta.get(t) != tb.get(t)]
    for d in diffs:
        print(d)
    proved = sum(s == "proved" for s in ca.values())
    print(f"{len(ca)} claims ({proved} proved), {len(ta)} theorems on {tca} and {tcb}: "
          + ("same status and assumptions" if not diffs else f"{len(diffs)} difference(s)"))
    return 1 if diffs else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__.splitlines()[-1])
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
