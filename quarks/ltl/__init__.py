"""Temporal logic with counting: syntax, reference semantics, and compilation to transformers."""
