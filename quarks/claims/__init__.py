"""The claim model, the registry that finds claims, and counterexample searches (refute)."""
