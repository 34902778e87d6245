"""SymPy lemmas and the re-checker of symbolic evidence."""
