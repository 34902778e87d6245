"""quarks: machine-checked theorems about attention, instance by instance, with certificates.

Floors, each importing only from its own floor or below (notes/README.md, "Layers"; checked by
lint-imports): cli > notebook > api, report > display > driver > binding > refute > registry > proofs > engines
(solvers, symbolic, ltl, attention, circuits, classes, approx) > evidence, certificate, claim >
certify (the checking kernel), coq > boolean, exact and the other core values.
"""
from quarks.base.version import __version__  # noqa: F401

from quarks.api import capacity, check_certificates, claims, classes, count, decompose, prove, realize, show, verify
import sys as _sys  # noqa: E402

if "IPython" in _sys.modules:   # in a notebook: the renderings, attached from above (quarks.notebook)
    from quarks import notebook as _notebook

    _notebook.attach()
