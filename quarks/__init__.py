"""quarks: machine-checked theorems about attention, instance by instance, with certificates.

One folder per idea, in layers that only call downward; the list of the layers is the
import-linter contract in ``pyproject.toml`` (notes/README.md, "Layers", says what each holds).
"""
import sys as _sys

from quarks.api import capacity, check_certificates, claims, classes, count, decompose, prove, realize, show, verify
from quarks.base.version import __version__

__all__ = ["__version__", "capacity", "check_certificates", "claims", "classes", "count", "decompose", "prove",
           "realize", "show", "verify"]

if "IPython" in _sys.modules:   # in a notebook: the renderings (quarks.notebook)
    from quarks import notebook as _notebook

    _notebook.attach()
