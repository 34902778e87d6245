"""Import a PyTorch attention transformer: a TransformerLens model or a ``state_dict`` in its parameter
names, with its config.  Both namings are read: TransformerLens 2-3's ``HookedTransformer``
(``embed.W_E``, ``blocks.0.attn.W_Q`` [heads, d_model, d_head], ...) and TransformerLens 4's
``TransformerBridge`` (``embed.weight``, ``blocks.0.attn.q.weight`` as torch Linear layers, ...; the
bridge TransformerLens 4 makes of a tracr model included).

Supported: token and learned absolute position embeddings, attention heads (W_Q, b_Q, W_K, b_K, W_V, b_V,
W_O, b_O; causal or bidirectional), ReLU MLPs or none (attn_only), an unembedding, no normalization.  The
scores are divided by the config's ``attn_scale`` (the float the implementation divides by: sqrt(d_head)
rounded to a double, exactly) when ``use_attn_scale``.  Anything else is refused with one line saying
what: layer norm and RMS norm (they divide by a norm: not a network of the engine's kind), rotary,
shortformer or ALiBi positions, activations other than ReLU, gated MLPs, grouped-query attention, local
attention, soft caps, parallel attention and MLP.
"""
from __future__ import annotations

from quarks.base.errors import UsageError
from quarks.transformers import weights as W


def _torch():
    from quarks.base.errors import need

    return need("torch", "torch", "importing a PyTorch model")


def _cfg(cfg) -> dict:
    return dict(cfg) if isinstance(cfg, dict) else {k: getattr(cfg, k) for k in dir(cfg) if not k.startswith("_")
                                                    and not callable(getattr(cfg, k, None))}


def unsupported(cfg: dict, keys) -> str | None:
    """What in a config or state_dict the engine cannot represent (None: nothing)."""
    norm = cfg.get("normalization_type")
    if norm not in (None, "None"):
        return f"normalization {norm} (layer norm divides by a norm; only networks without normalization import)"
    ln = sorted(k for k in keys if ".ln" in k or k.startswith("ln_final"))
    if ln:
        return f"layer norm parameters ({ln[0]}, ...)"
    pos = cfg.get("positional_embedding_type", "standard")
    if pos != "standard":
        return f"{pos} positional embeddings (only learned absolute position embeddings import)"
    act = cfg.get("act_fn") or "gelu"
    if not cfg.get("attn_only", False) and act != "relu":
        return f"activation {act} (only ReLU MLPs import)"
    for flag, what in (("gated_mlp", "gated MLPs"), ("use_local_attn", "local attention"),
                       ("parallel_attn_mlp", "parallel attention and MLP"), ("final_rms", "a final RMS norm")):
        if cfg.get(flag):
            return what
    if cfg.get("n_key_value_heads") not in (None, cfg.get("n_heads")):
        return "grouped-query attention (n_key_value_heads)"
    for cap in ("attn_scores_soft_cap", "output_logits_soft_cap"):
        if (cfg.get(cap) or -1) > 0:
            return f"{cap}"
    if cfg.get("attention_dir", "causal") not in ("causal", "bidirectional"):
        return f"attention_dir {cfg.get('attention_dir')}"
    return None


def from_state_dict(state_dict: dict, cfg, alphabet=None, bos=None, tokens=None) -> dict:
    """The quarks-weights/1 network of a state_dict in TransformerLens names and its config (a dict or a
    HookedTransformerConfig).  ``tokens``: a label per vocabulary entry (default "0", "1", ...);
    ``alphabet``: the tokens inputs are made of (default all but ``bos``); ``bos``: a token put first."""
    cfg = _cfg(cfg)
    sd = {k: v.detach().to("cpu").double().numpy() if hasattr(v, "detach") else v for k, v in state_dict.items()}
    problem = unsupported(cfg, sd.keys())
    if problem:
        raise UsageError(f"cannot import this model: {problem} is not supported")
    try:
        bridge = "embed.weight" in sd
        E, P = (sd["embed.weight"], sd["pos_embed.weight"]) if bridge else (sd["embed.W_E"], sd["pos_embed.W_pos"])
        d_vocab = E.shape[0]
        tokens = [str(t) for t in (tokens or range(d_vocab))]
        if len(tokens) != d_vocab:
            raise UsageError(f"{len(tokens)} token labels for a vocabulary of {d_vocab}")
        bos_label = None if bos is None else str(bos)
        alpha = [str(a) for a in (alphabet or [t for t in tokens if t != bos_label])]
        mask = "future" if cfg.get("attention_dir", "causal") == "causal" else "none"
        layers = []
        for li in range(int(cfg["n_layers"])):
            p = f"blocks.{li}."
            heads = _bridge_heads(sd, p, cfg) if bridge else [
                {k: sd[p + "attn." + k][h] for k in W.HEAD_KEYS if p + "attn." + k in sd} for h in range(sd[p + "attn.W_Q"].shape[0])]
            mlp = None
            if bridge and p + "mlp.in.weight" in sd:
                mlp = {"W_in": sd[p + "mlp.in.weight"].T, "b_in": sd.get(p + "mlp.in.bias"),
                       "W_out": sd[p + "mlp.out.weight"].T, "b_out": sd.get(p + "mlp.out.bias")}
            elif p + "mlp.W_in" in sd:
                mlp = {k: sd[p + "mlp." + k] for k in W.MLP_KEYS if p + "mlp." + k in sd}
            b_O = sd.get(p + ("attn.o.bias" if bridge else "attn.b_O"))
            layers.append({"attn": {"mask": mask, "heads": heads, "b_O": b_O}, "mlp": mlp})
        WU = sd["unembed.weight"].T if bridge else sd["unembed.W_U"]
        bU = sd.get("unembed.bias" if bridge else "unembed.b_U")
        out_labels = tokens if WU.shape[1] == d_vocab else [str(k) for k in range(WU.shape[1])]
        raw = {"format": W.FORMAT, "tokens": tokens, "alphabet": alpha, "bos": bos_label, "embed": E, "pos": P,
               "tau": _scale(cfg), "layers": layers,
               "readout": {"kind": "argmax", "W_U": WU, "b_U": bU, "labels": out_labels},
               "info": {"from": "transformer_lens", "cfg": {k: cfg.get(k) for k in (
                   "n_layers", "d_model", "d_head", "n_heads", "d_mlp", "d_vocab", "n_ctx", "act_fn", "attention_dir")}}}
    except KeyError as exc:
        raise UsageError(f"cannot import this model: the state_dict has no {exc.args[0]}") from None
    try:
        return W.canonical(raw)
    except ValueError as exc:
        raise UsageError(f"cannot import this model: {exc}") from None


def _scale(cfg: dict):
    """What the scores are divided by: attn_scale when set (> 0), else sqrt(d_head) as a double."""
    import math

    if not cfg.get("use_attn_scale", True):
        return 1
    scale = cfg.get("attn_scale")
    if scale is not None and scale > 0:
        return float(scale)
    return math.sqrt(int(cfg["d_head"]))


def _bridge_heads(sd: dict, p: str, cfg: dict) -> list:
    """The heads of a TransformerLens 4 bridge layer: torch Linear weights [out, in] split per head."""
    H, dh = int(cfg["n_heads"]), int(cfg["d_head"])
    heads = []
    for h in range(H):
        r = slice(h * dh, (h + 1) * dh)
        head = {f"W_{x}": sd[p + f"attn.{x.lower()}.weight"][r, :].T for x in "QKV"}
        head.update({f"b_{x}": sd[p + f"attn.{x.lower()}.bias"][r] for x in "QKV" if p + f"attn.{x.lower()}.bias" in sd})
        head["W_O"] = sd[p + "attn.o.weight"][:, r].T
        heads.append(head)
    return heads


def from_hooked(model, alphabet=None, bos=None, tokens=None) -> dict:
    """The quarks-weights/1 network of a TransformerLens HookedTransformer (2-3) or TransformerBridge (4)."""
    _torch()
    return from_state_dict(model.state_dict(), model.cfg, alphabet=alphabet, bos=bos, tokens=tokens)


def load_file(path) -> dict:
    """A ``.pt`` file holding ``{"cfg": dict, "state_dict": dict}`` (optionally ``tokens``, ``alphabet``,
    ``bos``), read with ``torch.load(weights_only=True)``."""
    torch = _torch()
    try:
        obj = torch.load(str(path), map_location="cpu", weights_only=True)
    except Exception as exc:  # noqa: BLE001 - any unreadable file: one line
        raise UsageError(f"{path}: not a PyTorch file torch.load can read safely ({type(exc).__name__})") from None
    if not isinstance(obj, dict) or "state_dict" not in obj or "cfg" not in obj:
        raise UsageError(f"{path}: expected a dict with 'cfg' and 'state_dict' (a bare state_dict has no config)")
    return from_state_dict(obj["state_dict"], obj["cfg"], obj.get("alphabet"), obj.get("bos"), obj.get("tokens"))
