"""tracr's library programs side by side with quarks (issue 51): where the compiled model leaves its program.

For each program (make_length, make_frac_prevs, make_hist, make_sort_unique, make_sort, make_pair_balance,
make_shuffle_dyck) compiled at each ``max_seq_len``, and each input length n = 1 .. max_seq_len (every
word when there are at most ``--all-up-to`` of them, else ``--count`` random words, random.Random(seed n)),
decided exactly (quarks.certify.soft_hard: hard model in rationals, softmax in arb balls):

* soft@tracr: the first n at which the model at tracr's own temperature (scores / float32 sqrt(key_size))
  certainly gives another output than the RASP program at some position;
* hard: the first n at which its average-hard version does (the MLPs' discretisation, not softmax);
* Theorem 26: its temperature for the network and max_seq_len when every head is uniform or tieless,
  else the reason (a head whose top scores tie: tracr's selector width and numerical means average);
* cooler: the largest tau / 2^k (k <= 40) at which soft and hard agree on every tested input (certified,
  not a theorem), and whether the program is then met -- it cannot be where the hard model fails.

    python benchmarks/bench_tracr_soft_hard.py [--lens 5 10 32] [--programs hist ...] [--count 8] [--json FILE]

Prints a Markdown table (notes/soft-hard.md, "tracr side by side").  Needs the extra tracr.
"""
from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quarks.certify import soft_hard as K  # noqa: E402
from quarks.transformers import from_tracr  # noqa: E402
from quarks.transformers import soft_hard as S  # noqa: E402

EPS = Fraction(1, 10)


def words_of(alphabet: list, n: int, all_up_to: int, count: int) -> tuple[list, str]:
    if len(alphabet) ** n <= all_up_to:
        return [list(t) for t in itertools.product(alphabet, repeat=n)], "all"
    rng = random.Random(n)
    return [[rng.choice(alphabet) for _ in range(n)] for _ in range(count)], f"{count} random"


def first_lengths(net, w, prog, tau: Fraction, max_len: int, all_up_to: int, count: int) -> dict:
    """First n where hard / soft (certainly) differ from the program; undecided positions counted."""
    out = {"hard": None, "soft": None, "soft_word": None, "hard_word": None, "undecided": 0, "tested": 0}
    for n in range(1, max_len + 1):
        words, _ = words_of(w["alphabet"], n, all_up_to, count)
        for word in words:
            want = prog(word)
            hard, soft = S.compare(net, word, want, tau, EPS)
            out["tested"] += 1
            if hard is not None and out["hard"] is None:
                out["hard"], out["hard_word"] = n, hard
            if soft is not None and soft["soft"] == "undecided":
                out["undecided"] += 1
            elif soft is not None and out["soft"] is None:
                out["soft"], out["soft_word"] = n, soft
        if out["hard"] is not None and out["soft"] is not None:
            break
    return out


def agree_hard(net, w, prog, tau: Fraction, max_len: int, all_up_to: int, count: int) -> bool:
    """Soft at tau agrees with hard (decided) at every position of every tested input where the
    program is defined (make_sort_unique: not on repeated keys, where the hard readout ties)."""
    for n in range(1, max_len + 1):
        for word in words_of(w["alphabet"], n, all_up_to, count)[0]:
            want = prog(word)
            res = K.run(net, word, tau)
            if any(v != "agree" for v, t in zip(K.decide(net, res, EPS), want) if t is not None):
                return False
    return True


def heads_kinds(net, w, max_len: int, all_up_to: int, count: int) -> list:
    """Per head: tied (with a word) / tieless (least gap) / uniform, over the tested inputs."""
    kinds: list = []
    for n in range(1, max_len + 1):
        for word in words_of(w["alphabet"], n, all_up_to, count)[0]:
            res = K.run(net, word, Fraction(1))
            if not kinds:
                kinds = [{"gap": None, "tie": None} for _ in res["heads"]]
            for h, info in enumerate(res["heads"]):
                for g, tie in zip(info[0::2], info[1::2]):
                    if g is not None:
                        kinds[h]["gap"] = g if kinds[h]["gap"] is None else min(kinds[h]["gap"], g)
                    if tie and kinds[h]["tie"] is None:
                        kinds[h]["tie"] = " ".join(word)
    return kinds


def one(name: str, L: int, all_up_to: int, count: int) -> dict:
    t0 = time.perf_counter()
    model, prog, vocab, distinct = from_tracr.compile_program(name, L)
    t_compile = time.perf_counter() - t0
    w = from_tracr.from_assembled(model, output=prog.label)
    net = K.parse(w)
    run = from_tracr.evaluator(prog, vocab, distinct)
    tau = Fraction(w["tau"])
    t1 = time.perf_counter()
    own = first_lengths(net, w, run, tau, L, all_up_to, count)
    kinds = heads_kinds(net, w, min(L, 6), all_up_to, count)
    tied = [(k, h) for k, h in enumerate(kinds) if h["tie"] is not None]
    if tied:
        k, h = tied[0]
        thm = f"not uniform-tieless: head {k} ties on '{h['tie']}'"
    else:
        gaps = [h["gap"] for h in kinds if h["gap"] is not None]
        if not gaps:
            thm = "every head uniform"
        else:
            r = S.theorem26(w, L, {"count": count, "seed": 0}, [{"kind": "tieless" if h["gap"] else "uniform",
                                                                  "gap": None if h["gap"] is None else str(h["gap"]),
                                                                  "tie": None} for h in kinds], EPS)
            thm = f"tau = {float(Fraction(r['tau'])):.3g}" if r["applies"] else r["reason"]
            if r["applies"]:
                at = first_lengths(net, w, run, Fraction(r["tau"]), L, all_up_to, count)
                thm += f"; first failing n: {at['soft'] or 'none'}"
    cooler = None
    for k in range(0, 41, 2):
        if agree_hard(net, w, run, tau / 2**k, L, all_up_to, count):
            cooler = k
            break
    cool = None if cooler is None else first_lengths(net, w, run, tau / 2**cooler, L, all_up_to, count)
    return {"program": name, "max_seq_len": L, "d_model": len(w["embed"][0]), "layers": len(w["layers"]),
            "heads": sum(len(x["attn"]["heads"]) for x in w["layers"] if x.get("attn")), "tau": str(tau),
            "soft_first": own["soft"], "soft_word": own["soft_word"], "hard_first": own["hard"], "hard_word": own["hard_word"],
            "undecided": own["undecided"], "tested": own["tested"], "theorem26": thm, "cooler_k": cooler,
            "cooler_soft_first": None if cool is None else cool["soft"],
            "seconds_compile": round(t_compile, 1), "seconds_check": round(time.perf_counter() - t1, 1)}


def table(rows: list) -> str:
    out = ["| program | max_seq_len | d, layers, heads | first n: soft at tracr's tau != program | first n: hard != program "
           "| Theorem 26 | cooler tau/2^k agreeing with hard | then soft != program | inputs | compile s | check s |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        sw = r["soft_word"]
        soft = "none" if r["soft_first"] is None else (
            f"{r['soft_first']} (`{' '.join(map(str, sw['word']))}` pos {sw['position']}: soft {sw['soft']}, program {sw['program']})")
        hw = r["hard_word"]
        hard = "none" if r["hard_first"] is None else f"{r['hard_first']} (hard {hw['hard']}, program {hw['program']})"
        cool = "none up to 2^-40" if r["cooler_k"] is None else f"k = {r['cooler_k']}"
        then = "-" if r["cooler_k"] is None else ("none" if r["cooler_soft_first"] is None else str(r["cooler_soft_first"]))
        out.append(f"| {r['program']} | {r['max_seq_len']} | {r['d_model']}, {r['layers']}, {r['heads']} | {soft} | {hard} | "
                   f"{r['theorem26']} | {cool} | {then} | {r['tested']} | {r['seconds_compile']} | {r['seconds_check']} |")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--programs", nargs="*", default=list(from_tracr.PROGRAMS))
    ap.add_argument("--lens", nargs="*", type=int, default=[5, 10, 32])
    ap.add_argument("--count", type=int, default=8, help="random words per length when not all are tested")
    ap.add_argument("--all-up-to", type=int, default=64, help="test every word of a length when there are at most this many")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    rows = []
    for name in args.programs:
        for L in args.lens:
            r = one(name, L, args.all_up_to, args.count)
            rows.append(r)
            print(json.dumps(r, default=str), file=sys.stderr, flush=True)
            if args.json:
                Path(args.json).write_text(json.dumps(rows, indent=1, default=str))
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
