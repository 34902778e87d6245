"""Exact checkers for evidence kinds that need more than the expression language.

Modules here import no solver and no computer-algebra system (only the standard library), so a
certificate is re-checked independently of whatever found it.
"""
