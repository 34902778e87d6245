"""quarks: machine-checked theorems about attention, instance by instance, with certificates."""
__version__ = "0.1.0"

from .api import claims, show, verify, check_certificates, prove  # noqa: E402,F401
