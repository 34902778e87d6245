"""The exact-count tables of the report, read from the certificates in the store.

Nothing here is typed by hand: each number is taken from a certificate's evidence (the
arguments of a re-runnable ``exhaustive`` record whose result holds) or from the ``data`` the
check recorded beside its evidence, and each table names the certificates it was read from.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

# exhaustive procedures whose arguments carry |T(n;d)|: procedure suffix -> (degree, count) readers
COUNT_PROCEDURES = {
    "classify:verify_class_count": lambda a: (a.get("degree"), a.get("count")),
    "completeness:verify_regular_enumeration": lambda a: (1, a.get("count")),
    "compose:threshold_size_check": lambda a: (a.get("degree"), a.get("size")),
}


@dataclass
class Table:
    title: str
    head: list
    rows: list
    sources: list = field(default_factory=list)  # (label, href) of the certificates read
    note: str = ""


def _source(entry) -> tuple:
    return (f"{entry.claim} [{entry.text}]", entry.href)


def _decided(entry, cert) -> bool:
    return cert.get("verdict") in ("verified", "refuted")


def threshold_counts(results) -> Table | None:
    """|T(n;d)| from every exhaustive counting record that holds, across all certificates."""
    cells: dict = {}
    sources: dict = {}
    for e in results.entries:
        cert = e.cert
        if cert is None or not _decided(e, cert):
            continue
        for rec in cert.get("evidence", []):
            if not isinstance(rec, dict) or rec.get("kind") != "exhaustive":
                continue
            proc = str(rec.get("procedure", ""))
            reader = next((r for suffix, r in COUNT_PROCEDURES.items() if proc.endswith(suffix)), None)
            res = rec.get("result") or {}
            if reader is None or res.get("holds") is not True:
                continue
            args = rec.get("args") or {}
            d, count = reader(args)
            n = args.get("n")
            if not all(isinstance(v, int) for v in (n, d, count)):
                continue
            cells.setdefault((n, d), set()).add(count)
            sources.setdefault(e.claim, e)
    if not cells:
        return None
    ns = sorted({n for n, _ in cells})
    ds = sorted({d for _, d in cells})
    rows = []
    for n in ns:
        row = [n]
        for d in ds:
            vals = cells.get((n, d))
            if not vals:
                row.append("")
            elif len(vals) == 1:
                row.append(f"{next(iter(vals)):,}")
            else:
                row.append("CONFLICT: " + " vs ".join(f"{v:,}" for v in sorted(vals)))
        rows.append(row)
    return Table("|T(n;d)|: Boolean functions of n variables realized by a polynomial threshold of degree <= d",
                 ["n"] + [f"d = {d}" for d in ds], rows,
                 [(c, e.href) for c, e in sorted(sources.items())],
                 "Each value is the count argument of an exhaustive record (enumeration with its completeness "
                 "re-verification, or the class count re-checked over all 2^(2^n) functions) in a decided "
                 "certificate.")


def _count(v) -> str:
    return f"{v:,}" if isinstance(v, int) else "not computed"


def _ops_text(names: list) -> str:
    names = sorted(names)
    if len(names) <= 4:
        return ", ".join(names)
    return f"{', '.join(names[:3])}, ... ({len(names)} operators)"


def composition(results) -> Table | None:
    """|T_B(n;d_1..d_k)| for every irreducible B, from the data of quarks.thm4.2 certificates."""
    rows, src = [], []
    for e, cert in results.certificates("quarks.thm4.2"):
        data = cert.get("data") or {}
        sizes, lo, up = data.get("sizes"), data.get("lower"), data.get("upper")
        if not sizes or lo is None or up is None:
            continue
        inst = cert.get("instance") or {}
        by_size: dict = {}
        for name, s in sizes.items():
            by_size.setdefault(s, []).append(name)
        for s in sorted(by_size):
            ratio = math.log2(s) / math.log2(up) if s > 1 and up > 1 else float("nan")
            rows.append([inst.get("n"), ",".join(map(str, inst.get("degrees", []))), len(inst.get("degrees", [])),
                         _ops_text(by_size[s]), f"{lo:,}", f"{s:,}", f"{up:,}", f"{ratio:.4f}",
                         "yes" if lo <= s <= up else "NO"])
        src.append(_source(e))
    if not rows:
        return None
    rows.sort(key=lambda r: (r[2], r[1], r[0]))
    return Table("Composition classes |T_B(n;d_1..d_k)| (Theorem 4.2)",
                 ["n", "degrees", "k", "operators B", "lower prod |T(n-k+1;d_j)|", "|T_B|",
                  "upper prod |T(n;d_j)|", "C(T_B) / C(upper)", "within bounds"], rows, src,
                 "Operators with equal class sizes are grouped. For d = (1,1) the ratio is "
                 "C(T_B(n;1,1)) / (2 C(T(n;1))).")


def gating(results) -> Table | None:
    """Output gating (Theorem 4.1 proxy): |T_AND(n;1,1)|, |T_XNOR(n;1,1)| and the capacity ratios."""
    rows, src = [], []
    for e, cert in results.certificates("quarks.thm4.1"):
        data = cert.get("data") or {}
        sizes, T = data.get("sizes") or {}, data.get("T")
        if not sizes or not T:
            continue
        n = (cert.get("instance") or {}).get("n")
        r = {b: (math.log2(s) / (2 * math.log2(T)) if T > 1 else float("nan")) for b, s in sizes.items()}
        rows.append([n, f"{T:,}", f"{sizes.get('AND', 0):,}", f"{sizes.get('XNOR', 0):,}", f"{T * T:,}",
                     f"{r.get('AND', float('nan')):.4f}", f"{r.get('XNOR', float('nan')):.4f}"])
        src.append(_source(e))
    if not rows:
        return None
    rows.sort(key=lambda r: r[0])
    return Table("Output gating (Theorem 4.1, finite proxy)",
                 ["n", "|T(n;1)|", "|T_AND(n;1,1)| (0/1 gating)", "|T_XNOR(n;1,1)| (±1 gating)", "|T(n;1)|^2",
                  "C(T_AND)/(2C(T(n;1)))", "C(T_XNOR)/(2C(T(n;1)))"], rows, src)


def intersection(results) -> Table | None:
    rows, src = [], []
    for e, cert in results.certificates("quarks.prop5.5"):
        data = cert.get("data") or {}
        if "intersection" not in data or "bound" not in data:
            continue
        inst = cert.get("instance") or {}
        rows.append([inst.get("n"), ",".join(map(str, inst.get("degrees", []))), f"{data['bound']:,}",
                     f"{data['intersection']:,}", "yes" if data["intersection"] >= data["bound"] else "NO"])
        src.append(_source(e))
    if not rows:
        return None
    return Table("Intersection over the 10 irreducible binary B of T_B(n;d0,d1) (Proposition 5.5)",
                 ["n", "degrees", "bound |T(n-1;d0)||T(n-1;d1)|", "|intersection|", "bound holds"], rows, src)


def layer_gating(results) -> Table | None:
    rows, src = [], []
    for e, cert in results.certificates("quarks.thm4.3"):
        data = cert.get("data") or {}
        if "size" not in data:
            continue
        inst = cert.get("instance") or {}
        rows.append([inst.get("n"), inst.get("m"), inst.get("convention", ""), f"{data.get('U', ''):,}",
                     f"{data['size']:,}", f"{math.log2(data['size']):.4f}" if data["size"] else "",
                     data.get("mn2", ""), "yes" if data.get("printed_lower_holds") else "no"])
        src.append(_source(e))
    if not rows:
        return None
    return Table("Layer gating |T(n,m,1;x)| (Theorem 4.3)",
                 ["n", "m", "outputs", "|U| (gated units)", "|T(n,m,1;x)|", "C", "m n^2", "C >= m n^2 (printed lower)"],
                 rows, src, "The printed lower bound m n^2 is asymptotic; the exact capacity at these tiny sizes "
                            "is shown against it as computed.")


def synaptic(results) -> Table | None:
    rows, src = [], []
    for e, cert in results.certificates("quarks.synaptic-gating-capacity"):
        row = (cert.get("data") or {}).get("row")
        if not row:
            continue
        T, prev = row.get("T"), row.get("T_prev")
        rows.append([row.get("n"), _count(T), _count(row.get("one_gated")), _count(row.get("all_gated")),
                     _count(row.get("output_gated")), _count(T * prev if T and prev else None),
                     _count(T * T if T else None)])
        src.append(_source(e))
    if not rows:
        return None
    rows.sort(key=lambda r: r[0])
    return Table("Synaptic gating of one weight, of every weight, and output gating",
                 ["n", "|T(n;1)|", "one gated weight", "every weight gated", "output gating |T_AND(n;1,1)|",
                  "|T(n;1)||T(n-1;1)|", "|T(n;1)|^2"], rows, src)


TABLES = (threshold_counts, composition, gating, intersection, layer_gating, synaptic)


def all_tables(results) -> list:
    return [t for t in (make(results) for make in TABLES) if t is not None]
