"""quarks: machine-checked theorems about attention, instance by instance, with certificates."""
__version__ = "0.1.0"

from .api import (capacity, check_certificates, claims, classes, count, decompose, prove, realize, show,  # noqa: E402,F401
                  verify)
