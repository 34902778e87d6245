"""Every module of the package imports under its own name (``import quarks.x.y as m``): no attribute of
``quarks`` or of a subpackage hides a subpackage, so Sphinx, pickling, mocking and scripts find them."""
import importlib
import pkgutil
import types

import pytest

import quarks

MODULES = sorted(info.name for info in pkgutil.walk_packages(quarks.__path__, "quarks.")
                 if not info.name.endswith("__main__"))


def test_the_package_has_its_modules():
    assert len(MODULES) > 100 and "quarks.ltl.syntax" in MODULES and "quarks.report.html" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_import_as(name):
    scope: dict = {}
    exec(f"import {name} as m", scope)   # the statement a user writes, attribute by attribute
    assert scope["m"] is importlib.import_module(name)


def test_no_attribute_shadows_a_subpackage():
    for name in MODULES:
        importlib.import_module(name)
        parent, _, child = name.rpartition(".")
        value = getattr(importlib.import_module(parent), child, None)
        assert isinstance(value, types.ModuleType), name


def test_no_private_module_of_another_package_is_imported():
    """Public interfaces of other packages only (scipy's private _highspy was one: highspy now)."""
    import ast
    from pathlib import Path

    bad = []
    for path in Path(quarks.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            bad += [f"{path.name}: {n}" for n in names
                    if n.split(".")[0] != "quarks" and any(p.startswith("_") for p in n.split(".")[1:])]
    assert bad == []
