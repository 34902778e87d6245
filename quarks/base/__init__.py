"""Core values and utilities: truth tables, exact expressions, files, errors, progress, terminal, the results store."""
