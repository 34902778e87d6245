"""quarks: machine-checked theorems about attention, instance by instance, with certificates.

One folder per idea, in layers that only call downward; the list of the layers is the
import-linter contract in ``pyproject.toml`` (notes/README.md, "Layers", says what each holds).

Your own claims: ``from quarks import Claim, Source, Verdict, decide`` in a module of yours, then
``quarks --claims mine.py verify`` (README, "Your own claims").
"""
import sys as _sys

from quarks.api import (
    capacity,
    check_certificates,
    compile_ltl,
    count,
    decompose,
    estimate,
    export_coq,
    export_torch,
    function_set,
    list_claims,
    load_transformer,
    prove,
    realize,
    realize_many,
    refute,
    searches,
    show,
    soft_hard,
    temperature,
    verify,
    write_report,
)
from quarks.base.errors import MissingFile, NotFound, QuarksError, UsageError
from quarks.base.version import __version__
from quarks.claims.claim import Claim, Source, Verdict, decide

# No name here is also a subpackage's (quarks.claims, quarks.classes, quarks.ltl, quarks.report are
# packages): the verbs list, classes, ltl and report are list_claims, function_set, compile_ltl and
# write_report.
__all__ = ["Claim", "MissingFile", "NotFound", "QuarksError", "Source", "UsageError", "Verdict", "__version__",
           "capacity", "check_certificates", "compile_ltl", "count", "decide", "decompose", "estimate", "export_coq",
           "export_torch", "function_set", "list_claims", "load_transformer", "prove", "realize", "realize_many", "refute", "searches", "show",
           "soft_hard", "temperature", "verify", "write_report"]

if "IPython" in _sys.modules:   # in a notebook: the renderings (quarks.notebook)
    from quarks import notebook as _notebook

    _notebook.attach()
