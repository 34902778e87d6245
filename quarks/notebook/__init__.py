"""Notebook renderings: every displayable type gets ``_repr_html_`` and ``_repr_markdown_`` from
quarks.notebook.render, attached from above (so no value type imports it) when ``quarks`` is imported in
IPython or Jupyter; elsewhere call :func:`attach`."""
from __future__ import annotations

from quarks.notebook.classes import composition_class_html, composition_class_markdown
from quarks.notebook.render import (
    check_result_html,
    check_result_markdown,
    claim_html,
    claim_markdown,
    decomposition_html,
    decomposition_markdown,
    function_set_html,
    function_set_markdown,
    nonrealizability_html,
    nonrealizability_markdown,
    realization_html,
    realization_markdown,
    report_html,
    report_markdown,
    result_html,
    result_markdown,
    truth_table_html,
    truth_table_markdown,
    verdict_html,
    verdict_markdown,
)
from quarks.notebook.verbs import (
    estimate_html,
    estimate_markdown,
    export_html,
    export_markdown,
    ltl_answer_html,
    ltl_answer_markdown,
    refutation_html,
    refutation_markdown,
    temperature_html,
    temperature_markdown,
)


def attach() -> None:
    """Give every displayable type its ``_repr_html_`` and ``_repr_markdown_``."""
    from quarks.base.boolean import TruthTable
    from quarks.checking.binding import CheckResult
    from quarks.claims.answers import LtlAnswer
    from quarks.claims.claim import Claim, Verdict
    from quarks.claims.refute import Refutation
    from quarks.classes.evaluate import FunctionSet
    from quarks.coq.export import Export
    from quarks.ltl.temperature import TemperatureTable
    from quarks.run.driver import Report, Result
    from quarks.solvers.compose import CompositionClass
    from quarks.solvers.decompose import Decomposition, NonDecomposition
    from quarks.solvers.estimate import Estimate
    from quarks.solvers.realize import NonRealizability, Realization

    for cls, html_, markdown in (
            (TruthTable, truth_table_html, truth_table_markdown), (Verdict, verdict_html, verdict_markdown),
            (Claim, claim_html, claim_markdown), (CheckResult, check_result_html, check_result_markdown),
            (Report, report_html, report_markdown), (Result, result_html, result_markdown),
            (Realization, realization_html, realization_markdown),
            (NonRealizability, nonrealizability_html, nonrealizability_markdown),
            (CompositionClass, composition_class_html, composition_class_markdown),
            (Decomposition, decomposition_html, decomposition_markdown),
            (NonDecomposition, decomposition_html, decomposition_markdown),
            (FunctionSet, function_set_html, function_set_markdown),
            (LtlAnswer, ltl_answer_html, ltl_answer_markdown), (Refutation, refutation_html, refutation_markdown),
            (TemperatureTable, temperature_html, temperature_markdown), (Estimate, estimate_html, estimate_markdown),
            (Export, export_html, export_markdown)):
        cls._repr_html_ = lambda self, f=html_: f(self)
        cls._repr_markdown_ = lambda self, f=markdown: f(self)
