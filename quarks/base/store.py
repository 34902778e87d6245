"""The results store: an SQLite database of runs and verdicts.

Verdicts are keyed by (claim, instance, package version).  Every verdict is committed in its own
transaction after its certificate is on disk, so a run killed at any moment leaves a consistent
store: each row is complete and points at a complete certificate.  ``decided`` answers
``--resume``.
"""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from quarks.base import home

DEFAULT_PATH = home.results() / "results.sqlite"   # $QUARKS_HOME, else .quarks/ here (quarks.base.home)

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    started TEXT NOT NULL,
    finished TEXT,
    version TEXT NOT NULL,
    args TEXT NOT NULL,
    exit_code INTEGER
);
CREATE TABLE IF NOT EXISTS proofs (
    claim TEXT NOT NULL,
    version TEXT NOT NULL,
    status TEXT NOT NULL,
    theorems TEXT NOT NULL,
    message TEXT NOT NULL,
    certificate TEXT,
    run INTEGER REFERENCES runs(id),
    recorded TEXT NOT NULL,
    PRIMARY KEY (claim, version)
);
CREATE TABLE IF NOT EXISTS proof_keys (
    claim TEXT NOT NULL,
    version TEXT NOT NULL,
    key TEXT NOT NULL,
    PRIMARY KEY (claim, version)
);
CREATE TABLE IF NOT EXISTS count_chunks (
    n INTEGER NOT NULL,
    level INTEGER NOT NULL,
    bucket INTEGER NOT NULL,
    buckets INTEGER NOT NULL,
    candidates INTEGER NOT NULL,
    accepted INTEGER NOT NULL,
    rejected_by_witness INTEGER NOT NULL,
    mass TEXT NOT NULL,
    positive_mass TEXT NOT NULL,
    file TEXT NOT NULL,
    seconds REAL NOT NULL,
    recorded TEXT NOT NULL,
    PRIMARY KEY (n, level, bucket, buckets)
);
CREATE TABLE IF NOT EXISTS count_tasks (
    work TEXT NOT NULL,
    n INTEGER NOT NULL,
    shards INTEGER NOT NULL,
    level INTEGER NOT NULL,
    phase TEXT NOT NULL,
    part INTEGER NOT NULL,
    row TEXT NOT NULL,
    recorded TEXT NOT NULL,
    PRIMARY KEY (work, n, shards, level, phase, part)
);
CREATE TABLE IF NOT EXISTS verdicts (
    claim TEXT NOT NULL,
    instance TEXT NOT NULL,
    version TEXT NOT NULL,
    status TEXT NOT NULL,
    expected TEXT NOT NULL,
    summary TEXT NOT NULL,
    elapsed REAL,
    certificate TEXT,
    run INTEGER REFERENCES runs(id),
    recorded TEXT NOT NULL,
    sha256 TEXT,
    PRIMARY KEY (claim, instance, version)
);
"""


def _alive(pid: int) -> bool:
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Store:
    """A connection to the results database (created on first use)."""

    def __init__(self, path: Path | str = DEFAULT_PATH):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, timeout=30)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        cols = {row[1] for row in self.db.execute("PRAGMA table_info(runs)")}
        for col in ("ended", "pid", "host"):  # stores written before these columns existed
            if col not in cols:
                self.db.execute(f"ALTER TABLE runs ADD COLUMN {col} {'INTEGER' if col == 'pid' else 'TEXT'}")
        if "sha256" not in {row[1] for row in self.db.execute("PRAGMA table_info(verdicts)")}:
            self.db.execute("ALTER TABLE verdicts ADD COLUMN sha256 TEXT")   # the certificate file's hash
        self.db.commit()

    def close(self) -> None:
        self.db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def begin_run(self, version: str, args: dict) -> int:
        """A new run; earlier runs of this host that never ended and whose process is gone are
        marked ``killed`` (kill -9, a crash of the machine)."""
        import os
        import socket

        host = socket.gethostname()
        with self.db:
            for rid, pid in self.db.execute("SELECT id, pid FROM runs WHERE ended IS NULL AND host = ?", (host,)).fetchall():
                if pid is None or not _alive(pid):
                    self.db.execute("UPDATE runs SET ended = 'killed' WHERE id = ?", (rid,))
            cur = self.db.execute(
                "INSERT INTO runs (started, version, args, pid, host) VALUES (?, ?, ?, ?, ?)",
                (_now(), version, json.dumps(args, sort_keys=True), os.getpid(), host),
            )
        rid = cur.lastrowid
        assert rid is not None  # set by the INSERT above
        return rid

    def end_run(self, run: int, exit_code: int | None, ended: str = "completed") -> None:
        """How the run ended: completed (with its exit code) or interrupted (Ctrl-C, SIGTERM)."""
        with self.db:
            self.db.execute("UPDATE runs SET finished = ?, exit_code = ?, ended = ? WHERE id = ?",
                            (_now(), exit_code, ended, run))

    def record(self, run: int, claim: str, instance: str, version: str, status: str, expected: str,
               summary: str, elapsed: float | None, certificate: str | None, sha256: str | None = None) -> None:
        """Record one verdict (replacing an earlier one for the same key), in one transaction, with
        the sha256 of its certificate file."""
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO verdicts (claim, instance, version, status, expected, summary, elapsed, "
                "certificate, run, recorded, sha256) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (claim, instance, version, status, expected, summary, elapsed, certificate, run, _now(), sha256),
            )

    def decided(self, claim: str, instance: str, version: str) -> bool:
        """True when this instance already has a verified or refuted verdict at this version."""
        return self.decision(claim, instance, version) is not None

    def decision(self, claim: str, instance: str, version: str) -> dict | None:
        """The recorded verified or refuted verdict of this instance at this version (status,
        certificate, sha256), None when there is none.  What the store says; the driver re-checks it."""
        row = self.db.execute(
            "SELECT status, certificate, sha256 FROM verdicts WHERE claim = ? AND instance = ? AND version = ?",
            (claim, instance, version),
        ).fetchone()
        if row is None or row[0] not in ("verified", "refuted"):
            return None
        return {"status": row[0], "certificate": row[1], "sha256": row[2]}

    def results(self, claim: str | None = None, version: str | None = None) -> list[dict]:
        """Recorded verdicts, newest first."""
        args: list[str]
        sql, args = "SELECT * FROM verdicts WHERE 1=1", []
        if claim is not None:
            sql, args = sql + " AND claim = ?", args + [claim]
        if version is not None:
            sql, args = sql + " AND version = ?", args + [version]
        cur = self.db.execute(sql + " ORDER BY recorded DESC", args)
        cols = [c[0] for c in cur.description]
        return [dict(zip(cols, row)) for row in cur.fetchall()]

    def last_status(self, claim: str) -> str | None:
        """A one-word summary of a claim's latest verdicts: the worst status among them."""
        rows = self.db.execute(
            "SELECT status, recorded FROM verdicts WHERE claim = ? ORDER BY recorded DESC", (claim,)
        ).fetchall()
        if not rows:
            return None
        statuses = {r[0] for r in rows}
        for s in ("error", "inconclusive", "refuted", "verified"):
            if s in statuses:
                return s
        return None

    def record_chunk(self, n: int, level: int, bucket: int, buckets: int, row: dict) -> None:
        """One finished chunk of a level-by-level count (its file is already complete)."""
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO count_chunks VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (n, level, bucket, buckets, row["candidates"], row["accepted"], row["rejected_by_witness"],
                 str(row["mass"]), str(row["positive_mass"]), row["file"], row["seconds"], _now()))

    def chunks(self, n: int, buckets: int) -> dict:
        """(level, bucket) -> the recorded chunk of a count of T(n;1) with this many buckets."""
        cur = self.db.execute("SELECT level, bucket, candidates, accepted, rejected_by_witness, mass, "
                              "positive_mass, file, seconds FROM count_chunks WHERE n = ? AND buckets = ?",
                              (n, buckets))
        keys = ("candidates", "accepted", "rejected_by_witness", "mass", "positive_mass", "file", "seconds")
        out = {}
        for level, bucket, *vals in cur:
            row = dict(zip(keys, vals))
            row["mass"], row["positive_mass"] = int(row["mass"]), int(row["positive_mass"])
            out[(level, bucket)] = row
        return out

    def record_task(self, work: str, n: int, shards: int, level: int, phase: str, part: int, row: dict) -> None:
        """One finished task of a sharded count (its output files are already complete); integers
        are stored as text, so orbit masses beyond 2^63 survive."""
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO count_tasks VALUES (?,?,?,?,?,?,?,?)",
                            (work, n, shards, level, phase, part, json.dumps(row, default=str), _now()))

    def tasks(self, work: str, n: int, shards: int) -> dict:
        """(level, phase, part) -> the recorded row of each finished task of this sharded count."""
        cur = self.db.execute("SELECT level, phase, part, row FROM count_tasks WHERE work = ? AND n = ? AND shards = ?",
                              (work, n, shards))
        return {(level, phase, part): json.loads(row) for level, phase, part, row in cur}

    def clear_tasks(self, work: str, n: int, shards: int) -> None:
        """Forget a sharded count (a fresh start in the same work directory)."""
        with self.db:
            self.db.execute("DELETE FROM count_tasks WHERE work = ? AND n = ? AND shards = ?", (work, n, shards))

    def record_proof(self, run, claim: str, version: str, status: str, theorems: list, message: str,
                     certificate: str | None) -> None:
        """The outcome of a claim's Coq theorems at this version (replacing an earlier one)."""
        self.db.execute("INSERT OR REPLACE INTO proofs VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (claim, version, status, json.dumps(theorems), message, certificate, run, _now()))
        self.db.commit()

    def record_proof_key(self, claim: str, version: str, key: str) -> None:
        """What a proved claim was checked against (quarks.run.coq_phase.proof_key), for --resume."""
        self.db.execute("INSERT OR REPLACE INTO proof_keys VALUES (?, ?, ?)", (claim, version, key))
        self.db.commit()

    def proof_key(self, claim: str, version: str) -> str | None:
        row = self.db.execute("SELECT key FROM proof_keys WHERE claim = ? AND version = ?",
                              (claim, version)).fetchone()
        return row[0] if row else None

    def proof(self, claim: str) -> dict | None:
        """The latest recorded Coq outcome of a claim."""
        row = self.db.execute("SELECT status, theorems, message, certificate, version FROM proofs WHERE claim = ? "
                              "ORDER BY recorded DESC LIMIT 1", (claim,)).fetchone()
        if row is None:
            return None
        return {"status": row[0], "theorems": json.loads(row[1]), "message": row[2], "certificate": row[3],
                "version": row[4]}

    def latest(self, claim: str) -> list[dict]:
        """The latest recorded verdict of each instance of a claim."""
        rows = self.db.execute(
            "SELECT instance, status, recorded FROM verdicts WHERE claim = ? ORDER BY recorded", (claim,)
        ).fetchall()
        last = {}
        for inst, status, _ in rows:
            last[inst] = status
        return [{"instance": inst, "status": st} for inst, st in last.items()]

    def runs(self) -> list[dict]:
        cur = self.db.execute("SELECT * FROM runs ORDER BY id")
        cols = [c[0] for c in cur.description]
        return [dict(zip(cols, row)) for row in cur.fetchall()]
