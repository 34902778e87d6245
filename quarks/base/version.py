"""The package version (one place; quarks.__version__ reads it)."""
__version__ = "0.1.0"
