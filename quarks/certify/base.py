"""The kernel's vocabulary: errors, outcomes, limits, and the context a checker may use.

A checker is a pure function of an evidence record's data (and of side payloads the record
names by file and sha256, confined to the certificate's own directory).  Every bound here is set
by the checker, never by the certificate.
"""
from __future__ import annotations

import hashlib
import importlib.abc
import io
import json
import math
import os
import re
import stat
import sys
import zipfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path


class CertificateError(ValueError):
    """A certificate or evidence record that is malformed or wrong."""


class NotChecked(Exception):
    """A record that cannot be checked here (its tool is missing): never valid, never rejected."""


@dataclass
class Outcome:
    """A checker's answer: every recorded value re-derived (``valid``) and the recorded fact true
    (``holds``).  ``derived``: values the checker computed that a reader is shown (bound above)."""

    valid: bool
    holds: bool
    message: str = ""
    derived: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Limits:
    """What checking one certificate may cost, fixed by the checker (``check-cert`` flags override
    ``seconds``, ``memory_bytes`` and ``read_bytes``; notes/README.md "Limits the certificate does not set")."""

    file_bytes: int = 16 << 20          # the certificate's JSON
    payload_bytes: int = 512 << 20      # one side payload on disk
    npz_bytes: int = 2 << 30            # one .npz payload, uncompressed
    depth: int = 48                     # JSON nesting
    records: int = 10_000               # evidence records per certificate
    int_bits: int = 1 << 17             # any integer the arithmetic makes (about 39,000 digits)
    steps: int = 5_000_000              # expression nodes evaluated per certificate
    cases: int = 2_000_000              # points of all forall boxes per certificate
    seconds: float = 900.0              # wall time per certificate, re-derivation included (also its CPU limit)
    memory_bytes: int = 4 << 30         # address space of the checking process and each process it starts
    read_bytes: int = 1 << 30           # the certificate and its side payloads together, each payload once


LIMITS = Limits()
# A payload is named by a plain file name in the certificate's directory.
PAYLOAD_NAME = re.compile(r"^[A-Za-z0-9=,._+-]{1,200}$")


@dataclass
class Budget:
    """A countdown shared by every record of one certificate; exceeding it is a rejection."""

    steps: int = LIMITS.steps
    cases: int = LIMITS.cases

    def step(self, k: int = 1) -> None:
        self.steps -= k
        if self.steps < 0:
            raise CertificateError(f"the evidence needs more than {LIMITS.steps:,} evaluation steps")

    def case(self, k: int = 1) -> None:
        self.cases -= k
        if self.cases < 0:
            raise CertificateError(f"the evidence has more than {LIMITS.cases:,} cases")


@dataclass
class Binding:
    """What the binding layer knows about the certificate's claim, handed down to checkers that need
    it (the ``coq`` kind): never read from the certificate."""

    claim: str = ""
    theorems: tuple = ()            # the claim's declared Coq theorems
    refutes: bool = False           # the claim is expected refuted (its theorems negate it)
    coq_root: Path | None = None    # the directory of the _CoqProject its theorems are in (None: the package's)


@dataclass
class CheckContext:
    """What a checker may use besides the record."""

    directory: Path | None = None
    # sha256 of the canonical JSON of exhaustive records the binding layer re-ran from the claim and instance
    rerun: frozenset = frozenset()
    binding: Binding | None = None
    budget: Budget = field(default_factory=Budget)
    limits: Limits = LIMITS
    read: int = 0                   # bytes read so far (the certificate's own, then each payload once)
    payloads: dict = field(default_factory=dict)   # sha256 -> parsed payload: parsed once per file

    def charge_read(self, n: int, what: str) -> None:
        """Count ``n`` bytes toward the certificate's total read limit."""
        self.read += n
        if self.read > self.limits.read_bytes:
            raise CertificateError(f"{what}: the certificate and its payloads exceed {self.limits.read_bytes:,} bytes")

    def payload_path(self, ref) -> Path:
        """The side file a payload reference names: a plain name inside the certificate's directory."""
        if self.directory is None:
            raise CertificateError("payload referenced but no certificate directory known")
        if not isinstance(ref, dict) or not isinstance(ref.get("file"), str) or not isinstance(ref.get("sha256"), str):
            raise CertificateError("a payload reference needs a file name and a sha256")
        if set(ref) - {"file", "sha256", "bytes", "format"} or ref.get("format", "json") not in ("json", "npz"):
            raise CertificateError("a payload reference has file, sha256, bytes and format (json or npz) only")
        name = ref["file"]
        if not PAYLOAD_NAME.match(name) or name in (".", ".."):
            raise CertificateError(f"payload name {name[:60]!r} is not a plain file name")
        root = os.path.realpath(self.directory)
        path = os.path.realpath(os.path.join(root, name))
        if os.path.dirname(path) != root:
            raise CertificateError(f"payload {name} lies outside the certificate's directory")
        return Path(path)

    def load_payload(self, ref):
        """A side payload's data, its sha256 verified: JSON, or integer arrays of an ``.npz``.  A payload
        is read and parsed once per certificate (by its hash and format), however many records name it."""
        path = self.payload_path(ref)
        key = (ref["sha256"], ref.get("format", "json"))
        if key in self.payloads:
            if ref.get("bytes") != self.payloads[key][0]:
                raise CertificateError(f"payload {ref['file']} has {self.payloads[key][0]:,} bytes, not {ref.get('bytes')!r}")
            return self.payloads[key][1]
        raw = read_regular(path, max(0, min(self.limits.payload_bytes, self.limits.read_bytes - self.read)),
                           f"payload {ref['file']}")
        self.charge_read(len(raw), f"payload {ref['file']}")
        if hashlib.sha256(raw).hexdigest() != ref["sha256"]:
            raise CertificateError(f"payload {ref['file']} does not match its sha256")
        if ref.get("bytes") != len(raw):
            raise CertificateError(f"payload {ref['file']} has {len(raw):,} bytes, not {ref.get('bytes')!r}")
        if ref.get("format") == "npz":
            data = load_npz(raw, self.limits.npz_bytes, ref["file"])
        else:
            data = parse_json(raw, self.limits, f"payload {ref['file']}")
        self.payloads[key] = (len(raw), data)
        return data


def read_regular(path: Path, limit: int, what: str) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (never a FIFO, device or directory)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise CertificateError(f"{what} unreadable ({exc.strerror})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise CertificateError(f"{what} is not a regular file")
        if st.st_size > limit:
            raise CertificateError(f"{what} has {st.st_size:,} bytes, over the limit of {limit:,}")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            raw = fh.read(limit + 1)
    finally:
        os.close(fd)
    if len(raw) > limit:
        raise CertificateError(f"{what} is over the limit of {limit:,} bytes")
    return raw


def _reject_constant(name):
    raise CertificateError(f"{name} is not an exact number")


MAX_DIGITS = 4000   # an integer literal longer than this is refused, whatever Python's own limit


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise CertificateError(f"an integer has more than {MAX_DIGITS} digits")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 64:
        raise CertificateError("a number literal is too long")
    value = float(text)
    if not math.isfinite(value):   # 1e999 parses as infinity: the format has no infinities
        raise CertificateError(f"the number {text} is not finite")
    return value


def _unique_keys(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            raise CertificateError(f"duplicated key {k[:40]!r}")
        out[k] = v
    return out


def parse_json(raw: bytes, limits: Limits = LIMITS, what: str = "certificate"):
    """JSON with the kernel's limits: no NaN or infinity, no duplicated keys, bounded nesting and
    integer size."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CertificateError(f"{what} is not UTF-8") from None
    depth = max_depth(text)
    if depth > limits.depth:
        raise CertificateError(f"{what} nests {depth} deep, over the limit of {limits.depth}")
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_reject_constant,
                          parse_int=_parse_int, parse_float=_parse_float)
    except CertificateError as exc:
        raise CertificateError(f"{what}: {exc}") from None
    except (json.JSONDecodeError, RecursionError) as exc:
        raise CertificateError(f"{what} is not JSON ({exc})") from None
    except ValueError as exc:  # an integer literal over Python's digit limit
        raise CertificateError(f"{what}: {exc}") from None


_TOKENS = re.compile(r'"(?:[^"\\]+|\\.)*"?|[\[\]{}]')


def max_depth(text: str) -> int:
    """The nesting depth of JSON text (brackets outside strings), in one pass: a string token always
    matches (its closing quote optional), so no quote is scanned from twice (linear in the text)."""
    depth = best = 0
    for token in _TOKENS.finditer(text):
        c = token.group()
        if c in "[{":
            depth += 1
            best = max(best, depth)
        elif c in "]}":
            depth -= 1
    return best


def load_npz(raw: bytes, limit: int, name: str) -> dict:
    """Integer or boolean arrays of a numpy zip archive (no pickled objects), at most ``limit`` bytes
    uncompressed."""
    import numpy as np

    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as z:
            total = sum(i.file_size for i in z.infolist())
        if total > limit:
            raise CertificateError(f"payload {name} unpacks to {total:,} bytes, over the limit of {limit:,}")
        with np.load(io.BytesIO(raw), allow_pickle=False) as z:
            out = {k: z[k] for k in z.files}
    except CertificateError:
        raise
    except Exception as exc:  # noqa: BLE001 - any unreadable archive is a bad payload
        raise CertificateError(f"payload {name} is not a readable .npz: {type(exc).__name__}") from None
    for k, a in out.items():
        if a.dtype.kind not in "iub":
            raise CertificateError(f"payload {name}: array {k} has dtype {a.dtype}, not integers")
    return out


# The kernel re-derives evidence with exact arithmetic; solvers may find answers, never check them.
# While a record is re-checked these packages cannot be imported (sympy only for symbolic records).
SOLVERS = ("scipy", "z3", "pysat", "numba")
CAS = ("sympy",)


class _Blocker(importlib.abc.MetaPathFinder):
    """Refuses imports of the packages on top of ``stack``; already-imported ones are unaffected."""

    def __init__(self):
        self.stack: list[frozenset] = []

    def find_spec(self, name, path=None, target=None):
        if self.stack and name.partition(".")[0] in self.stack[-1]:
            raise ModuleNotFoundError(f"{name} is not available while checking certificates", name=name)
        return None


_BLOCKER = _Blocker()


@contextmanager
def solver_free(allow_cas: bool = False):
    """Run a block with solvers (and, unless allowed, the CAS) unimportable, also when a parent imported
    them before forking (check-cert preloads the engines for re-derivations): their modules are out of
    ``sys.modules`` for the block, so an import of them is refused as if they had never been loaded."""
    if _BLOCKER not in sys.meta_path:
        sys.meta_path.insert(0, _BLOCKER)
    blocked = frozenset(SOLVERS + (() if allow_cas else CAS))
    _BLOCKER.stack.append(blocked)
    hidden = {name: sys.modules.pop(name) for name in [m for m in sys.modules if m.partition(".")[0] in blocked]}
    try:
        yield
    finally:
        _BLOCKER.stack.pop()
        sys.modules.update(hidden)
