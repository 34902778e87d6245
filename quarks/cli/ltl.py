"""``quarks ltl``: evaluate a temporal-logic formula and run its compiled softmax transformer beside it."""
from __future__ import annotations

import json

from quarks.base.errors import UsageError


def add_parser(sub, verb):
    p = sub.add_parser(
        verb,
        help="evaluate a TL[#] formula and its compiled softmax transformer",
        description="Evaluate a formula of LTL with counting at every position of a string, side by side "
                    "with the compiled transformer (hard model exact, softmax model certified), or check "
                    "the transformer on every string up to a length. Exit 0 when the answer is yes (certified "
                    "equal at every position; agreeing on every string checked), 1 when it is not (with or "
                    "without --out), 2 on bad input.",
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
                   help="write the answer (to --string or to --check-up-to) as a certificate of the claim explore.ltl "
                        "(re-check it with quarks check-cert FILE)")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from quarks import api
    from quarks.base.exact import infix

    if args.save:
        from quarks.cli import paths
        paths.output_file(args.save, "--save")
    single = (args.string is None) != (args.check_up_to is None)
    if args.out is not None:
        from quarks.cli import answer

        answer.check_out(args)
        if not single:
            raise UsageError("--out certifies one question: give --string S or --check-up-to N, not both")
    res = api.compile_ltl(args.formula, string=args.string, check_up_to=args.check_up_to, alphabet=args.alphabet,
                          variant=args.variant, c=args.c, tau_factor=args.tau_factor)
    if args.save:
        res.model.save(args.save)
    if args.out is not None or (args.json and single):
        return _certified(args, res)
    # exit 0 only when the answer is yes: certified on the string, and agreeing on every string checked
    code = 0 if (args.string is None or res.certified) and (res.check is None or res.check["holds"]) else 1
    if args.json:
        print(json.dumps(res.as_dict()))
        return code
    model = res.model
    print(f"formula   {res.formula}")
    layers = f"{len(model.layers)} layer" + ("" if len(model.layers) == 1 else "s")
    print(f"model     {args.variant}, {layers}, temperature {infix(model.info['temperature'])}"
          f"{'' if res.tau_factor == 1 else f' x {res.tau_factor}'}, PEs {', '.join(model.pe)}")
    if args.explain:
        _explain(model)
    if args.string is not None:
        _side_by_side(res, args.explain)
    if res.check is not None:
        status = "all agree" if res.check["holds"] else f"FAILS, first at {res.check['failure']}"
        print(f"checked   {res.check['cases']} strings of length 1..{res.max_len} in {res.seconds:.2f} s: {status}")
        print(f"margin    min over rounding sites of 1/4 - radius: {res.check['margin']:.4f}")
        print(f"digest    {res.check['digest']}")
    return code


def _explain(model):
    for k, layer in enumerate(model.layers):
        for h in layer.heads:
            terms = " + ".join(f"{cf}*q[{q}]k[{kk}]" for q, kk, cf in h.terms) or "uniform"
            print(f"  layer {k} head  {h.out:10s} mask={h.mask:6s} score={terms}; value={h.value}  ({h.note})")
        for u in layer.units:
            print(f"  layer {k} unit  {', '.join(u.out):10s} {u.note or 'Boolean unit'}"
                  f"{' of ' + u.round if u.round else ''}")


def _side_by_side(res, explain: bool):
    from quarks.attention.run import soft_float

    print(f"{'i':>4} {'w_i':>3} {'formula':>7} {'hard':>5} {'soft (float)':>13} {'certified radius':>17}")
    for p in res.positions:
        print(f"{p['i']:>4} {p['symbol']:>3} {int(p['formula']):>7} {p['hard']:>5.0f} {p['soft']:>13.6f} {p['radius']:>17.3g}")
    if explain:
        names = res.model.info.get("subformulas", {})
        x = soft_float(res.model, res.string)
        for coord, text in names.items():
            vals = " ".join(f"{v:.3f}" for v in x[coord])
            print(f"  {coord:8s} {text:30s} {vals}")
    print("result    the softmax transformer equals the formula at every position (certified)" if res.certified
          else "result    NOT certified at every position")


def _certified(args, res) -> int:
    """The answer as a certificate of the claim explore.ltl: written to --out, printed with --json."""
    from quarks.cli import answer

    cert = res.certificate()
    if not args.json:
        print(f"formula   {res.formula}")
        print(f"result    {cert['summary']}")
    answer.emit(cert, args)
    return 0 if cert["data"]["answer"] == "agrees" else 1
