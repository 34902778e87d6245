"""quarks: machine-checked theorems about attention, instance by instance, with certificates.

One folder per idea, in layers that only call downward; the list of the layers is the
import-linter contract in ``pyproject.toml`` (notes/README.md, "Layers", says what each holds).

Your own claims: ``from quarks import Claim, Source, Verdict, decide`` in a module of yours, then
``quarks --claims mine.py verify`` (README, "Your own claims").
"""
import sys as _sys

# the packages quarks.classes, quarks.ltl and quarks.report first, so that the verbs below take their names
from quarks import classes as _classes_package  # noqa: F401
from quarks import ltl as _ltl_package  # noqa: F401
from quarks import report as _report_package  # noqa: F401
from quarks.api import (
    capacity,
    check_certificates,
    claims,
    classes,
    count,
    decompose,
    estimate,
    export_coq,
    ltl,
    prove,
    realize,
    realize_many,
    refute,
    report,
    searches,
    show,
    temperature,
    verify,
)
from quarks.base.version import __version__
from quarks.claims.claim import Claim, Source, Verdict, decide

__all__ = ["Claim", "Source", "Verdict", "__version__", "capacity", "check_certificates", "claims", "classes", "count",
           "decide", "decompose", "estimate", "export_coq", "ltl", "prove", "realize", "realize_many", "refute", "report",
           "searches", "show", "temperature", "verify"]

if "IPython" in _sys.modules:   # in a notebook: the renderings (quarks.notebook)
    from quarks import notebook as _notebook

    _notebook.attach()
