"""``quarks export-torch``: a source program to a torch module file (and a TransformerLens model), its
check against the proved semantics, and its certificate.

torch and transformer_lens are optional (the ``torch`` and ``transformer-lens`` extras): without them
:func:`missing` names what is absent, and everything else (the source, the network, the certificate)
still works.
"""
from __future__ import annotations

import importlib
import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from quarks.base.errors import UsageError
from quarks.transformers.source import DYCK, LENGTH_PROGRAMS, Compiled, compile_source

LENS_FORMAT = "quarks-lens/1"
MAX_WORDS = 200_000   # words a check runs (quarks ltl --check-up-to's bound)


def missing(module: str) -> str | None:
    """None when ``module`` can be imported; else the one-line reason an export needing it is not available."""
    try:
        importlib.import_module(module)
        return None
    except ImportError:
        pass
    extra = {"torch": "torch", "transformer_lens": "transformer-lens"}[module]
    return f"not available ({module} not installed): pip install torch==2.13.0 'quarks[{extra}]'"


def source_of(program: str, alphabet: str | None = None, variant: str = "temperature", length: int | None = None) -> dict:
    """The source a command line names: a program (flipflop, induction, induction2 with lengths 1..length;
    dyck1, dyck2 for one length) or a formula (its alphabet: the letters given, else its own)."""
    if program in LENGTH_PROGRAMS + DYCK:
        if length is None:
            raise UsageError(f"{program}: give the length (--length N)")
        return {"program": program, ("max_len" if program in LENGTH_PROGRAMS else "n"): length}
    from quarks.ltl.syntax import parse, show, symbols

    try:
        f = parse(program)
    except ValueError as exc:
        raise UsageError(f"not a program (flipflop, induction, induction2, dyck1, dyck2) nor a formula: {exc}") from None
    return {"formula": show(f), "alphabet": alphabet or "".join(sorted(symbols(f))), "variant": variant}


def words(alphabet, n: int):
    return ["".join(w) for w in itertools.product(alphabet, repeat=n)]


def check_module(module, compiled: Compiled, max_len: int, batch: int = 4096) -> dict:
    """Run the torch module on every word of every length <= max_len it is certified for and compare its
    (rounded) output with the proved semantics: cases, agrees, the first disagreeing word."""
    cases, first = 0, None
    for n in range(1, max_len + 1):
        if compiled.lengths is not None and n not in compiled.lengths:
            continue
        ws = words(compiled.model.alphabet, n)
        for k in range(0, len(ws), batch):
            chunk = ws[k:k + batch]
            out = module(module.encode(chunk)).tolist()
            for w, row in zip(chunk, out):
                cases += 1
                if first is None and row != [float(v) for v in compiled.reference(w)]:
                    first = {"word": w, "module": row, "reference": compiled.reference(w)}
    return {"cases": cases, "agrees": first is None, "first_disagreement": first}


def check_lens(model, compiled: Compiled, n: int) -> dict:
    """The same for a HookedTransformer of length n on every word of length n (its logits are the bits)."""
    import torch

    ws = words(compiled.model.alphabet, n)
    toks = torch.tensor([[compiled.model.alphabet.index(a) for a in w] for w in ws], dtype=torch.long)
    with torch.no_grad():
        out = model(toks)[..., 0].tolist()
    first = next(({"word": w, "lens": row, "reference": compiled.reference(w)} for w, row in zip(ws, out)
                  if row != [float(v) for v in compiled.reference(w)]), None)
    return {"cases": len(ws), "agrees": first is None, "first_disagreement": first}


def save_lens(model, path) -> Path:
    """A HookedTransformer's config and state_dict with torch.save (load: HookedTransformer(cfg), load_state_dict)."""
    import io

    import torch

    from quarks.base.fileio import atomic_write

    cfg = {k: v for k, v in model.cfg.to_dict().items() if isinstance(v, (int, float, str, bool, type(None)))}
    buf = io.BytesIO()
    torch.save({"format": LENS_FORMAT, "cfg": cfg, "state_dict": model.state_dict()}, buf)
    atomic_write(Path(path), buf.getvalue())
    return Path(path)


@dataclass
class Exported:
    """An export: the compiled network, the torch module (None without torch), its sha256, the
    TransformerLens model (when asked for and it fits), checks run, and the certificate."""

    compiled: Compiled
    module: Any = None
    sha256: str = ""
    lens: Any = None
    lens_length: int | None = None
    check: dict | None = None
    lens_check: dict | None = None
    certificate: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        out = {**self.compiled.export_info(), "sha256": self.sha256, "layers": len(self.compiled.model.layers)}
        if self.lens_length is not None:
            out["lens_length"] = self.lens_length
        if self.check is not None:
            out["check"] = self.check
        if self.lens_check is not None:
            out["lens_check"] = self.lens_check
        return out


def export(source: dict, torch_module: bool = True, lens_length: int | None = None, check_up_to: int | None = None) -> Exported:
    """Compile the source, build the torch module (``torch_module``) and the HookedTransformer of one length
    (``lens_length``), run the checks asked for (the certificate is quarks.api.export_torch's).  UsageError
    for a source quarks does not compile, a missing torch, a network that does not fit."""
    from quarks.certify.weights import sha256, tensors

    compiled = compile_source(source)
    if check_up_to is not None:
        k = len(compiled.model.alphabet)
        if check_up_to < 1 or sum(k ** n for n in range(1, check_up_to + 1)) > MAX_WORDS:
            raise UsageError(f"the length to check up to must be between 1 and the length where {MAX_WORDS:,} words "
                             f"are reached ({k} letters)")
    ex = Exported(compiled)
    if torch_module or check_up_to is not None or lens_length is not None:
        why = missing("torch")
        if why:
            raise UsageError(why)
        from quarks.transformers import to_torch

        ex.module = to_torch.to_torch(compiled)
        ex.sha256 = to_torch.sha256(ex.module)
        if check_up_to is not None:
            ex.check = check_module(ex.module, compiled, check_up_to)
    if lens_length is not None:
        why = missing("transformer_lens")
        if why:
            raise UsageError(why)
        from quarks.transformers import to_lens

        reason = to_lens.fits(compiled)
        if reason:
            raise UsageError(f"does not fit TransformerLens: {reason}")
        try:
            compiled.require(lens_length)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        ex.lens, ex.lens_length = to_lens.to_lens(compiled, lens_length), lens_length
        if check_up_to is not None:
            ex.lens_check = check_lens(ex.lens, compiled, lens_length)
    expected = sha256(tensors(compiled.model.to_dict()))
    if ex.sha256 and ex.sha256 != expected:
        raise RuntimeError("the torch module's tensors are not the layout's (quarks.certify.weights)")
    ex.sha256 = expected
    return ex
