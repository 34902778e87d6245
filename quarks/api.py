"""The Python API for notebooks: the same verbs as the command line."""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from quarks.base.errors import MissingFile, UsageError
from quarks.claims import registry

if TYPE_CHECKING:   # the result types, imported only for annotations (the verbs import lazily)
    from quarks.checking.binding import CheckResult
    from quarks.claims.answers import LtlAnswer
    from quarks.claims.claim import Claim
    from quarks.claims.refute import Refutation
    from quarks.classes.evaluate import FunctionSet
    from quarks.coq.export import Export
    from quarks.ltl.temperature import TemperatureTable
    from quarks.report.written import Written
    from quarks.run.driver import Report
    from quarks.solvers.decompose import Decomposition, NonDecomposition
    from quarks.solvers.realize import NonRealizability, Realization
    from quarks.transformers.export import Exported


def _patterns(items) -> tuple:
    """Glob patterns for the registry: strings as given, Claim objects (alone or in lists) registered
    (quarks.claims.registry.add) and named by id."""
    from quarks.claims.claim import Claim

    out: list = []
    for item in items:
        if isinstance(item, Claim):
            out.append(registry.add(item).id)
        elif isinstance(item, (list, tuple, set, frozenset)):
            out.extend(_patterns(item))
        else:
            out.append(item)
    return tuple(out)


def list_claims(*patterns) -> list[Claim]:
    """The registered claims (matching glob patterns or Claim objects, if given), in declaration order."""
    return registry.select(_patterns(patterns))


def verify(*patterns, tier="quick", max_n=None, jobs=None, timeout=None, out=None, store=None,
           resume=False, executor="local", scheduler=None, progress=None) -> Report:
    """Check claims (glob patterns, Claim objects or lists of them) instance by instance; returns a Report
    (``.results``, ``.table()``, ``.exit_code``).
    ``progress``: a bar (None: in a notebook or on a terminal)."""
    from quarks.base import store as store_mod
    from quarks.base.progress import wanted
    from quarks.run import driver

    return driver.verify(
        _patterns(patterns), tier=tier, max_n=max_n, jobs=jobs,
        timeout=timeout,
        out=driver.DEFAULT_OUT if out is None else out,
        store=store_mod.DEFAULT_PATH if store is None else store,
        resume=resume, executor=executor, scheduler=scheduler, progress=wanted(progress),
    )


def prove(*patterns, out=None, progress=False) -> list:
    """Check the Coq theorems of the claims matching the patterns: one dict per claim with
    ``status`` proved, not checked (coqc not installed) or failed."""
    from quarks.run import driver

    return driver.prove_claims(registry.select(_patterns(patterns)), out, progress=progress)


def show(claim_id, store=None) -> dict:
    """A claim's statement, instances and last recorded results."""
    from quarks.base import store as store_mod

    claim = registry.get(_patterns([claim_id])[0])
    info = claim.describe()
    info["paper"] = claim.source.paper
    if claim.origin is not None:
        info["claims_module"] = claim.origin.as_dict()
    info["instances"] = {t: claim.instances_for(t) for t in ("quick", "full")}
    path = Path(store) if store else store_mod.DEFAULT_PATH
    info["results"] = []
    if path.exists():
        with store_mod.Store(path) as db:
            info["results"] = db.results(claim.id)
            latest = db.latest(claim.id)
            info["proof"] = db.proof(claim.id) if claim.coq else None
        if latest:
            from quarks.claims.labels import label
            instances = [json.loads(r["instance"]) for r in latest]
            proof = info["proof"]["status"] if info.get("proof") else None
            info["verdict"] = label(claim, {r["status"] for r in latest}, instances, proof=proof).text
    return info


def check_certificates(*paths, statements: bool = True, rederive: bool = False, jobs: int | None = None,
                       progress=None) -> list[CheckResult]:
    """Re-check certificate files, or every certificate under a directory, as ``quarks check-cert`` does
    (the same confined children and batches, ``jobs`` of them at once, by default the cores); a list of
    CheckResult (``.ok``, ``.message``, ``.trust``) in the order of the files.  ``statements=False``:
    ``--evidence-only``; ``rederive``: ``--rederive``.  ``progress``: a bar (None: in a notebook or on
    a terminal).  MissingFile for a path that does not exist."""
    from contextlib import closing

    from quarks.base.progress import bar, wanted
    from quarks.certify.base import LIMITS
    from quarks.checking.batch import check_files
    from quarks.checking.binding import scratch

    if jobs is not None and not jobs > 0:
        raise UsageError(f"jobs must be a positive number of processes, got {jobs!r}")
    files = certificate_files(*paths)   # MissingFile (a FileNotFoundError) for a path that is not there
    checks = []
    with bar(len(files), "check-cert", wanted(progress) and len(files) > 1, unit="file") as b, scratch() as work, \
            closing(check_files(files, work, lambda path: LIMITS, jobs=jobs, evidence_only=not statements,
                                rederive=rederive)) as checked:
        for r in checked:
            checks.append(r)
            b.update(1)
    return checks


def _table(f, n=None):
    from quarks.base.boolean import TruthTable

    if isinstance(f, TruthTable):
        return f
    try:
        return TruthTable.parse(str(f), n)
    except ValueError as exc:
        raise UsageError(f"bad truth table: {exc}") from None


def _write_answer(claim_id: str, instance: dict, out, verdict=None, elapsed=None) -> None:
    """The certificate the verb's ``--out`` writes, written to ``out``."""
    from quarks.claims import answers

    answers.write(answers.certify(claim_id, instance, verdict=verdict, elapsed=elapsed)[1], out)


def realize(f, degree: int = 1, n: int | None = None, backend: str = "lp", out=None) -> Realization | NonRealizability:
    """Decide f in T(n;degree): a Realization (integer weights) or a NonRealizability (Farkas
    multipliers).  ``f`` is a TruthTable or a string ("0110", "0x96"); ``out``: write the certificate
    of ``quarks realize --out`` there (n <= 12)."""
    from quarks.solvers.realize import realize as _realize
    from quarks.solvers.realize_bounds import check_request

    table = _table(f, n)
    check_request(table, degree, backend)   # the CLI's bounds, before any work
    result = _realize(table, degree, backend=backend)
    if out is not None:
        _write_answer("explore.realize", {"table": table.to_hex(), "n": table.n, "d": degree, "backend": backend}, out)
    return result


def realize_many(tables, degree: int = 1, n: int | None = None, backend: str = "lp") -> list[Realization | NonRealizability]:
    """:func:`realize` for each of many functions in one process (imports and compiled kernels
    loaded once); ``tables`` are TruthTables or strings, ``n`` as for :func:`realize`."""
    from quarks.solvers.realize import realize as _realize
    from quarks.solvers.realize_bounds import check_request

    tables = [_table(f, n) for f in tables]
    for i, t in enumerate(tables):
        check_request(t, degree, backend, f"function {i}: ")
    return [_realize(t, degree, backend=backend) for t in tables]


def decompose(f, op: str = "AND", degrees=(1, 1), n: int | None = None, out=None) -> Decomposition | NonDecomposition:
    """f = B(f_1, f_2) with f_j in T(n;d_j), or a certificate that no such operands exist; ``out``:
    write the certificate of ``quarks decompose --op B --out`` there."""
    from quarks.claims.questions import decompose_check
    from quarks.solvers.decompose import decompose as _decompose
    from quarks.solvers.decompose import operator_table

    table, B = _table(f, n), operator_table(op)
    result = _decompose(table, B, list(degrees))
    if out is not None:
        inst = {"table": table.to_hex(), "n": table.n, "operator": B.to_string(), "degrees": list(result.degrees)}
        _write_answer("explore.decompose", inst, out, decompose_check(inst, result), result.stats.get("seconds"))
    return result


def function_set(expression: str, out=None) -> FunctionSet:
    """The set of Boolean functions a class expression denotes ("T(4;2) - T(4;1)"), as a FunctionSet
    (``.count()``, members); ``out``: write the certificate of ``quarks classes --count --out`` there (n <= 4)."""
    from quarks.classes import denote, parse, unparse

    node = parse(expression)
    if out is not None:
        _write_answer("explore.classes", {"expression": unparse(node), "mode": "count"}, out)
    return denote(node)


def count(n: int, degree: int = 1, progress=None, out=None) -> int:
    """The number of threshold functions ``|T(n;degree)|``, exactly.  ``progress``: a bar (None: in a
    notebook or on a terminal); ``out``: write the certificate of ``quarks count --out`` there (n <= 7)."""
    from quarks.base.progress import wanted
    from quarks.solvers.enumerate import check_count, count_threshold

    check_count(n, degree, certified=out is not None)   # the CLI's bounds, before any work
    if out is not None:
        from quarks.claims import answers

        _, cert = answers.certify("explore.count", {"n": n, "d": degree})
        answers.write(cert, out)
        return cert["data"]["answer"]
    return count_threshold(n, degree, progress=wanted(progress) and n >= 6)


def capacity(max_n: int, degrees=(1, 1), progress=None) -> list[dict]:
    """For n = 1..max_n: ``|T_B(n; d0, d1)|`` for the 10 irreducible binary B, with the bounds of
    Theorem 4.2 (``lower`` = ``prod |T(n-1;d_j)|``, ``upper`` = ``prod |T(n;d_j)|``)."""
    from quarks.base.progress import wanted
    from quarks.solvers.compose import binary_rows, check_capacity

    check_capacity(max_n)   # the CLI's bound, before any work
    return binary_rows(max_n, tuple(degrees), progress=wanted(progress))


def _rational(value, name: str):
    from fractions import Fraction

    try:
        q = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"{name} must be a positive rational, not {value!r}") from None
    if q <= 0:
        raise UsageError(f"{name} must be positive, not {value!r}")
    return q


def compile_ltl(formula: str, string: str | None = None, check_up_to: int | None = None, alphabet: str | None = None,
                variant: str = "temperature", c="2", tau_factor="1", out=None) -> LtlAnswer:
    """A TL[#] formula beside its compiled softmax transformer, on ``string`` (each position: the
    formula, the hard model, the softmax model and its certified radius) and/or on every string of
    length 1..``check_up_to``; an LtlAnswer (``.agrees``, ``.certificate()``, ``.write(path)``).
    ``variant``: temperature (tau(n) = 1/(c n)), unbounded, causal-temperature or causal; ``tau_factor``
    multiplies every temperature; ``out``: write the certificate of ``quarks ltl --out`` there."""
    import time

    import numpy as np

    from quarks.attention import batch
    from quarks.attention.run import soft_float
    from quarks.claims.answers import LtlAnswer
    from quarks.claims.questions import LTL_VARIANTS, MAX_LTL_WORDS
    from quarks.ltl.check import exhaustive_check, with_temperature_factor
    from quarks.ltl.compile import CompileError, compile_formula
    from quarks.ltl.semantics import truth
    from quarks.ltl.syntax import parse, show, symbols

    f = parse(formula)
    c, factor = _rational(c, "c"), _rational(tau_factor, "tau_factor")
    if string is None and check_up_to is None:
        raise UsageError("give a string or a length to check up to (--string S or --check-up-to N)")
    if string is not None and not string:
        raise UsageError("the string must not be empty")
    if string is not None and any(ch.isspace() for ch in string) and not (alphabet and " " in alphabet):
        raise UsageError(f"string {string!r}: one symbol per character, with nothing between them "
                         f"(write {''.join(string.split())!r}; a space is a symbol only when the alphabet has one)")
    if variant not in LTL_VARIANTS:
        raise UsageError(f"variant {variant!r} is not one of {', '.join(LTL_VARIANTS)}")
    alphabet = alphabet or "".join(sorted(symbols(f) | set(string or "")))
    for extra in "ab":  # at least two letters, so that the check means something
        if len(alphabet) < 2 and extra not in alphabet:
            alphabet += extra
    if len(set(alphabet)) != len(alphabet):
        raise UsageError(f"alphabet {alphabet!r} repeats a symbol")
    missing = (symbols(f) | set(string or "")) - set(alphabet)
    if missing:
        raise UsageError(f"symbols {''.join(sorted(missing))!r} are not in the alphabet {alphabet!r}")
    try:
        model = with_temperature_factor(compile_formula(f, list(alphabet), variant, c), factor)
    except CompileError as exc:
        raise UsageError(str(exc)) from None
    if check_up_to is not None and (check_up_to < 1 or sum(
            len(alphabet) ** k for k in range(1, check_up_to + 1)) > MAX_LTL_WORDS):
        raise UsageError(f"the length to check up to must be between 1 and the length where {MAX_LTL_WORDS} strings are reached")
    t0 = time.perf_counter()
    answer = LtlAnswer(show(f), alphabet, variant, c, factor, model, string=string, max_len=check_up_to)
    if string is not None:
        want = truth(f, string)
        res = batch.run(model, np.array([[model.alphabet.index(a) for a in string]]), certify=True)
        hard = res.x[model.output].floats()[0]
        assert res.r is not None   # certify=True: the radii are computed
        rad = res.r[model.output][0]
        soft = soft_float(model, string)[model.output]
        answer.positions = [{"i": i + 1, "symbol": a, "formula": bool(want[i]), "hard": int(hard[i]),
                             "soft": float(soft[i]), "radius": float(rad[i])} for i, a in enumerate(string)]
    if check_up_to is not None:
        answer.check = exhaustive_check(show(f), alphabet, check_up_to, variant, str(c), str(factor))
    answer.seconds = time.perf_counter() - t0
    if out is not None:
        answer.write(out)
    return answer


def export_torch(program, alphabet: str | None = None, variant: str = "temperature", length: int | None = None,
                 out=None, lens: int | None = None, lens_out=None, check_up_to: int | None = None, cert=None) -> Exported:
    """A network quarks compiles as a float64 torch module at its certified temperature, with the rounding
    step (``quarks export-torch``).  ``program``: a formula of TL[#] (with ``alphabet``, ``variant``), a program
    name (flipflop, induction, induction2 for lengths 1..``length``; dyck1, dyck2 for length ``length``) or a
    source dict (quarks.transformers.source).  ``out``: write the module (quarks.transformers.to_torch.load
    reads it); ``lens``: also build the TransformerLens HookedTransformer for that length (``lens_out``: write
    it); ``check_up_to``: run the module (and the HookedTransformer) on every word up to that length against
    the proved semantics; ``cert``: write the export's certificate (sha256 of the tensors, the claim and Coq
    theorem; ``quarks check-cert`` re-checks it without torch).  An Exported (``.module``, ``.sha256``,
    ``.lens``, ``.check``, ``.certificate``).  UsageError (one line) for a source quarks does not compile,
    torch or transformer_lens missing, or a network that does not fit TransformerLens."""
    from quarks.claims.answers import certify, write
    from quarks.transformers import export as ex_mod

    source = dict(program) if isinstance(program, dict) else ex_mod.source_of(program, alphabet, variant, length)
    done = ex_mod.export(source, torch_module=out is not None or cert is None or check_up_to is not None,
                         lens_length=lens, check_up_to=check_up_to)
    done.certificate = certify("explore.export-torch", done.compiled.source, "a source quarks compiles")[1]
    if done.certificate["data"]["sha256"] != done.sha256:
        raise RuntimeError("the export's sha256 is not its certificate's")
    if out is not None:
        from quarks.transformers import to_torch

        to_torch.save(done.module, out)
    if lens_out is not None and done.lens is not None:
        ex_mod.save_lens(done.lens, lens_out)
    if cert is not None:
        write(done.certificate, cert)
    return done


def refute(claim: str, out=None, coq: bool = True, **params) -> Refutation:
    """The smallest counterexample to a claim with a hypothesis dropped (``quarks refute``): the
    search's parameters as keywords (``quarks.refute("quarks.thm4.2", operator="X")``), typed by
    their defaults.  A found one has its certificate written into ``out`` (default
    .quarks/refutations) and re-checked; with ``coq`` the search's Coq gallery (the negated
    statements) is compiled.  A Refutation (``.found``, ``.instance``, ``.verdict``, ``.path``,
    ``.checked``, ``.certificate()``)."""
    from quarks.checking.binding import check_file
    from quarks.claims import refute as R

    ref = R.run(claim, pairs=[f"{k}={v}" for k, v in params.items()])
    if ref.found:
        ref.path = ref.write(R.DEFAULT_OUT if out is None else out)
        ref.checked = check_file(ref.path)
        if coq and ref.search.coq:
            from quarks.certify import coq_gate

            ref.coq = [{"theorem": p.ref, "status": p.status} for p in coq_gate.check_theorems(ref.search.coq)]
    return ref


def searches() -> list[dict]:
    """The registered counterexample searches (``quarks refute --searches``): the claim, the
    hypothesis dropped, the parameters with their defaults, notes and the Coq gallery."""
    from quarks.claims import refute as R

    return [{"claim": s.claim, "drops": s.hypothesis, "params": s.params, "notes": s.notes, "coq": list(s.coq)}
            for s in R.SEARCHES.values()]


def temperature(max_n: int = 10, step="1/4") -> TemperatureTable:
    """For each compiled construction (Y, S, U, sign test, lookup) and n = 2..max_n (<= 14), the
    largest multiple k * step of its temperature tau(n) at which every word of length n certifies
    (``quarks temperature table``); a TemperatureTable (``.rows``, ``.factors(name)``, ``.plot(path)``)."""
    from fractions import Fraction

    from quarks.ltl.temperature import TemperatureTable

    if not 2 <= max_n <= 14:
        raise UsageError(f"max_n must be between 2 and 14, not {max_n}")
    try:
        grid = Fraction(str(step))
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"step must be a positive rational, not {step!r}") from None
    if not 0 < grid <= 1:
        raise UsageError(f"step must lie in (0, 1], not {step}")
    return TemperatureTable.compute(max_n, grid)


def write_report(out="report", store=None) -> Written:
    """Write the static report of the results store (``quarks report``): ``out/index.html`` and
    ``out/README.md`` with every claim, its verdict and certificate, the count tables and the plots
    (``out`` is replaced as a whole).  A dict of what was written (``index``, ``claims``, ``verdicts``,
    ``tables``, ``plots``) that renders as a link; UsageError for an empty or unreadable store."""
    import sqlite3

    from quarks.base.store import DEFAULT_PATH
    from quarks.report import EmptyStore, build
    from quarks.report.written import Written

    path = Path(store) if store else DEFAULT_PATH
    try:
        return Written(build(path, Path(out)))
    except EmptyStore as exc:
        raise UsageError(f"{exc}; run `quarks verify` first") from None
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    except sqlite3.DatabaseError as exc:
        raise UsageError(f"{path} is not a results store ({exc})") from None
    except OSError as exc:
        raise UsageError(f"cannot write the report to {out}: {exc.strerror or exc}") from None


def estimate(n: int, paths: int | None = None, runs: int | None = None, method: str = "halves",
             seed: int | None = None, seconds: float | None = None, top: int | None = None, on_sample=None,
             progress=None):
    """Estimate ``|T(n;1)|`` (n <= 10), as ``quarks estimate``. ``method="halves"`` (the default): ``runs``
    samples (default 20, or as many as ``seconds`` of CPU allow) down the tree of halves, ``paths``
    walkers each (default 32), depth ``top`` enumerated exactly; a HalvesEstimate (``.count``: estimate,
    standard error, 95 % interval; ``.samples``: exact (seed, index, numerator)). ``method="smc"`` or
    ``"knuth"``: the older random walks (``paths`` required); an Estimate (``.count``, ``.nodes``,
    ``.regular``, ``.as_dict()``). ``on_sample`` is called after each sample (halves: with seed, index,
    numerator; walks: with the run's sample)."""
    from quarks.base.progress import wanted

    if method == "halves":
        import secrets

        from quarks.solvers import halftree as H

        H.check_request(n, top, paths, runs, seconds, seed)   # the CLI's bounds, before any work
        seed = secrets.randbits(63) if seed is None else seed
        runs = runs if runs is not None or seconds is not None else 20
        return H.estimate(n, 32 if paths is None else paths, top, seed, 0, runs, seconds, None, on_sample)
    from quarks.solvers import estimate as E

    if paths is None:
        raise UsageError(f"method {method} needs paths")
    return E.estimate(n, paths, runs=runs, seed=seed, method=method, seconds=seconds, progress=wanted(progress),
                      on_sample=on_sample)


def certificate_files(*paths) -> list[Path]:
    """The certificate files among ``paths``, a directory standing for every certificate under it
    (side payloads and the error records of failed checks excepted: ``*.error.json``, which prove
    nothing); MissingFile (a FileNotFoundError) for a path that does not exist."""
    from quarks.certificates.certificate import under

    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files += under(p)[0]
        elif p.is_file():
            files.append(p)
        else:
            raise MissingFile(f"{p}: no such file or directory")
    return files


def export_coq(*paths, out) -> Export:
    """Each threshold evidence record of the certificates (files or directories) as a Coq theorem
    (``quarks export-coq``): one .v file per theorem in ``out`` with the theories it needs, a
    _CoqProject and a Makefile (``cd out && make``).  An Export (``.theorems``, ``.files``, ``.items``:
    every record, with the theorem or the kind that has no Coq checker)."""
    from quarks.coq import export as coq_export

    items = [e for f in certificate_files(*paths) for e in coq_export.export(f)]
    return coq_export.Export(Path(out), items, coq_export.write(items, Path(out)))


def load_transformer(model) -> dict:
    """A network in the quarks-weights/1 format from: a weights dict, a ``.json`` / ``.npz`` weights file,
    a PyTorch ``.pt`` file holding ``{"cfg": ..., "state_dict": ...}`` (TransformerLens names), a tracr
    ``AssembledTransformerModel``, a TransformerLens ``HookedTransformer``, or ``"tracr:PROGRAM:MAX_SEQ_LEN"``
    (a tracr library program compiled now).  UsageError: one line saying what is unsupported or missing."""
    from quarks.transformers import weights as W

    try:
        if isinstance(model, dict):
            return W.canonical(model)
        if isinstance(model, str) and model.startswith("tracr:"):
            from quarks.transformers import from_tracr

            return from_tracr.library(model)[0]
        if isinstance(model, (str, Path)):
            path = Path(model)
            if not path.is_file():
                raise UsageError(f"{path}: no such file")
            if path.suffix in (".pt", ".pth"):
                from quarks.transformers import from_torch

                return from_torch.load_file(path)
            return W.load(path)
        kind = type(model).__name__
        if kind == "AssembledTransformerModel":
            from quarks.transformers import from_tracr

            return from_tracr.from_assembled(model)
        if kind == "HookedTransformer" or hasattr(model, "state_dict"):
            from quarks.transformers import from_torch

            return from_torch.from_hooked(model)
    except ValueError as exc:
        if isinstance(exc, UsageError):
            raise
        raise UsageError(str(exc)) from None
    raise UsageError(f"cannot read a transformer from a {type(model).__name__}")


def soft_hard(model, max_len: int, sample: int | None = None, seed: int = 0, eps="1/10", program=None,
              out=None, progress=None) -> dict:
    """Softmax against average-hard attention of a transformer (see :func:`load_transformer` for what
    ``model`` may be) on every input of length 1..max_len (or ``sample`` random words of each length,
    random.Random(seed)): the report of :func:`quarks.transformers.soft_hard.check` (agreement at the
    model's own temperature, gaps per layer, Theorem 26's temperature, the shortest disagreeing input and
    where soft and hard first differ, the program's comparison when ``program`` is given, or known for a
    tracr library program).  ``out``: also write the certificate of yang.soft-hard-weights (check-cert
    re-checks it), and, when Theorem 26 applies, ``<out stem>-thm26.json`` at its temperature."""
    from quarks.transformers import soft_hard as S

    if not isinstance(max_len, int) or not 1 <= max_len <= 64:
        raise UsageError(f"max_len must be between 1 and 64, not {max_len}")
    if program is None and isinstance(model, str) and model.startswith("tracr:"):
        from quarks.transformers import from_tracr

        w, program = from_tracr.library(model)
    else:
        w = load_transformer(model)
    samp = None if sample is None else {"count": int(sample), "seed": int(seed)}
    try:
        report = S.check(w, max_len, samp, eps, program=program, progress=progress)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if out is not None:
        from quarks.certificates import certificate

        out = Path(out)
        certificate.write(soft_hard_certificate(w, max_len, samp, eps), out)
        report["certificates"] = [str(out)]
        thm = report["theorem26"]
        if thm.get("applies"):
            extra = out.with_name(out.stem + "-thm26.json")
            certificate.write(soft_hard_certificate(w, max_len, samp, eps, tau=thm["tau"]), extra)
            report["certificates"].append(str(extra))
    return report


def soft_hard_certificate(model, max_len: int, sample=None, eps="1/10", tau: str = "own") -> dict:
    """The certificate of claim yang.soft-hard-weights for a network (anything :func:`load_transformer`
    reads) and instance: ``sample`` None or {"count", "seed"}, ``tau`` "own" or a "p/q" temperature."""
    import time

    from quarks.certificates import certificate
    from quarks.transformers import soft_hard as S

    claim = registry.get("yang.soft-hard-weights")
    inst = S.instance(load_transformer(model), max_len, sample, eps, tau)
    t0 = time.perf_counter()
    verdict = claim.run(inst)
    return certificate.build(claim, inst, verdict, elapsed=round(time.perf_counter() - t0, 3))
