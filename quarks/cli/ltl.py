"""``quarks ltl``: evaluate a temporal-logic formula and run its compiled softmax transformer beside it."""
from __future__ import annotations

import time

from quarks.base.errors import UsageError

MAX_WORDS = 200_000


def add_parser(sub, verb):
    p = sub.add_parser(
        verb,
        help="evaluate a TL[#] formula and its compiled softmax transformer",
        description="Evaluate a formula of LTL with counting at every position of a string, side by side "
                    "with the compiled transformer (hard model exact, softmax model certified), or check "
                    "the transformer on every string up to a length.",
    )
    p.add_argument("formula", help="e.g. '!b S a', 'ODD(#left[a])', '#left[a] > #left[b]'")
    p.add_argument("--string", help="the input string, one symbol per character with no separator (ab, not 'a b')")
    p.add_argument("--check-up-to", type=int, metavar="N", help="check every string of length 1..N")
    p.add_argument("--alphabet", help="the alphabet (default: the symbols of the formula and string)")
    p.add_argument("--variant", default="temperature",
                   choices=["temperature", "unbounded", "causal-temperature", "causal"],
                   help="construction: temperature (bounded embeddings, tau(n) = 1/(c n); default), unbounded "
                        "(embeddings growing with n, tau = 1), causal-temperature / causal (future masking only)")
    p.add_argument("--c", default="2", help="temperature constant c in tau(n) = 1/(c n) (default 2)")
    p.add_argument("--tau-factor", default="1", help="multiply every temperature (to see a model fail)")
    p.add_argument("--explain", action="store_true", help="show the layers and every sub-formula")
    p.add_argument("--save", metavar="FILE", help="write the compiled model as JSON")
    p.add_argument("--json", action="store_true",
                   help="print the answer's certificate (the document --out writes); with both --string and "
                        "--check-up-to the model, the per-position values and the check as JSON")
    p.add_argument("--out", metavar="FILE", default=None,
                   help="write the answer (to --string or to --check-up-to) as a certificate of quarks.ltl "
                        "(re-check it with quarks check-cert FILE)")
    p.set_defaults(func=run)
    return p


def _rational(text: str, name: str):
    from fractions import Fraction

    try:
        q = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"--{name} must be a positive rational, not {text!r}") from None
    if q <= 0:
        raise UsageError(f"--{name} must be positive, not {text!r}")
    return q


def run(args) -> int:
    from quarks.ltl.check import exhaustive_check, with_temperature_factor
    from quarks.ltl.compile import CompileError, compile_formula
    from quarks.ltl.syntax import parse, show, symbols

    if args.save:
        from quarks.cli import paths
        paths.output_file(args.save, "--save")
    if args.out is not None:
        from quarks.cli import answer

        answer.check_out(args)
        if (args.string is None) == (args.check_up_to is None):
            raise UsageError("--out certifies one question: give --string S or --check-up-to N, not both")
    f = parse(args.formula)
    c = _rational(args.c, "c")
    factor = _rational(args.tau_factor, "tau-factor")
    if args.string is None and args.check_up_to is None:
        raise UsageError("give --string S or --check-up-to N")
    if args.string is not None and not args.string:
        raise UsageError("--string must not be empty")
    if args.string is not None and any(c.isspace() for c in args.string) and not (args.alphabet and " " in args.alphabet):
        raise UsageError(f"--string {args.string!r}: one symbol per character, with nothing between them "
                         f"(write {''.join(args.string.split())!r}; a space is a symbol only when --alphabet has one)")
    alphabet = args.alphabet or "".join(sorted(symbols(f) | set(args.string or "")))
    for extra in "ab":  # at least two letters, so that the check means something
        if len(alphabet) < 2 and extra not in alphabet:
            alphabet += extra
    if len(set(alphabet)) != len(alphabet):
        raise UsageError(f"alphabet {alphabet!r} repeats a symbol")
    missing = (symbols(f) | set(args.string or "")) - set(alphabet)
    if missing:
        raise UsageError(f"symbols {''.join(sorted(missing))!r} are not in the alphabet {alphabet!r}")
    try:
        model = with_temperature_factor(compile_formula(f, list(alphabet), args.variant, c), factor)
    except CompileError as exc:
        raise UsageError(str(exc)) from None
    if args.check_up_to is not None and (args.check_up_to < 1 or sum(
            len(alphabet) ** k for k in range(1, args.check_up_to + 1)) > MAX_WORDS):
        raise UsageError(f"--check-up-to must be between 1 and the length where {MAX_WORDS} strings are reached")
    if args.save:
        model.save(args.save)
    if args.out is not None or (args.json and (args.string is None) != (args.check_up_to is None)):
        return _certified(args, f, alphabet, c, factor)
    if args.json:
        return _json(args, model, f, alphabet, c, factor)
    print(f"formula   {show(f)}")
    from quarks.base.exact import infix

    layers = f"{len(model.layers)} layer" + ("" if len(model.layers) == 1 else "s")
    print(f"model     {args.variant}, {layers}, temperature {infix(model.info['temperature'])}"
          f"{'' if factor == 1 else f' x {factor}'}, PEs {', '.join(model.pe)}")
    if args.explain:
        _explain(model)
    if args.string is not None:
        _side_by_side(model, f, args.string, args.explain)
    if args.check_up_to is not None:
        N = args.check_up_to
        t = time.perf_counter()
        res = exhaustive_check(show(f), alphabet, N, args.variant, str(c), str(factor))
        dt = time.perf_counter() - t
        status = "all agree" if res["holds"] else f"FAILS, first at {res['failure']}"
        print(f"checked   {res['cases']} strings of length 1..{N} in {dt:.2f} s: {status}")
        print(f"margin    min over rounding sites of 1/4 - radius: {res['margin']:.4f}")
        print(f"digest    {res['digest']}")
        return 0 if res["holds"] else 1
    return 0


def _explain(model):
    for k, layer in enumerate(model.layers):
        for h in layer.heads:
            terms = " + ".join(f"{cf}*q[{q}]k[{kk}]" for q, kk, cf in h.terms) or "uniform"
            print(f"  layer {k} head  {h.out:10s} mask={h.mask:6s} score={terms}; value={h.value}  ({h.note})")
        for u in layer.units:
            print(f"  layer {k} unit  {', '.join(u.out):10s} {u.note or 'Boolean unit'}"
                  f"{' of ' + u.round if u.round else ''}")


def _side_by_side(model, f, word, explain: bool):
    import numpy as np

    from quarks.attention import batch
    from quarks.attention.run import soft_float
    from quarks.ltl.semantics import truth

    want = truth(f, word)
    idx = np.array([[model.alphabet.index(a) for a in word]])
    res = batch.run(model, idx, certify=True)
    hard = res.x[model.output].floats()[0]
    rad = res.r[model.output][0]
    soft = soft_float(model, word)[model.output]
    print(f"{'i':>4} {'w_i':>3} {'formula':>7} {'hard':>5} {'soft (float)':>13} {'certified radius':>17}")
    for i, a in enumerate(word):
        print(f"{i + 1:>4} {a:>3} {int(want[i]):>7} {hard[i]:>5.0f} {soft[i]:>13.6f} {rad[i]:>17.3g}")
    if explain:
        names = model.info.get("subformulas", {})
        x = soft_float(model, word)
        for coord, text in names.items():
            vals = " ".join(f"{v:.3f}" for v in x[coord])
            print(f"  {coord:8s} {text:30s} {vals}")
    ok = all(bool(h) == w for h, w in zip(hard, want)) and (rad == 0).all()
    print("result    the softmax transformer equals the formula at every position (certified)" if ok
          else "result    NOT certified at every position")


def _json(args, model, f, alphabet, c, factor) -> int:
    """The --json output: model summary, the per-position values on --string, the exhaustive check."""
    import json

    import numpy as np

    from quarks.attention import batch
    from quarks.attention.run import soft_float
    from quarks.ltl.check import exhaustive_check
    from quarks.ltl.semantics import truth
    from quarks.ltl.syntax import show

    out = {"formula": show(f), "variant": args.variant, "layers": len(model.layers),
           "temperature": str(model.info["temperature"]), "tau_factor": str(factor), "alphabet": alphabet}
    code = 0
    if args.string:
        want = truth(f, args.string)
        res = batch.run(model, np.array([[model.alphabet.index(a) for a in args.string]]), certify=True)
        hard = res.x[model.output].floats()[0]
        soft = soft_float(model, args.string)[model.output]
        rad = res.r[model.output][0]
        out["positions"] = [{"i": i + 1, "symbol": a, "formula": bool(want[i]), "hard": int(hard[i]),
                             "soft": float(soft[i]), "radius": float(rad[i])} for i, a in enumerate(args.string)]
        out["certified"] = bool(all(bool(h) == w for h, w in zip(hard, want)) and (rad == 0).all())
    if args.check_up_to is not None:
        res = exhaustive_check(show(f), alphabet, args.check_up_to, args.variant, str(c), str(factor))
        out["check"] = {k: res[k] for k in ("cases", "holds", "margin", "digest") if k in res}
        code = 0 if res["holds"] else 1
    print(json.dumps(out))
    return code


def _certified(args, f, alphabet: str, c, factor) -> int:
    """The answer as a certificate of quarks.ltl: written to --out, printed with --json."""
    from quarks.cli import answer
    from quarks.ltl.syntax import show

    inst = {"formula": show(f), "alphabet": alphabet, "variant": args.variant, "c": str(c), "tau_factor": str(factor)}
    if args.string is not None:
        inst["string"] = args.string
    else:
        inst["max_len"] = args.check_up_to
    verdict, cert = answer.certify("explore.ltl", inst, "certificates cover strings of length <= 1000")
    if not args.json:
        print(f"formula   {show(f)}")
        print(f"result    {verdict.summary}")
    answer.emit(cert, args)
    return 0 if cert["data"]["answer"] == "agrees" else 1
