"""The package's structure, measured from its own imports (grimp, installed with import-linter):
units (the children of ``quarks``), top-level modules, layers (the import-linter contract) and
import edges between units.  Run from a checkout: ``python benchmarks/layout_units.py [ROOT] [-v]``."""
from __future__ import annotations

import collections
import json
import sys

import grimp
import tomllib


def measure(root: str) -> dict:
    sys.path.insert(0, root)
    graph = grimp.build_graph("quarks", include_external_packages=False)

    def unit(module: str) -> str | None:
        parts = module.split(".")
        return ".".join(parts[:2]) if len(parts) > 1 else None

    units = sorted({u for m in graph.modules if (u := unit(m))})
    edges: collections.Counter = collections.Counter()
    for m in graph.modules:
        for n in graph.find_modules_directly_imported_by(m):
            a, b = unit(m), unit(n)
            if a and b and a != b:
                edges[(a, b)] += 1
    with open(f"{root}/pyproject.toml", "rb") as f:
        layers = tomllib.load(f)["tool"]["importlinter"]["contracts"][0]["layers"]
    return {"units": len(units), "top_level_modules": sum(not graph.find_children(u) for u in units),
            "layers": len(layers), "edges": len(edges), "edge_list": sorted(f"{a} -> {b}" for a, b in edges)}


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "-v"]
    result = measure(args[0] if args else ".")
    edge_list = result.pop("edge_list")
    print(json.dumps(result))
    if "-v" in sys.argv:
        print("\n".join(edge_list))
