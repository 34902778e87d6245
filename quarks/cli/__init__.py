"""The ``quarks`` command line: one module per verb, each with ``add_parser`` and ``run``."""
from __future__ import annotations

import argparse
import importlib
import sys

from quarks.base.errors import NEEDS_YES, NeedsConfirmation, QuarksError
from quarks.base.terminal import printable

# verb -> module under quarks.cli
COMMANDS = {
    "verify": "verify",
    "list": "listing",
    "show": "show",
    "check-cert": "check_cert",
    "claims-table": "claims_table",
    "ltl": "ltl",
    "realize": "realize",
    "count": "count",
    "estimate": "estimate",
    "capacity": "capacity",
    "decompose": "decompose",
    "temperature": "temperature",
    "report": "report",
    "classes": "classes",
    "refute": "refute",
    "prove": "prove",
    "export-coq": "export_coq",
    "soft-hard": "soft_hard",
    "export-torch": "export_torch",
}


class OneLineParser(argparse.ArgumentParser):
    """Usage errors as one line (``quarks VERB: error: ...``) and exit code 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def parser() -> argparse.ArgumentParser:
    p = OneLineParser(
        prog="quarks",
        description="Machine-check theorems about attention instance by instance, with certificates.",
    )
    from quarks import __version__
    from quarks.cli import claims_option

    p.add_argument("--version", action="version", version=f"quarks {__version__}")
    claims_option.add(p, dest="claims_before")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    for verb, mod in COMMANDS.items():
        importlib.import_module(f"{__name__}.{mod}").add_parser(sub, verb)
        if verb in claims_option.VERBS:
            claims_option.add(sub.choices[verb])
    return p


def main(argv=None) -> int:
    import signal
    import sqlite3

    if hasattr(signal, "SIGPIPE"):  # `quarks list | head`: stop quietly like other Unix tools
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    p = parser()
    args = p.parse_args(argv)
    if not args.command:
        p.print_help()
        return 2
    try:
        from quarks.cli import claims_option

        claims_option.load(args)
        return int(args.func(args) or 0)
    except QuarksError as exc:   # bad input, from the API's checks or the verb's own: one line, exit 2
        print(printable(f"quarks {args.command}: error: {exc}"), file=sys.stderr)
        return 2
    except NeedsConfirmation as exc:   # a job of hours: said before it starts, started only with --yes
        print(printable(str(exc)), file=sys.stderr)
        return NEEDS_YES
    except sqlite3.DatabaseError as exc:
        print(f"quarks {args.command}: error: results database: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a path that cannot be written or read: one line, never a traceback
        where = f": {exc.filename}" if getattr(exc, "filename", None) else ""
        print(printable(f"quarks {args.command}: error: {exc.strerror or exc}{where}"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("quarks: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
