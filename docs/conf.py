"""Sphinx configuration: the API reference of quarks from its docstrings (``python -m sphinx -W -b html docs OUT``)."""
import os
import sys

sys.path.insert(0, os.path.abspath(".."))

project = "quarks"
author = "the quarks contributors"
copyright = "2026, the quarks contributors"
extensions = ["sphinx.ext.autodoc"]
autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"undoc-members": False}
default_role = "code"          # `x` in docstrings is code, as in the source
exclude_patterns = ["_build"]
html_theme = "alabaster"
