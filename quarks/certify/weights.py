"""Evidence kind ``weights``: the float64 tensors of an exported transformer and their sha256.

A record holds a network in the engine's JSON form (``quarks-transformer/1``: exact rational weights)
and the sha256 of its tensors.  :func:`tensors` lays the network out as dense float64 arrays (the
``state_dict`` of :mod:`quarks.transformers.to_torch`, by the same names and shapes), each rational
rounded to the nearest float64; :func:`sha256` hashes them in a canonical byte form.  The check is a
pure function of the record: lay the network out again, hash, compare.  Which network the record
must hold (the one compiled from the certificate's source program) is the binding layer's business
(re-derivation); trust: "witness".

The layout (``d`` coordinates in the order they are first written: letters, position embeddings by
name, then each layer's head outputs and unit outputs): ``W_E`` [k, d] one-hot letters; per layer l,
``blocks.l.W_Q``, ``blocks.l.W_K`` [H, d, e] (score ``sum_t (x_i W_Q)_t (x_j W_K)_t``, one column
per score term, the coefficient on the key side), ``blocks.l.W_V``, ``blocks.l.W_O`` [H, d] (the head
reads ``x . W_V`` and adds it along ``W_O``), ``blocks.l.W_in`` [d, m], ``blocks.l.b_in`` [m],
``blocks.l.W_out`` [m, d], ``blocks.l.b_out`` [d] (the ReLU units); ``W_U`` [d] reads the output.
"""
from __future__ import annotations

import hashlib
import json
from fractions import Fraction

import numpy as np

from quarks.base.exact import to_exact
from quarks.certify.base import CertificateError, CheckContext, Outcome

FORMAT = "quarks-transformer/1"
MAX_ENTRIES = 1 << 24   # float64 entries of all tensors together (128 MiB)


def _num(x) -> float:
    v = to_exact(x)
    if isinstance(v, bool) or not isinstance(v, (int, Fraction)):
        raise CertificateError(f"a weight must be an integer or 'p/q', not {str(x)[:40]!r}")
    return float(Fraction(v))


def _name(c) -> str:
    if not isinstance(c, str) or not 0 < len(c) <= 200:
        raise CertificateError("a coordinate name must be a string of 1..200 characters")
    return c


def coordinates(network: dict) -> list:
    """Every coordinate of the network, in the order they are first written (the tensors' axis d): letters,
    position embeddings by name, then each layer's heads and units (a unit's targets by name); a function
    of the network's data, not of the order of keys in its JSON objects (certificates sort them)."""
    out = [f"w:{_name(a)}" for a in network["alphabet"]] + sorted(_name(c) for c in network["pe"])
    seen = set(out)
    for layer in network["layers"]:
        written = [h["out"] for h in layer["heads"]] + [t for u in layer["units"] for t in sorted(u["out"])]
        for c in written:
            if _name(c) not in seen:
                seen.add(c)
                out.append(c)
    return out


def shapes(network: dict) -> dict:
    """The name and shape of every tensor of the layout, before any is built (to bound the work)."""
    if not isinstance(network, dict) or network.get("format") != FORMAT:
        raise CertificateError(f"the network must be a {FORMAT} object")
    d, k = len(coordinates(network)), len(network["alphabet"])
    out: dict[str, tuple] = {"W_E": (k, d)}
    for l, layer in enumerate(network["layers"]):
        H = len(layer["heads"])
        e = max([len(h["terms"]) for h in layer["heads"]] + [1])
        m = sum(len(u["hidden"]) for u in layer["units"])
        out.update({f"blocks.{l}.W_Q": (H, d, e), f"blocks.{l}.W_K": (H, d, e), f"blocks.{l}.W_V": (H, d),
                    f"blocks.{l}.W_O": (H, d), f"blocks.{l}.W_in": (d, m), f"blocks.{l}.b_in": (m,),
                    f"blocks.{l}.W_out": (m, d), f"blocks.{l}.b_out": (d,)})
    out["W_U"] = (d,)
    total = sum(int(np.prod(s)) for s in out.values())
    if total > MAX_ENTRIES:
        raise CertificateError(f"the network's tensors have more than {MAX_ENTRIES:,} entries")
    return out


def tensors(network: dict) -> dict:
    """The network's float64 tensors (see the module docstring), by name, in layout order."""
    shape = shapes(network)
    coords = coordinates(network)
    index = {c: i for i, c in enumerate(coords)}

    def at(c) -> int:
        if c not in index:
            raise CertificateError(f"coordinate {str(c)[:40]!r} is read but never written")
        return index[c]

    out = {name: np.zeros(s, dtype=np.float64) for name, s in shape.items()}
    for a_idx, a in enumerate(network["alphabet"]):
        out["W_E"][a_idx, index[f"w:{a}"]] = 1.0
    for l, layer in enumerate(network["layers"]):
        p = f"blocks.{l}."
        for h_idx, h in enumerate(layer["heads"]):
            for t, (q, kc, c) in enumerate(h["terms"]):
                out[p + "W_Q"][h_idx, at(q), t] = 1.0
                out[p + "W_K"][h_idx, at(kc), t] = _num(c)
            out[p + "W_V"][h_idx, at(h["value"])] = 1.0
            out[p + "W_O"][h_idx, at(h["out"])] = 1.0
        j = 0
        for u in layer["units"]:
            for hid, (ws, b) in enumerate(u["hidden"]):
                for c, w in ws.items():
                    out[p + "W_in"][at(c), j + hid] = _num(w)
                out[p + "b_in"][j + hid] = _num(b)
            for target, (vs, c0) in u["out"].items():
                if len(vs) != len(u["hidden"]):
                    raise CertificateError("a unit needs one output weight per hidden neuron")
                for hid, v in enumerate(vs):
                    out[p + "W_out"][j + hid, at(target)] += _num(v)
                out[p + "b_out"][at(target)] += _num(c0)
            j += len(u["hidden"])
    out["W_U"][at(network["output"])] = 1.0
    return out


def sha256(arrays: dict) -> str:
    """sha256 of the tensors in name order: per tensor its name, shape (JSON) and little-endian float64 bytes."""
    h = hashlib.sha256()
    for name in sorted(arrays):
        a = np.ascontiguousarray(np.asarray(arrays[name], dtype="<f8"))
        h.update(name.encode() + b"\0" + json.dumps(list(a.shape)).encode() + b"\0")
        h.update(a.tobytes())
    return h.hexdigest()


def record(network: dict) -> dict:
    """A ``weights`` record of the network: its tensors' shapes and sha256, computed now."""
    arrays = tensors(network)
    return {"kind": "weights", "network": network, "shapes": {k: list(v.shape) for k, v in arrays.items()},
            "sha256": sha256(arrays)}


def check_weights(rec: dict, ctx: CheckContext) -> Outcome:
    """Lay the record's network out again: the shapes and the sha256 must be the recorded ones."""
    if set(rec) != {"kind", "network", "shapes", "sha256"}:
        raise CertificateError("a weights record has exactly: kind, network, shapes, sha256")
    if not isinstance(rec["sha256"], str) or len(rec["sha256"]) != 64:
        raise CertificateError("sha256 must be 64 hex digits")
    ctx.budget.step(len(json.dumps(rec["network"])) // 64 + 1)
    arrays = tensors(rec["network"])
    got = {k: list(v.shape) for k, v in arrays.items()}
    if got != rec["shapes"]:
        return Outcome(False, False, "the recorded tensor shapes are not the network's")
    digest = sha256(arrays)
    if digest != rec["sha256"]:
        return Outcome(False, False, f"the network's tensors have sha256 {digest[:16]}..., not the recorded "
                                     f"{rec['sha256'][:16]}...")
    return Outcome(True, True, f"{len(arrays)} tensors, sha256 {digest[:16]}...", {"sha256": digest})
