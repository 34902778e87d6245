"""quarks: machine-checked theorems about attention, instance by instance, with certificates.

Floors, each importing only from its own floor or below (notes/README.md, "Layers"; checked by
lint-imports): cli > notebook > api, report > display > driver > binding > refute > registry > proofs > engines
(solvers, symbolic, ltl, attention, circuits, classes, approx) > evidence, certificate, claim >
certify (the checking kernel), coq > boolean, exact and the other core values.
"""
from .version import __version__  # noqa: F401

from .api import (capacity, check_certificates, claims, classes, count, decompose, prove, realize, show,  # noqa: E402,F401
                  verify)
from . import notebook as _notebook  # noqa: E402

_notebook.attach()   # notebook renderings, attached from above (quarks.display)
