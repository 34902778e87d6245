"""quarks: machine-checked theorems about attention, instance by instance, with certificates.

The package is a stack of layers, each a folder that imports only from the layers below it (the
list is the import-linter contract in ``pyproject.toml``): ``cli`` > ``api``, ``report`` >
``notebook`` > ``run`` > ``checking`` > ``proofs`` > ``claims``, ``coq`` > the engines (``solvers``,
``symbolic``, ``ltl``, ``attention``, ``circuits``, ``classes``, ``approx``) > ``certificates`` >
``certify`` (the checking kernel) > ``base``.
"""
import sys as _sys

from quarks.api import capacity, check_certificates, claims, classes, count, decompose, prove, realize, realize_many, show, verify
from quarks.base.version import __version__

__all__ = ["__version__", "capacity", "check_certificates", "claims", "classes", "count", "decompose", "prove",
           "realize", "realize_many", "show", "verify"]

if "IPython" in _sys.modules:   # in a notebook: the renderings (quarks.notebook)
    from quarks import notebook as _notebook

    _notebook.attach()
