"""Errors a user can cause: one family, :class:`QuarksError`, each kind also the matching built-in
(``except ValueError`` still catches bad input).  The CLI prints them as one line and exits with code 2."""


class QuarksError(Exception):
    """Bad input to quarks, from Python or the command line; raised before any work starts."""


class UsageError(QuarksError, ValueError):
    """Bad input: malformed truth table, n beyond what is feasible, bad syntax."""


class NotFound(QuarksError, LookupError):
    """Something named that is not there: an unknown claim, an empty results store."""


class MissingFile(QuarksError, FileNotFoundError):
    """A path that does not exist."""


class NeedsConfirmation(Exception):
    """Work forecast to take longer than an hour, not started without ``--yes``: the CLI prints
    the forecast as one line and exits with :data:`NEEDS_YES`."""


NEEDS_YES = 4   # the exit code of a long job not started


def need(module: str, extra: str, what: str):
    """Import an optional dependency, or say in one line which extra installs it (UsageError)."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise UsageError(f"{what} needs {module.split('.')[0]}, an optional dependency: "
                         f"pip install 'quarks[{extra}]'") from None
