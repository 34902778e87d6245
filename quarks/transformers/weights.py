"""A plain weight format for attention transformers (``quarks-weights/1``), its reader and validator,
and its translation into quarks' attention engine (:class:`quarks.attention.Model`).

The format (notes/transformers.md) is one JSON object (or an ``.npz`` whose arrays are named by their
path, with the rest of the object as JSON in the array ``meta``):

* ``tokens``: the vocabulary, one label per row of ``embed``; ``alphabet``: the tokens an input is made
  of; ``bos``: a token put before every input (or null);
* ``embed`` (tokens x d), ``pos`` (positions x d): the residual stream at position i starts as
  ``embed[token_i] + pos[i]``;
* ``layers``: each ``{"attn": {"mask", "heads": [{W_Q, b_Q, W_K, b_K, W_V, b_V, W_O}], "b_O"}, "mlp":
  {W_in, b_in, W_out, b_out}}`` (either may be null): a head scores ``s_ij = (x_i W_Q + b_Q).(x_j W_K +
  b_K)``, averages ``x_j W_V + b_V`` over its visible j with softmax(s / tau) (or, hard, uniformly over
  the j of largest score) and adds the result times ``W_O``; then the MLP adds ``ReLU(x W_in + b_in)
  W_out + b_out``.  mask: ``none``, ``future`` (j <= i, causal) or ``past`` (j >= i);
* ``tau``: the model's own softmax temperature; ``readout``: ``{"kind": "argmax" | "numeric", "W_U",
  "b_U", "labels"}`` (the output at each position: the label of the largest logit, or the one value);
* ``labels`` (optional): a name per residual coordinate; ``info``: anything else (not read).

Numbers are integers, ``"p/q"`` strings or floats; a float is read as the exact rational it denotes
(float32 and float64 weights lose nothing).  :func:`canonical` writes every number exactly, the form
certificates carry.
"""
from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path

import numpy as np

from quarks.certify.base import CertificateError
from quarks.certify.soft_hard import FORMAT, parse, weights_sha256

__all__ = ["FORMAT", "exact", "canonical", "load", "save", "to_model", "weights_sha256", "describe"]


def exact(v):
    """A number as an integer or a ``"p/q"`` string (floats exactly; NaN and infinities refused)."""
    if isinstance(v, (bool, np.bool_)):
        raise ValueError("a weight cannot be a Boolean")
    if isinstance(v, (int, np.integer)):
        return int(v)
    if isinstance(v, str):
        q = Fraction(v)
    else:
        f = float(v)
        if f != f or f in (float("inf"), float("-inf")):
            raise ValueError("a weight is NaN or infinite")
        q = Fraction(f)
    return q.numerator if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def _numbers(x):
    if isinstance(x, np.ndarray):
        return _numbers(x.tolist())
    if isinstance(x, (list, tuple)):
        return [_numbers(v) for v in x]
    return exact(x)


MATRICES = ("embed", "pos")
HEAD_KEYS = ("W_Q", "b_Q", "W_K", "b_K", "W_V", "b_V", "W_O")
MLP_KEYS = ("W_in", "b_in", "W_out", "b_out")


def canonical(raw: dict) -> dict:
    """The exact form of a weights object, validated (ValueError: one line saying what is wrong)."""
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise ValueError(f"not a quarks weights object (format {FORMAT} expected)")
    try:
        w = {"format": FORMAT, "tokens": list(raw["tokens"]), "alphabet": list(raw["alphabet"]), "bos": raw.get("bos"),
             "embed": _numbers(raw["embed"]), "pos": _numbers(raw["pos"]), "tau": exact(raw.get("tau", 1)), "layers": []}
        for L in raw["layers"]:
            out: dict = {"attn": None, "mlp": None}
            if L.get("attn") is not None:
                A = L["attn"]
                out["attn"] = {"mask": A.get("mask", "none"),
                               "heads": [{k: _numbers(H[k]) for k in HEAD_KEYS if H.get(k) is not None} for H in A["heads"]],
                               "b_O": None if A.get("b_O") is None else _numbers(A["b_O"])}
            if L.get("mlp") is not None:
                out["mlp"] = {k: _numbers(L["mlp"][k]) for k in MLP_KEYS if L["mlp"].get(k) is not None}
            w["layers"].append(out)
        ro = raw["readout"]
        w["readout"] = {"kind": ro["kind"], "W_U": _numbers(ro["W_U"]), "b_U": None if ro.get("b_U") is None else _numbers(ro["b_U"]),
                        "labels": [str(v) for v in ro["labels"]]}
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"weights: missing or malformed field {exc}") from None
    if raw.get("labels") is not None:
        w["labels"] = [str(v) for v in raw["labels"]]
    if raw.get("info"):
        w["info"] = json.loads(json.dumps(raw["info"], default=str))
    try:
        net = parse(w)
    except CertificateError as exc:
        raise ValueError(f"weights: {exc}") from None
    if "labels" in w and len(w["labels"]) != net["d"]:
        raise ValueError(f"weights: {len(w['labels'])} labels for {net['d']} residual coordinates")
    return w


def describe(w: dict) -> str:
    """One line: width, layers, heads, MLP sizes, readout."""
    heads = [len(L["attn"]["heads"]) if L.get("attn") else 0 for L in w["layers"]]
    mlps = [len(L["mlp"]["b_in"]) if L.get("mlp") and L["mlp"].get("b_in") else (len(L["mlp"]["W_in"][0]) if L.get("mlp") else 0)
            for L in w["layers"]]
    return (f"d_model {len(w['embed'][0])}, {len(w['layers'])} layers, heads {heads}, MLP widths {mlps}, "
            f"{len(w['alphabet'])} letters{' + BOS' if w.get('bos') else ''}, tau {w.get('tau', 1)}, "
            f"{w['readout']['kind']} readout over {len(w['readout']['labels'])}")


# --- files ---------------------------------------------------------------------------------------

def _flatten(w: dict) -> tuple[dict, dict]:
    """(arrays by path, the rest of the object)."""
    arrays, meta = {}, json.loads(json.dumps(w))
    for k in MATRICES:
        arrays[k] = meta.pop(k)
    for li, L in enumerate(meta["layers"]):
        if L.get("attn"):
            for hi, H in enumerate(L["attn"]["heads"]):
                for k in list(H):
                    arrays[f"layers.{li}.attn.heads.{hi}.{k}"] = H.pop(k)
            if L["attn"].get("b_O") is not None:
                arrays[f"layers.{li}.attn.b_O"] = L["attn"].pop("b_O")
        if L.get("mlp"):
            for k in list(L["mlp"]):
                arrays[f"layers.{li}.mlp.{k}"] = L["mlp"].pop(k)
    for k in ("W_U", "b_U"):
        if meta["readout"].get(k) is not None:
            arrays[f"readout.{k}"] = meta["readout"].pop(k)
    return arrays, meta


def _unflatten(arrays: dict, meta: dict) -> dict:
    w = dict(meta)
    for path, value in arrays.items():
        parts = path.split(".")
        node = w
        for p in parts[:-1]:
            node = node[int(p)] if isinstance(node, list) else node.setdefault(p, {})
        node[parts[-1]] = value
    return w


def load(path) -> dict:
    """Read a ``.json`` or ``.npz`` weights file, validated and exact (ValueError: one line)."""
    path = Path(path)
    try:
        if path.suffix == ".npz":
            with np.load(path, allow_pickle=False) as z:
                meta = json.loads(str(z["meta"]))
                arrays = {k: z[k].astype(np.float64) if z[k].dtype.kind == "f" else z[k] for k in z.files if k != "meta"}
            return canonical(_unflatten({k: v.tolist() for k, v in arrays.items()}, meta))
        with open(path) as fh:
            raw = json.load(fh)
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, KeyError, ValueError) as exc:
        if isinstance(exc, ValueError) and str(exc).startswith("weights"):
            raise
        raise ValueError(f"{path}: not a weights file ({type(exc).__name__}: {str(exc)[:80]})") from None
    return canonical(raw)


def save(w: dict, path) -> Path:
    """Write weights as ``.json`` (exact numbers) or ``.npz`` (float64 arrays: exact only when every
    weight is a double, which canonical() of float weights guarantees)."""
    from quarks.base.fileio import atomic_write

    path = Path(path)
    if path.suffix == ".npz":
        arrays, meta = _flatten(w)
        buf = io.BytesIO()
        conv = {k: np.array([[float(Fraction(x)) for x in r] for r in v] if isinstance(v[0], list) else [float(Fraction(x)) for x in v])
                for k, v in arrays.items()}
        for k, v in arrays.items():   # the doubles must be the weights themselves
            flat = [x for r in v for x in r] if isinstance(v[0], list) else v
            if any(Fraction(float(Fraction(x))) != Fraction(x) for x in flat):
                raise ValueError(f"{k} has weights that are not doubles: save as .json")
        np.savez(buf, meta=np.array(json.dumps(meta)), **conv)
        atomic_write(path, buf.getvalue())
    else:
        atomic_write(path, json.dumps(w))
    return path


# --- into quarks' attention engine ---------------------------------------------------------------

def _ident(ws: dict, c: Fraction, target: str, const: Fraction = Fraction(0)):
    """A ReLU unit adding exactly ``ws . x + c`` (plus ``const``) to ``target``: ReLU(z) - ReLU(-z) = z."""
    from quarks.attention.model import Unit

    return Unit([(ws, c), ({k: -v for k, v in ws.items()}, -c)], {target: ([1, -1], const)}, note="linear")


def to_model(w: dict):
    """The network as a :class:`quarks.attention.Model` with the same hard and soft semantics: the
    residual coordinates ``x:t``, one-hot position coordinates ``p:k`` and a constant ``one``; per
    layer one block of linear units computing each head's value ``x (W_V W_O)`` per output coordinate
    (``v:l.h.t``), one block of heads (one copy per output coordinate, scores ``x_i W_Q W_K^T x_j``
    plus bias terms through ``one``) whose outputs linear units add to the stream, and one block for
    the MLP; the readout as linear units ``y:label``.  Linear maps are exact ReLU pairs."""
    from quarks.attention.model import Head, Layer, Model, Unit

    net = parse(w)
    d, tau = net["d"], net["tau"]
    x = [f"x:{t}" for t in range(d)]
    pe = {f"p:{k}": ["==", "i", k + 1] for k in range(len(net["P"]))}
    pe["one"] = 1
    words = {tok: f"w:{tok}" for tok in net["tokens"]}
    embed = []
    for t in range(d):
        ws = {words[tok]: net["E"][a][t] for a, tok in enumerate(net["tokens"]) if net["E"][a][t]}
        ws.update({f"p:{k}": row[t] for k, row in enumerate(net["P"]) if row[t]})
        if ws:
            embed.append(_ident(ws, Fraction(0), x[t]))
    layers = [Layer([], embed)]
    for li, L in enumerate(net["layers"]):
        if L["heads"]:
            values, heads, moves = [], [], {}
            for hi, H in enumerate(L["heads"]):
                e, r = len(H["b_Q"]), len(H["b_V"])
                QK = [[sum((H["W_Q"][a][c] * H["W_K"][b][c] for c in range(e)), Fraction(0)) for b in range(d)] for a in range(d)]
                terms = [(x[a], x[b], QK[a][b]) for a in range(d) for b in range(d) if QK[a][b]]
                qb = [sum((H["W_Q"][a][c] * H["b_K"][c] for c in range(e)), Fraction(0)) for a in range(d)]
                kb = [sum((H["b_Q"][c] * H["W_K"][b][c] for c in range(e)), Fraction(0)) for b in range(d)]
                terms += [(x[a], "one", qb[a]) for a in range(d) if qb[a]] + [("one", x[b], kb[b]) for b in range(d) if kb[b]]
                bb = sum((p * q for p, q in zip(H["b_Q"], H["b_K"])), Fraction(0))
                if bb:
                    terms.append(("one", "one", bb))
                for t in range(d):
                    col = {x[a]: sum((H["W_V"][a][c] * H["W_O"][c][t] for c in range(r)), Fraction(0)) for a in range(d)}
                    col = {k: v for k, v in col.items() if v}
                    const = sum((H["b_V"][c] * H["W_O"][c][t] for c in range(r)), Fraction(0))
                    if not col and not const:
                        continue
                    v, o = f"v:{li}.{hi}.{t}", f"o:{li}.{hi}.{t}"
                    values.append(_ident(col, const, v))
                    heads.append(Head(o, v, terms, mask=L["mask"], tau=_tau(tau), note=f"layer {li} head {hi}"))
                    moves.setdefault(t, {})[o] = Fraction(1)
            layers.append(Layer([], values))
            moves_units = [_ident(ws, Fraction(0), x[t], L["b_O"][t]) for t, ws in sorted(moves.items())]
            moves_units += [Unit([], {x[t]: ([], L["b_O"][t])}) for t in range(d) if t not in moves and L["b_O"][t]]
            layers.append(Layer(heads, moves_units))
        if L["mlp"] is not None:
            M = L["mlp"]
            hidden = [({x[a]: M["W_in"][a][k] for a in range(d) if M["W_in"][a][k]}, M["b_in"][k]) for k in range(len(M["b_in"]))]
            out = {x[t]: ([M["W_out"][k][t] for k in range(len(hidden))], M["b_out"][t]) for t in range(d)}
            layers.append(Layer([], [Unit(hidden, out, note=f"layer {li} MLP")]))
    ro = net["readout"]
    reads = [_ident({x[a]: ro["W_U"][a][v] for a in range(d) if ro["W_U"][a][v]}, ro["b_U"][v], f"y:{v}")
             for v in range(len(ro["labels"]))]
    layers.append(Layer([], reads))
    model = Model(list(net["tokens"]), pe, layers, "y:0",
                  info={"from": "quarks-weights/1", "sha256": weights_sha256(w), "readout": ro["kind"],
                        "labels": list(ro["labels"]), "bos": net["bos"]})
    model.validate()
    return model


def _tau(tau: Fraction):
    return tau.numerator if tau.denominator == 1 else f"{tau.numerator}/{tau.denominator}"
