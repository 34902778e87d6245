"""A compiled network as a ``torch.nn.Module`` in float64, at its certified temperature, with the rounding step.

:class:`CompiledTransformer` runs the softmax model of a quarks network (:mod:`quarks.attention.model`)
on a batch of token indices ``[B, n]``: one-hot letters plus the position embeddings of length n (exact
expressions in i and n, evaluated exactly, then rounded to float64), then per layer every head
``x_i += W_O sum_j softmax_j((x_i W_Q) . (x_j W_K) / tau(n)) (x_j . W_V)`` under its mask (future:
j <= i, past: j >= i, none), then the ReLU units ``x += ReLU(x W_in + b_in) W_out + b_out``; the output
coordinate ``y = x . W_U`` is rounded by Lemma 9, ``clamp(2y - 1/2, 0, 1)``, which is exactly the
proved bit wherever the softmax output lies within 1/4 of it (what the certified temperature gives).
Its ``state_dict`` is the layout of :mod:`quarks.certify.weights` (same names, shapes and values), so
its sha256 is the one the export's certificate records.

``forward`` returns the rounded output [B, n]; :meth:`CompiledTransformer.stream` the whole residual
stream [B, n, d] before rounding, :meth:`CompiledTransformer.output` the output coordinate.
"""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import torch
from torch import nn

from quarks.attention.model import pe_value
from quarks.base.exact import evaluate
from quarks.certify import weights as layout
from quarks.transformers.source import Compiled, compile_source

FORMAT = "quarks-torch/1"


class Block(nn.Module):
    """One layer: its heads (W_Q, W_K [H, d, e], W_V, W_O [H, d]) and its ReLU units (W_in, b_in, W_out, b_out)."""

    def __init__(self, arrays: dict, prefix: str):
        super().__init__()
        for name in ("W_Q", "W_K", "W_V", "W_O", "W_in", "b_in", "W_out", "b_out"):
            setattr(self, name, nn.Parameter(torch.from_numpy(arrays[prefix + name].copy()), requires_grad=False))

    def forward(self, x: torch.Tensor, masks: torch.Tensor, inv_tau: torch.Tensor) -> torch.Tensor:
        if self.W_Q.shape[0]:
            q = torch.einsum("bnd,hde->bhne", x, self.W_Q)
            k = torch.einsum("bnd,hde->bhne", x, self.W_K)
            s = torch.einsum("bhie,bhje->bhij", q, k) * inv_tau[None, :, None, None]
            s = s.masked_fill(~masks[None], float("-inf"))
            a = torch.softmax(s, dim=-1)
            v = torch.einsum("bnd,hd->bhn", x, self.W_V)
            x = x + torch.einsum("bhi,hd->bid", torch.einsum("bhij,bhj->bhi", a, v), self.W_O)
        if self.W_in.shape[1]:
            x = x + torch.relu(x @ self.W_in + self.b_in) @ self.W_out + self.b_out
        else:
            x = x + self.b_out
        return x


class CompiledTransformer(nn.Module):
    """The softmax transformer of a quarks network (see the module docstring); ``config`` (JSON) holds
    what is not a tensor: alphabet, coordinates, position embeddings, masks, temperatures, the export's
    source, claim and theorem."""

    def __init__(self, config: dict, arrays: dict):
        super().__init__()
        self.config = config
        self.W_E = nn.Parameter(torch.from_numpy(arrays["W_E"].copy()), requires_grad=False)
        self.blocks = nn.ModuleList(Block(arrays, f"blocks.{l}.") for l in range(len(config["masks"])))
        self.W_U = nn.Parameter(torch.from_numpy(arrays["W_U"].copy()), requires_grad=False)
        self._pe_index = [config["coords"].index(c) for c in config["pe"]]

    @property
    def alphabet(self) -> list:
        return list(self.config["alphabet"])

    def lengths_ok(self, n: int) -> None:
        lengths = self.config["lengths"]
        if n < 1 or (lengths is not None and n not in lengths):
            raise ValueError(f"length {n}: this export is certified for "
                             f"{'every n >= 1' if lengths is None else 'lengths ' + ', '.join(map(str, lengths))}")

    def taus(self, n: int) -> list:
        """Every head's temperature at length n (exact), per layer."""
        table = self.config["temperatures"]
        out = []
        for specs in self.config["tau"]:
            if table is not None:
                out.append([Fraction(table[str(n)]) if s is not None else Fraction(1) for s in specs])
            else:
                out.append([Fraction(evaluate(s, {"n": n})) if s is not None else Fraction(1) for s in specs])
        return out

    def embed(self, tokens: torch.Tensor) -> torch.Tensor:
        """The initial stream [B, n, d]: one-hot letters and the position embeddings of length n."""
        n = tokens.shape[1]
        x = self.W_E[tokens]
        if self._pe_index:
            pe = torch.tensor([[float(pe_value(spec, i, n)) for spec in self.config["pe"].values()] for i in range(1, n + 1)],
                              dtype=torch.float64)
            x = x.clone()
            x[:, :, self._pe_index] = x[:, :, self._pe_index] + pe[None]
        return x

    def stream(self, tokens: torch.Tensor) -> torch.Tensor:
        """The residual stream after the last layer [B, n, d] (float64)."""
        if tokens.dim() != 2:
            raise ValueError("tokens are a [batch, length] tensor of letter indices")
        n = tokens.shape[1]
        self.lengths_ok(n)
        x = self.embed(tokens)
        tri = torch.ones(n, n, dtype=torch.bool).tril()
        by_mask = {"future": tri, "past": tri.T, "none": torch.ones(n, n, dtype=torch.bool)}
        for block, masks, taus in zip(self.blocks, self.config["masks"], self.taus(n)):
            m = torch.stack([by_mask[k] for k in masks]) if masks else torch.zeros(0, n, n, dtype=torch.bool)
            inv = torch.tensor([float(1 / t) for t in taus], dtype=torch.float64)
            x = block(x, m, inv)
        return x

    def output(self, tokens: torch.Tensor) -> torch.Tensor:
        """The output coordinate before rounding [B, n]."""
        return self.stream(tokens) @ self.W_U

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        """Lemma 9's rounding of the output coordinate, clamp(2y - 1/2, 0, 1) [B, n]: the proved bits."""
        y = self.output(tokens)
        return torch.relu(2 * y - 0.5) - torch.relu(2 * y - 1.5)

    def encode(self, words) -> torch.Tensor:
        """Words (strings of letters, all of one length) as a [B, n] tensor of letter indices."""
        alphabet = self.alphabet
        rows = []
        for w in words:
            bad = set(w) - set(alphabet)
            if bad:
                raise ValueError(f"letters {''.join(sorted(bad))} are not in the alphabet {''.join(alphabet)}")
            rows.append([alphabet.index(a) for a in w])
        return torch.tensor(rows, dtype=torch.long)


def config_of(compiled: Compiled, network: dict) -> dict:
    """The JSON part of an export: what the module needs besides its tensors."""
    heads = [layer.heads for layer in compiled.model.layers]
    return {"format": FORMAT, "alphabet": list(compiled.model.alphabet), "coords": layout.coordinates(network),
            "pe": dict(compiled.model.pe), "output": compiled.model.output,
            "masks": [[h.mask for h in hs] for hs in heads],
            "tau": [[None if h.uniform() else h.tau for h in hs] for hs in heads],
            "temperatures": None if compiled.temperatures is None else {str(n): str(t) for n, t in compiled.temperatures.items()},
            "lengths": None if compiled.lengths is None else list(compiled.lengths),
            "export": compiled.export_info()}


def to_torch(compiled: Compiled) -> CompiledTransformer:
    """The compiled network as a torch module (float64, its certified temperature, the rounding step)."""
    network = compiled.model.to_dict()
    arrays = layout.tensors(network)
    module = CompiledTransformer(config_of(compiled, network), arrays)
    module.config["sha256"] = layout.sha256(arrays)
    return module


def export(source: dict) -> CompiledTransformer:
    """The torch module of a source program (quarks.transformers.source)."""
    return to_torch(compile_source(source))


def sha256(module: nn.Module) -> str:
    """The sha256 of a module's float64 state_dict in the layout's byte form (quarks.certify.weights.sha256)."""
    return layout.sha256({k: v.detach().cpu().numpy() for k, v in module.state_dict().items()})


def save(module: CompiledTransformer, path) -> Path:
    """Write the module's config and state_dict with torch.save (no pickled code); returns the path."""
    import io

    from quarks.base.fileio import atomic_write

    buf = io.BytesIO()
    torch.save({"format": FORMAT, "config": json.dumps(module.config), "state_dict": module.state_dict()}, buf)
    atomic_write(Path(path), buf.getvalue())
    return Path(path)


def load(path) -> CompiledTransformer:
    """A module written by :func:`save` (read with weights_only=True: tensors and plain data only)."""
    doc = torch.load(path, weights_only=True)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    config = json.loads(doc["config"])
    arrays = {k: v.numpy() for k, v in doc["state_dict"].items()}
    return CompiledTransformer(config, arrays)
