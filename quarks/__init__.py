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
    claims,
    classes,
    count,
    decompose,
    estimate,
    export_coq,
    export_torch,
    load_transformer,
    ltl,
    prove,
    realize,
    realize_many,
    refute,
    report,
    searches,
    show,
    soft_hard,
    temperature,
    verify,
)
from quarks.base.version import __version__
from quarks.claims.claim import Claim, Source, Verdict, decide

__all__ = ["Claim", "Source", "Verdict", "__version__", "capacity", "check_certificates", "claims", "classes", "count",
           "decide", "decompose", "estimate", "export_coq", "export_torch", "load_transformer", "ltl", "prove", "realize",
           "realize_many", "refute", "report", "searches", "show", "soft_hard", "temperature", "verify"]



class _Package(type(_sys)):
    """quarks.classes, quarks.ltl and quarks.report name the verbs, also after their packages (of the
    same names) are imported: importing a subpackage does not rebind its name here."""

    def __setattr__(self, name, value):
        if name in ("classes", "ltl", "report") and isinstance(value, type(_sys)):
            return
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Package

if "IPython" in _sys.modules:   # in a notebook: the renderings (quarks.notebook)
    from quarks import notebook as _notebook

    _notebook.attach()
