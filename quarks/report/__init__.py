"""A static report of the results store: every claim with its verdicts and certificates, the
exact-count tables read from the certificates, and plots.

:func:`build` reads the store, copies each verdict's certificate into the report directory (so
the page is self-contained and works offline), renders ``index.html`` and ``README.md`` and the
PNG plots, all in a temporary directory that then replaces the output directory.
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from quarks.claims.claim import Source, instance_label, instance_text

MARKER = ".quarks-report"  # present in every directory this module writes
CERT_DIR = "certificates"


class EmptyStore(LookupError):
    """The store holds no verdicts (or does not exist)."""


@dataclass
class Entry:
    """One recorded verdict of one claim instance, with its certificate (if found)."""

    claim: str
    instance: dict
    status: str
    expected: str
    summary: str
    elapsed: float | None
    version: str
    recorded: str
    source_path: Path | None = None  # the certificate on disk, as found
    cert: dict | None = None
    href: str | None = None  # relative link inside the report
    tier: str = "not in a tier"  # quick or full: the tier whose instance list holds this instance

    @property
    def label(self) -> str:
        """The certificate's file stem (``relation===`` for the text ``==``)."""
        return instance_label(self.instance)

    @property
    def text(self) -> str:
        """The instance as a person reads it (``relation='=='``)."""
        return instance_text(self.instance)


@dataclass
class ClaimRow:
    """A claim of the registry (or only of the store) with its latest verdicts."""

    id: str
    source: str
    seed: str
    statement: str
    kind: str
    expected: str
    entries: list = field(default_factory=list)
    claim: object = None  # the registered Claim, when there is one
    proof: dict | None = None  # the last recorded Coq outcome (quarks.base.store.Store.proof), if any

    @property
    def proof_label(self) -> str:
        """'proved (Coq, all parameters)', 'proved in part (Coq)', 'Coq: not checked ...', 'Coq: failed', or ''
        (no Coq theorems)."""
        if self.claim is None or not getattr(self.claim, "coq", ()):
            return ""
        if self.proof is None:
            return "Coq: not run"
        if self.proof["status"] == "proved":
            return "proved in part (Coq)" if getattr(self.claim, "coq_part", "") else "proved (Coq, all parameters)"
        return f"Coq: {self.proof['status']}"

    @property
    def outcome(self) -> str:
        """The claim's label (quarks.claims.labels.label) over its recorded verdicts and its recorded Coq proof:
        proved (Coq, all parameters), proved in part; not proved: ..., verified on n <= N, checked on K random
        instances (seed s), refuted as printed, consistent on n <= N (asymptotic, not proved), explored (not a
        proof), inconclusive, error, unexpected: ..., or not run."""
        from quarks.claims.labels import label

        subject = self.claim if self.claim is not None else self
        proof = self.proof["status"] if self.proof else None
        return label(subject, {e.status for e in self.entries}, [e.instance for e in self.entries], proof=proof).text

    @property
    def elapsed(self) -> float:
        return sum(e.elapsed or 0.0 for e in self.entries)


@dataclass
class Results:
    store: Path
    claims: list
    entries: list
    runs: list

    def certificates(self, claim: str) -> list:
        """(entry, certificate) for the verdicts of a claim whose certificate was found."""
        return [(e, e.cert) for e in self.entries if e.claim == claim and e.cert is not None]


def _find_certificate(recorded: str | None, store: Path) -> Path | None:
    if not recorded:
        return None
    p = Path(recorded)
    candidates = [p] if p.is_absolute() else [Path.cwd() / p, store.parent.parent / p, store.parent / p]
    for c in candidates:
        if c.is_file():
            return c
    return None


def collect(store_path: Path | str) -> Results:
    """The latest verdict of every (claim, instance) in the store, with certificates loaded."""
    from quarks.base.store import Store
    from quarks.certify.load import load
    from quarks.claims import registry

    store_path = Path(store_path)
    if not store_path.is_file():
        raise EmptyStore(f"no results store at {store_path}")
    with Store(store_path) as db:
        rows, runs = db.results(), db.runs()
        proofs = {cid: db.proof(cid) for cid, c in registry.claims().items() if c.coq}
    if not rows:
        raise EmptyStore(f"the results store {store_path} holds no verdicts")
    latest: dict = {}
    for r in rows:  # newest first
        latest.setdefault((r["claim"], r["instance"]), r)
    entries = []
    for r in latest.values():
        e = Entry(r["claim"], json.loads(r["instance"]), r["status"], r["expected"], r["summary"],
                  r["elapsed"], r["version"], r["recorded"])
        e.source_path = _find_certificate(r["certificate"], store_path)
        if e.source_path is not None:
            try:
                e.cert = load(e.source_path)
            except Exception:  # noqa: BLE001 - a damaged certificate is shown as missing
                e.cert = None
        entries.append(e)
    table = registry.listed()
    by_claim: dict = {}
    for e in entries:
        by_claim.setdefault(e.claim, []).append(e)
    claims = []
    for cid, c in table.items():
        tiers = _tiers(c)
        for e in by_claim.get(cid, []):
            e.tier = tiers.get(json.dumps(e.instance, sort_keys=True), "not in a tier")
        claims.append(ClaimRow(cid, str(c.source), c.source.key, c.statement, c.kind, c.expected,
                               _ordered(by_claim.pop(cid, []), tiers), c, proofs.get(cid)))
    for cid, es in by_claim.items():  # in the store but no longer registered
        cert = next((e.cert for e in es if e.cert), None) or {}
        src = cert.get("source") or {}
        printed = Source(str(src.get("seed", "?")), str(src.get("number", "")))
        claims.append(ClaimRow(cid, str(printed), printed.key, cert.get("statement", "(not in the registry)"),
                               cert.get("kind", "?"), es[0].expected, es))
    return Results(store_path, claims, entries, runs)


def _tiers(claim) -> dict:
    """Instance (as sorted JSON) -> "quick" or "full", in the claim's order (quick first)."""
    tiers: dict = {}
    for tier in ("quick", "full"):
        try:
            for inst in claim.instances_for(tier):
                tiers.setdefault(json.dumps(inst, sort_keys=True), tier)
        except Exception:  # noqa: BLE001 - an instance generator that fails is not our concern here
            pass
    return tiers


def _ordered(entries: list, tiers: dict) -> list:
    """Entries in the order of the claim's instances (quick then full), others after."""
    order = {key: k for k, key in enumerate(tiers)}
    return sorted(entries, key=lambda e: (order.get(json.dumps(e.instance, sort_keys=True), 1 << 30), e.label))


def copy_certificates(results: Results, root: Path) -> None:
    """Copy each found certificate (and its side payloads) under root/certificates/CLAIM/."""
    used: set = set()
    for e in results.entries:
        if e.source_path is None or e.cert is None:
            continue
        safe_claim = "".join(c if c.isalnum() or c in "=,.-_+" else "_" for c in e.claim)
        name = f"{e.label}.json"
        rel = Path(CERT_DIR) / safe_claim / name
        k = 1
        while str(rel) in used:
            k += 1
            rel = Path(CERT_DIR) / safe_claim / f"{e.label}.{k}.json"
        used.add(str(rel))
        dest = root / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(e.source_path, dest)
        for record in e.cert.get("evidence", []):
            ref = record.get("data") if isinstance(record, dict) else None
            if isinstance(ref, dict) and "$payload" in ref:
                pay = e.source_path.parent / ref["$payload"].get("file", "")
                if pay.is_file() and pay.parent == e.source_path.parent:
                    shutil.copyfile(pay, dest.parent / pay.name)
        e.href = urllib.parse.quote(rel.as_posix())


def build(store: Path | str, out: Path | str, log=None) -> dict:
    """Write the report for ``store`` into directory ``out`` (replaced as a whole).

    Returns a summary dict (paths, counts).  Raises :class:`EmptyStore` for a missing or empty
    store and :class:`ValueError` when ``out`` exists and is not a report directory.
    """
    from quarks.report import html, markdown, plots, tables

    out = Path(out)
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / MARKER).exists())):
        raise ValueError(f"{out} exists and is not a quarks report directory; choose another --out")
    results = collect(store)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.tmp-"))
    try:
        copy_certificates(results, tmp)
        count_tables = tables.all_tables(results)
        figures = plots.all_plots(results, tmp, log=log)
        meta = {"generated": time.strftime("%Y-%m-%d %H:%M:%SZ", time.gmtime()),
                "store": str(store)}
        (tmp / "index.html").write_text(html.page(results, count_tables, figures, meta))
        (tmp / "claims").mkdir()
        for row in results.claims:
            (tmp / html.claim_file(row.id)).write_text(html.claim_page(row))
        cited = sorted({t.partition(":")[0] for row in results.claims for t in getattr(row.claim, "coq", ())})
        if cited:
            (tmp / "coq").mkdir()
            for f in cited:
                (tmp / html.theory_file(f)).write_text(html.theory_page(f))
        (tmp / "README.md").write_text(markdown.page(results, count_tables, figures, meta))
        (tmp / MARKER).write_text("written by quarks report; the directory is replaced on each run\n")
        for p in tmp.rglob("*"):
            os.chmod(p, 0o755 if p.is_dir() else 0o644)
        os.chmod(tmp, 0o755)
        _replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return {"out": str(out), "index": str(out / "index.html"), "readme": str(out / "README.md"),
            "claims": sum(1 for c in results.claims if c.entries), "verdicts": len(results.entries),
            "plots": [f.file for f in figures if f.file], "tables": len(count_tables)}


def _replace(tmp: Path, out: Path) -> None:
    """Put the finished directory in place: the old report is renamed away, then removed."""
    if out.exists():
        old = out.parent / f".{out.name}.old-{os.getpid()}-{time.time_ns()}"
        os.replace(out, old)
        os.replace(tmp, out)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(tmp, out)
