"""quarks soft-hard: an imported transformer, softmax against average-hard attention, decided exactly.

    quarks soft-hard MODEL --max-len N [--sample K --seed S] [--eps 1/10] [--json] [--out CERT.json]

MODEL: a quarks-weights/1 file (.json, .npz), a PyTorch file (.pt: {"cfg", "state_dict"} in
TransformerLens names), or tracr:PROGRAM:MAX_SEQ_LEN (a tracr library program, compiled now).  Exit
code 0: every input agrees; 1: some input disagrees or is undecided; 2: bad input or a missing extra.
"""
from __future__ import annotations

from quarks.base.errors import UsageError


def add_parser(sub, verb):
    p = sub.add_parser(verb, help="an imported transformer: softmax against hard attention on every input",
                       description="Decide exactly, for every input up to --max-len (or a seeded sample), whether "
                                   "the model at its own temperature gives its average-hard version's output; gaps "
                                   "per layer, Theorem 26's temperature, the shortest disagreeing input and the "
                                   "layer and head where soft and hard first differ.")
    p.add_argument("model", help="weights file (.json, .npz, .pt) or tracr:PROGRAM:MAX_SEQ_LEN")
    p.add_argument("--max-len", type=int, required=True, help="longest input (1..64)")
    p.add_argument("--sample", type=int, default=None, help="K random words per length instead of every word")
    p.add_argument("--seed", type=int, default=0, help="seed of the sample (default 0)")
    p.add_argument("--eps", default="1/10", help="tolerance of a numeric readout (default 1/10)")
    p.add_argument("--out", default=None, help="write the certificate (check-cert re-checks it)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--progress", action="store_true", help="show progress on stderr")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    import json

    from quarks import api
    from quarks.transformers.soft_hard import verdict_line

    if args.out is not None:
        from quarks.cli import paths

        paths.output_file(args.out, "--out")
    if args.sample is not None and args.sample < 1:
        raise UsageError("--sample must be positive")
    bar = None
    if args.progress:
        from tqdm import tqdm

        bar = tqdm(desc="inputs", unit=" input", leave=False)
    try:
        report = api.soft_hard(args.model, args.max_len, args.sample, args.seed, args.eps, out=args.out,
                               progress=None if bar is None else bar.update)
    finally:
        if bar is not None:
            bar.close()
    own = report["own"]
    ok = own["counts"]["disagree"] == 0 and own["counts"]["undecided"] == 0
    if args.json:
        print(json.dumps(report))
        return 0 if ok else 1
    print(f"{args.model}: {report['describe']}")
    print(f"inputs: {report['inputs']}")
    print(f"at its own temperature {report['tau']}: {verdict_line(own)}")
    print("gaps per layer (Lemma 24): " + "; ".join(
        f"layer {k}: {_approx(g['gap'])} ({', '.join(g['kinds']) or 'no heads'})"
        for k, g in enumerate(report["gaps"])))
    thm = report["theorem26"]
    if thm["applies"]:
        print(f"Theorem 26: gamma {_approx(thm['gamma'])}, X {_approx(thm['X'])}, m {thm['m']}, tau {_approx(thm['tau'])}: "
              f"{verdict_line(thm['result'])}")
    else:
        print(f"Theorem 26 does not apply: {thm['reason']}")
    prog = report.get("program")
    if prog is not None:
        for key, what in (("hard_differs", "hard model"), ("soft_differs", "soft model")):
            f = prog[key]
            print(f"{what} against the program: " + ("agrees on every input" if f is None else
                  f"differs first on {' '.join(map(str, f['word']))!r} at position {f['position']} (program {f['program']})"))
    for path in report.get("certificates", []):
        print(f"wrote {path}")
    return 0 if ok else 1


def _approx(value) -> str:
    """An exact rational as written, or about it when long (exact in --json)."""
    if value is None:
        return "-"
    if len(str(value)) <= 12:
        return str(value)
    from fractions import Fraction

    return f"~{float(Fraction(value)):.4g}"
