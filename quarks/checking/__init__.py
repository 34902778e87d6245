"""Binding a certificate to its registered claim: what it must say, re-derived, then the kernel."""
