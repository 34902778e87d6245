"""Errors a user can cause: the CLI prints them as one line and exits with code 2."""


class UsageError(ValueError):
    """Bad input: unknown claim, malformed truth table, n beyond what is feasible, bad syntax."""
