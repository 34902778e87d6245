"""Import a tracr model (RASP compiled to a JAX/Haiku transformer) into the quarks-weights/1 format.

tracr's ``AssembledTransformerModel`` has a token and a position embedding, per layer one multi-head
attention block (no normalization; ``causal`` or not) and one ReLU MLP, and reads its output from the
residual coordinates of the program's output (argmax for a categorical program, the one coordinate for a
numerical one).  Its attention divides the scores by ``np.sqrt(key_size)`` in float32: that double is the
imported model's own temperature, exactly.  Heads and MLPs whose weights are all zero (tracr pads every
layer to the same number of heads) are left out: they add nothing.

:func:`library` compiles one of tracr's library programs with a small vocabulary and returns the network
and the RASP program's own evaluation (per position, None where the program leaves it undefined).
"""
from __future__ import annotations

from quarks.base.errors import UsageError
from quarks.transformers import weights as W


def _need():
    from quarks.base.errors import need

    need("tracr", "tracr", "importing a tracr model")
    import numpy as np

    return np


def from_assembled(model, output: str | None = None) -> dict:
    """The quarks-weights/1 network of a compiled tracr model; ``output``: the label of the program's
    output SOp (found from the residual labels when not given)."""
    np = _need()
    cfg = model.model_config
    if getattr(cfg, "layer_norm", False):
        raise UsageError("cannot import this tracr model: layer norm is not supported (compile it without)")
    act = getattr(cfg.activation_function, "__name__", str(cfg.activation_function))
    if act != "relu":
        raise UsageError(f"cannot import this tracr model: activation {act} is not supported (ReLU only)")
    params = {k: {p: np.asarray(v, dtype=np.float64) for p, v in d.items()} for k, d in model.params.items()}
    enc = model.input_encoder
    tokens = [str(v) for v, _ in sorted(enc.encoding_map.items(), key=lambda kv: kv[1])]
    bos = str(enc.bos_token) if enc.bos_token is not None else None
    pad = str(enc.pad_token) if enc.pad_token is not None else None
    alphabet = [t for t in tokens if t not in (bos, pad)]
    labels = list(model.residual_labels)
    H, key_size = cfg.num_heads, cfg.key_size
    layers = []
    for li in range(cfg.num_layers):
        p = f"transformer/layer_{li}/"
        heads = []
        q, k, v, o = (params[p + "attn/" + n] for n in ("query", "key", "value", "linear"))
        for h in range(H):
            cols = slice(h * key_size, (h + 1) * key_size)
            head = {"W_Q": q["w"][:, cols], "b_Q": q["b"][cols], "W_K": k["w"][:, cols], "b_K": k["b"][cols],
                    "W_V": v["w"][:, cols], "b_V": v["b"][cols], "W_O": o["w"][cols, :]}
            if np.any(head["W_V"] @ head["W_O"]) or np.any(head["b_V"] @ head["W_O"]):
                heads.append(head)
        m1, m2 = params[p + "mlp/linear_1"], params[p + "mlp/linear_2"]
        live = np.flatnonzero(np.any(m1["w"] != 0, axis=0) | (m1["b"] != 0))
        mlp = None
        if live.size and (np.any(m2["w"][live]) or np.any(m2["b"])):
            mlp = {"W_in": m1["w"][:, live], "b_in": m1["b"][live], "W_out": m2["w"][live, :], "b_out": m2["b"]}
        layers.append({"attn": {"mask": "future" if cfg.causal else "none", "heads": heads, "b_O": o["b"]} if heads else None,
                       "mlp": mlp})
    readout = _readout(model, labels, output, np)
    tau = float(np.sqrt(key_size).astype(np.float32))
    raw = {"format": W.FORMAT, "tokens": tokens, "alphabet": alphabet, "bos": bos,
           "embed": params["token_embed"]["embeddings"], "pos": params["pos_embed"]["embeddings"], "tau": tau,
           "layers": layers, "readout": readout, "labels": labels,
           "info": {"from": "tracr", "num_layers": cfg.num_layers, "num_heads": H, "key_size": key_size,
                    "mlp_hidden_size": cfg.mlp_hidden_size, "causal": bool(cfg.causal),
                    "max_seq_len": len(params["pos_embed"]["embeddings"]) - (1 if bos else 0)}}
    try:
        return W.canonical(raw)
    except ValueError as exc:
        raise UsageError(f"cannot import this tracr model: {exc}") from None


def _readout(model, labels: list, output, np) -> dict:
    """W_U: the projection onto the output space (argmax over its values, in the encoder's order), or
    the one numerical output coordinate."""
    dec = getattr(model.output_encoder, "encoding_map", None)
    d = len(labels)
    if dec is None:   # numerical output: the coordinate named by the output label
        names = [output] if output else [lab for lab in labels if ":" not in lab and lab != "one"]
        if output is None and len(names) != 1:
            raise UsageError("cannot tell the output coordinate of this numerical tracr model: pass output=<label of the program>")
        WU = np.zeros((d, 1))
        WU[labels.index(names[0]), 0] = 1
        return {"kind": "numeric", "W_U": WU, "labels": [names[0]]}
    values = [v for v, _ in sorted(dec.items(), key=lambda kv: kv[1])]
    names = [output] if output else sorted({lab.rsplit(":", 1)[0] for lab in labels if ":" in lab})
    fits = [n for n in names if all(f"{n}:{v}" in labels for v in values)]
    fits = [n for n in fits if n not in ("tokens", "indices")] or fits
    if len(fits) != 1:
        raise UsageError("cannot tell the output coordinates of this tracr model: pass output=<label of the program>")
    WU = np.zeros((d, len(values)))
    for kk, v in enumerate(values):
        WU[labels.index(f"{fits[0]}:{v}"), kk] = 1
    return {"kind": "argmax", "W_U": WU, "labels": [str(v) for v in values]}


# --- tracr's library programs --------------------------------------------------------------------

PROGRAMS = ("length", "frac_prevs", "hist", "sort_unique", "sort", "pair_balance", "shuffle_dyck")


def program(name: str, max_seq_len: int):
    """(RASP program, vocabulary, whether inputs must have distinct tokens) of a tracr library program."""
    from tracr.compiler import lib
    from tracr.rasp import rasp

    if name == "length":
        return lib.make_length(), {"a", "b", "c"}, False
    if name == "frac_prevs":
        return lib.make_frac_prevs(rasp.tokens == "x"), {"x", "y"}, False
    if name == "hist":
        return lib.make_hist(), {"a", "b", "c"}, False
    if name == "sort_unique":
        return lib.make_sort_unique(rasp.tokens, rasp.tokens), {1, 2, 3, 4}, True
    if name == "sort":
        return lib.make_sort(rasp.tokens, rasp.tokens, max_seq_len=max_seq_len, min_key=1), {1, 2, 3}, False
    if name == "pair_balance":
        return lib.make_pair_balance(rasp.tokens, "(", ")"), {"(", ")"}, False
    if name == "shuffle_dyck":
        return lib.make_shuffle_dyck(["()", "{}"]), {"(", ")", "{", "}"}, False
    raise UsageError(f"unknown tracr library program {name!r} (known: {', '.join(PROGRAMS)})")


def compile_program(name: str, max_seq_len: int):
    """(tracr model, RASP program, vocabulary, distinct) of a library program, compiled now (~8 s)."""
    _need()
    from tracr.compiler import compiling

    prog, vocab, distinct = program(name, max_seq_len)
    model = compiling.compile_rasp_to_model(prog, vocab=vocab, max_seq_len=max_seq_len, compiler_bos="BOS")
    return model, prog, vocab, distinct


def evaluator(prog, vocab, distinct: bool):
    """word (token labels) -> the RASP program's outputs per position (None: undefined there)."""
    from tracr.rasp import rasp

    by_label = {str(v): v for v in vocab}

    def run(word):
        values = [by_label[a] for a in word]
        if distinct and len(set(values)) != len(values):
            return [None] * len(values)
        out = rasp.evaluate(prog, values)
        return [v if v is None or isinstance(v, (int, float)) else str(v) for v in out]   # bools stay bools (1, 0)

    return run


def library(spec: str):
    """``tracr:PROGRAM:MAX_SEQ_LEN`` -> (network, program evaluator)."""
    parts = spec.split(":")
    if len(parts) != 3 or parts[0] != "tracr" or not parts[2].isdigit() or not 1 <= int(parts[2]) <= 64:
        raise UsageError(f"{spec}: expected tracr:PROGRAM:MAX_SEQ_LEN (PROGRAM one of {', '.join(PROGRAMS)}, MAX_SEQ_LEN 1..64)")
    if parts[1] not in PROGRAMS:
        raise UsageError(f"unknown tracr library program {parts[1]!r} (known: {', '.join(PROGRAMS)})")
    model, prog, vocab, distinct = compile_program(parts[1], int(parts[2]))
    return from_assembled(model, output=prog.label), evaluator(prog, vocab, distinct)
