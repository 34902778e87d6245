"""A compiled network as a TransformerLens ``HookedTransformer``, where the architecture fits.

The engine's layer is TransformerLens's block without normalization: heads added to the residual
stream, then a ReLU MLP (``normalization_type=None``, ``act_fn="relu"``, ``use_attn_scale=False``,
zero biases on Q, K, V, O).  Heads per layer, ``d_head`` and ``d_mlp`` are padded to the largest layer's
with zero weights (a zero head adds nothing); one more block computes Lemma 9's rounding
``clamp(2y - 1/2, 0, 1)`` of the output coordinate into one extra coordinate, which the unembedding
(``d_vocab_out = 1``) reads: the logits are the proved bits.  The temperature is folded into ``W_Q``.

What does not fit, and why:

* **one length per model**: TransformerLens's position embedding ``W_pos`` is a fixed ``[n_ctx, d_model]``
  table, and its attention has no per-input temperature, while quarks' embeddings (i/n, n, (-1)^i n, ...)
  and temperatures tau(n) depend on the input length n.  So :func:`to_lens` exports the network for
  one length n (``n_ctx = n``) and the model is the certified one on inputs of exactly that length.
* **past-masked heads** (X, U, #right, the last position, Proposition 11's past-masked uniform head):
  TransformerLens has one ``attention_dir`` for the whole model, "causal" (j <= i) or "bidirectional",
  and no head attending to j >= i only; a large negative score bias would not give softmax weight 0
  exactly.  So every network with a future operator or a count to the right does not fit.
* **mixed masks**: a network whose heads are partly future-masked and partly unmasked (the non-causal
  counting networks: the first-position head is future-masked, the sign and lookup heads unmasked)
  does not fit either, for the same reason.

So the past fragment fits (LTL[Y, S] in the variants causal and causal-temperature, past counting
formulas in causal-temperature), and so do the S-RASP programs (flip-flop, induction heads) and Dyck-k,
all future-masked; :func:`fits` says why a network does not.

TransformerLens 4.0 removed ``HookedTransformer`` (its ``TransformerBridge`` wraps Hugging Face models), so the
``transformer-lens`` extra asks for a 3.x release (3.9.0 here), where it is deprecated but present.
"""
from __future__ import annotations

import warnings
from fractions import Fraction

import numpy as np
import torch

from quarks.attention.model import pe_value
from quarks.certify import weights as layout
from quarks.transformers.source import Compiled


class DoesNotFit(ValueError):
    """A network TransformerLens's HookedTransformer cannot express exactly (the reason in the message)."""


def fits(compiled: Compiled) -> str | None:
    """None when the network fits a HookedTransformer; else why not (one line)."""
    masks = {h.mask for layer in compiled.model.layers for h in layer.heads}
    if "past" in masks:
        return ("it has past-masked heads (j >= i: a future operator X, U, #right or the last position); "
                "TransformerLens masks every head alike, causal (j <= i) or not at all")
    if len(masks) > 1:
        return ("its heads mix the future mask and no mask; TransformerLens has one attention_dir for the whole "
                "model")
    return None


def to_lens(compiled: Compiled, n: int):
    """The network as a float64 HookedTransformer for inputs of length exactly n (see the module docstring);
    DoesNotFit for a network TransformerLens cannot express."""
    from transformer_lens import HookedTransformer, HookedTransformerConfig

    why = fits(compiled)
    if why:
        raise DoesNotFit(f"does not fit TransformerLens: {why}")
    compiled.require(n)
    network = compiled.model.to_dict()
    arrays = layout.tensors(network)
    coords = layout.coordinates(network)
    d, L = len(coords), len(compiled.model.layers)
    blocks = [{k[len(f"blocks.{l}."):]: v for k, v in arrays.items() if k.startswith(f"blocks.{l}.")} for l in range(L)]
    H = max([b["W_Q"].shape[0] for b in blocks] + [1])
    e = max([b["W_Q"].shape[2] for b in blocks] + [1])
    m = max([b["W_in"].shape[1] for b in blocks] + [2])
    masks = {h.mask for layer in compiled.model.layers for h in layer.heads} or {"future"}
    cfg = HookedTransformerConfig(
        n_layers=L + 1, d_model=d + 1, n_ctx=n, d_head=e, n_heads=H, d_mlp=m, d_vocab=len(compiled.model.alphabet),
        d_vocab_out=1, act_fn="relu", normalization_type=None, attention_dir="causal" if masks == {"future"} else "bidirectional",
        use_attn_scale=False, positional_embedding_type="standard", dtype=torch.float64, default_prepend_bos=False,
        original_architecture="quarks", model_name=f"quarks:{compiled.network}", seed=0)
    with warnings.catch_warnings():   # "HookedTransformer is deprecated": it is, in 3.x; the extra pins < 4
        warnings.simplefilter("ignore", DeprecationWarning)
        model = HookedTransformer(cfg)
    params = {k for k, _ in model.named_parameters()}   # buffers (the causal mask, IGNORE = -inf) stay as they are
    sd = {k: torch.zeros_like(v) if k in params else v for k, v in model.state_dict().items()}

    def put(name: str, array) -> None:
        t = torch.as_tensor(np.asarray(array), dtype=torch.float64)
        sd[name][tuple(slice(0, s) for s in t.shape)] = t

    put("embed.W_E", arrays["W_E"])
    pe = np.zeros((n, d))
    for c, spec in compiled.model.pe.items():
        pe[:, coords.index(c)] = [float(pe_value(spec, i, n)) for i in range(1, n + 1)]
    put("pos_embed.W_pos", pe)
    taus = compiled.temperature(n)
    t = 0
    for l, b in enumerate(blocks):
        heads = b["W_Q"].shape[0]
        inv = np.array([float(1 / Fraction(x)) for x in taus[t:t + heads]]).reshape(heads, 1, 1)
        t += heads
        put(f"blocks.{l}.attn.W_Q", b["W_Q"] * inv)
        put(f"blocks.{l}.attn.W_K", b["W_K"])
        put(f"blocks.{l}.attn.W_V", b["W_V"][:, :, None])
        put(f"blocks.{l}.attn.W_O", b["W_O"][:, None, :])
        put(f"blocks.{l}.mlp.W_in", b["W_in"])
        put(f"blocks.{l}.mlp.b_in", b["b_in"])
        put(f"blocks.{l}.mlp.W_out", b["W_out"])
        put(f"blocks.{l}.mlp.b_out", b["b_out"])
    # the rounding block: ReLU(2y - 1/2) - ReLU(2y - 3/2) into the extra coordinate d
    y = coords.index(compiled.model.output)
    w_in = np.zeros((d + 1, 2))
    w_in[y] = [2.0, 2.0]
    w_out = np.zeros((2, d + 1))
    w_out[:, d] = [1.0, -1.0]
    put(f"blocks.{L}.mlp.W_in", w_in)
    put(f"blocks.{L}.mlp.b_in", [-0.5, -1.5])
    put(f"blocks.{L}.mlp.W_out", w_out)
    w_u = np.zeros((d + 1, 1))
    w_u[d, 0] = 1.0
    put("unembed.W_U", w_u)
    model.load_state_dict(sd, strict=True)
    model.eval()
    return model
