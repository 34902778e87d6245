"""``quarks export-torch``: a compiled network as a float64 torch module (and a TransformerLens model).

Exit codes: 0 written (and, with --check-up-to, the export agrees with the proved semantics on every
word checked); 1 the export disagrees somewhere (the first word is printed); 2 bad input, torch or
transformer_lens not installed, or a network that does not fit TransformerLens (one line each).
"""
from __future__ import annotations

import json
import sys

from quarks.base.errors import UsageError


def add_parser(sub, verb):
    p = sub.add_parser(
        verb,
        help="export a compiled network to PyTorch (and TransformerLens)",
        description="Export a network quarks compiles (a TL[#] formula: LTL past and future, counting; the "
                    "S-RASP programs flipflop, induction, induction2; Dyck: dyck1, dyck2) as a float64 "
                    "torch.nn.Module at its certified temperature with Lemma 9's rounding step, optionally as a "
                    "TransformerLens HookedTransformer for one length, and write the export's certificate "
                    "(sha256 of the tensors, the claim and Coq theorem it realizes). Exit codes: 0 written "
                    "(and agrees), 1 disagrees with the proved semantics, 2 bad input or torch missing.",
    )
    p.add_argument("program", help="a formula ('!b S a', 'ODD(#left[a])') or flipflop, induction, induction2, dyck1, dyck2")
    p.add_argument("--alphabet", help="a formula's letters (default: those of the formula)")
    p.add_argument("--variant", default="temperature", choices=["temperature", "unbounded", "causal-temperature", "causal"],
                   help="a formula's construction (default temperature: tau(n) = 1/(2n))")
    p.add_argument("--length", type=int, metavar="N",
                   help="flipflop, induction, induction2: lengths 1..N; dyck1, dyck2: length N (the width grows with N)")
    p.add_argument("--out", metavar="F.pt", help="write the torch module (quarks.transformers.to_torch.load reads it)")
    p.add_argument("--lens", type=int, metavar="N", help="also build the TransformerLens HookedTransformer for length N")
    p.add_argument("--lens-out", metavar="F.pt", help="write the HookedTransformer's cfg and state_dict")
    p.add_argument("--check-up-to", type=int, metavar="N",
                   help="run the export on every word up to length N against the proved semantics")
    p.add_argument("--cert", metavar="FILE", help="write the export's certificate (quarks check-cert FILE)")
    p.add_argument("--json", action="store_true", help="print the export's description and checks as JSON")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from quarks import api
    from quarks.cli import paths

    for option in ("out", "lens_out", "cert"):
        if getattr(args, option):
            paths.output_file(getattr(args, option), "--" + option.replace("_", "-"))
    if args.lens_out and args.lens is None:
        raise UsageError("--lens-out writes the HookedTransformer: give --lens N")
    for option in ("length", "lens", "check_up_to"):
        v = getattr(args, option)
        if v is not None and not 1 <= v <= 12:
            raise UsageError(f"--{option.replace('_', '-')} must be between 1 and 12, not {v}")
    done = api.export_torch(args.program, alphabet=args.alphabet, variant=args.variant, length=args.length,
                            out=args.out, lens=args.lens, lens_out=args.lens_out, check_up_to=args.check_up_to,
                            cert=args.cert)
    checks = [c for c in (done.check, done.lens_check) if c is not None]
    agrees = all(c["agrees"] for c in checks)
    if args.json:
        print(json.dumps(done.as_dict(), sort_keys=True))
        return 0 if agrees else 1
    info = done.compiled.export_info()
    say = print
    say(f"source    {json.dumps(info['source'], sort_keys=True)}")
    say(f"network   {info['network']}, {len(done.compiled.model.layers)} layers; realizes {info['claim']} ({info['theorem']})")
    say(f"sha256    {done.sha256}")
    if done.module is None:
        say("torch     not built (--cert alone needs no torch)")
    if args.out:
        say(f"module    written to {args.out}")
    if done.lens is not None:
        say(f"lens      HookedTransformer for length {done.lens_length}" + (f", written to {args.lens_out}" if args.lens_out else ""))
    for name, c in (("module", done.check), ("lens", done.lens_check)):
        if c is not None:
            status = "agrees with the proved semantics" if c["agrees"] else f"DISAGREES, first at {c['first_disagreement']}"
            say(f"checked   {name}: {c['cases']} words: {status}")
    if args.cert:
        print(f"certificate written to {args.cert}", file=sys.stdout)
    return 0 if agrees else 1
