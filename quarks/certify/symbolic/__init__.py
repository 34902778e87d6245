"""Evidence kind ``symbolic``: a SymPy derivation re-run step by step (the only kind that may
import a computer-algebra system)."""
