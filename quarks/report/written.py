"""What ``quarks report`` wrote, as a value: a dict that renders in a notebook as a link to the page."""
from __future__ import annotations


class Written(dict):
    """The summary of :func:`quarks.report.build`: ``out``, ``index``, ``readme`` (paths), ``claims``,
    ``verdicts``, ``tables`` (counts) and ``plots`` (file names)."""

    def _repr_html_(self) -> str:
        from quarks.notebook.verbs import report_written_html

        return report_written_html(self)

    def _repr_markdown_(self) -> str:
        from quarks.notebook.verbs import report_written_markdown

        return report_written_markdown(self)
