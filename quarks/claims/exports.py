"""The export of a compiled network to PyTorch as a question claim: ``quarks export-torch --out``.

An instance is a source program (quarks.transformers.source: a formula with its alphabet and variant,
or a program with its lengths); the answer is the sha256 of the float64 tensors of the network quarks
compiles from it (quarks.certify.weights: the exported module's ``state_dict``), with the claim and
Coq theorem that network realizes and its temperatures.  ``check-cert`` compiles the source again (the
re-derivation: another network, temperature, claim or theorem is rejected) and lays the recorded network
out again to recompute the sha256 (the ``weights`` kind, a pure function of the record).  No torch is
needed to write or check the certificate.
"""
from __future__ import annotations

from quarks.claims.claim import Claim, Source, decide

SOURCE = "quarks (exploration)"


def export_check(inst: dict):
    """The sha256 of the export's tensors, the network, claim, theorem and temperatures of the source."""
    from quarks.certify.weights import record
    from quarks.transformers.source import compile_source

    compiled = compile_source(dict(inst))
    rec = record(compiled.model.to_dict())
    info = compiled.export_info()
    lengths = "every length n >= 1" if compiled.lengths is None else (
        f"length {compiled.lengths[0]}" if len(compiled.lengths) == 1 else
        f"lengths {compiled.lengths[0]}..{compiled.lengths[-1]}")
    text = (f"the {compiled.network} network of {_show(inst)} ({len(compiled.model.layers)} layers, "
            f"{len(rec['shapes'])} tensors) for {lengths} has float64 tensors of sha256 {rec['sha256']}; "
            f"it realizes {compiled.claim} ({compiled.theorem})")
    return decide([rec], text, answer=rec["sha256"], sha256=rec["sha256"], realizes=compiled.claim,
                  coq=compiled.theorem, network=compiled.network, lengths=info["lengths"],
                  temperatures=info["temperatures"], notes=info["notes"])


def _show(inst: dict) -> str:
    if "formula" in inst:
        return f"{inst['formula']} over {inst['alphabet']} ({inst['variant']})"
    return f"{inst['program']} ({', '.join(f'{k} = {v}' for k, v in inst.items() if k != 'program')})"


def _domain(inst: dict) -> bool:
    """A source quarks compiles, in its canonical spelling (formulas as quarks.ltl.syntax.show writes them)."""
    from quarks.base.errors import UsageError
    from quarks.transformers.source import compile_source

    try:
        return compile_source(dict(inst)).source == inst
    except UsageError:
        return False


export_claim = Claim(
    id="explore.export-torch", source=Source(SOURCE, "export-torch"),
    statement="The float64 tensors of the PyTorch export (quarks.transformers.to_torch) of the network quarks "
              "compiles from the source program of the instance have the recorded sha256, and that network, at "
              "the recorded temperatures, is the one of the recorded claim and Coq theorem",
    latex=r"\mathrm{sha256}(\mathrm{tensors}(\mathrm{compile}(P)))", kind="exploration",
    instances={"quick": [{"formula": "(!b S a)", "alphabet": "ab", "variant": "temperature"}],
               "full": [{"program": "flipflop", "max_len": 4},
                        {"formula": "ODD(#left[a])", "alphabet": "ab", "variant": "causal-temperature"},
                        {"program": "dyck2", "n": 4}]},
    check=export_check, domain=_domain,
    note="the question of `quarks export-torch`; its --out certificate is an instance",
)
