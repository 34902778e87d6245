"""The engines a claim's check may use, imported once in a parent before it forks (``quarks verify``'s
workers, ``check-cert``'s re-derivations), so that each forked process does not pay for them again."""
from __future__ import annotations

PRELOAD = ("numpy", "sympy", "sympy.tensor.tensor", "sympy.physics.units", "numba", "scipy.optimize", "flint", "z3", "tqdm")
ENGINES = ("quarks.solvers", "quarks.symbolic", "quarks.ltl", "quarks.attention", "quarks.circuits", "quarks.classes",
           "quarks.approx", "quarks.certify", "quarks.certificates", "quarks.coq")


def preload() -> None:
    """Import once, in the parent, what every forked worker would otherwise import again: the
    libraries of PRELOAD, numba's CPU target (its registries: about 0.25 s of CPU a process) and the
    packages of ENGINES."""
    import importlib
    import pkgutil

    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    try:
        from numba.core.registry import cpu_target
        cpu_target.target_context.refresh()
    except ImportError:
        pass
    for name in ENGINES:
        pkg = importlib.import_module(name)
        for mod in pkgutil.walk_packages(pkg.__path__, f"{name}."):
            try:
                importlib.import_module(mod.name)
            except ImportError:   # an optional dependency missing: the worker imports what it can
                pass


def warm_kernels() -> None:
    """Compile (or load from numba's cache) the engines' numba kernels in the parent before it forks,
    by running the smallest classifications once, and fill the attention engine's table of exp
    bounds: the forked workers inherit both.  Otherwise every worker loads each kernel it reaches
    (about 0.4 s for the halves kernel), or on a fresh clone compiles it again until the cache is
    written (about 15 s of CPU each time), and rebuilds the table (0.1 s).  Also the three kernels of
    ``realize``'s reduced route (a threshold function, then x1 x2 or x3 x4): the quick start leaves them
    in numba's cache, so a fresh clone's first ``quarks realize`` of a non-threshold function loads them
    (0.6 s of CPU) instead of compiling them (6-7 s)."""
    from quarks.attention.batch import exp_table
    from quarks.base.boolean import TruthTable
    from quarks.circuits.capacity import capacity_table
    from quarks.solvers import reduced
    from quarks.solvers.enumerate import threshold_class
    from quarks.solvers.halves import pair_witnesses

    threshold_class(3, 1)
    threshold_class(3, 2)
    capacity_table(2)
    pair_witnesses(2, 1)
    reduced.solve(TruthTable(3, 0xEA))     # [2 x1 + x2 + x3 >= 2]: the regular LP
    reduced.solve(TruthTable(4, 0xF888))   # x1 x2 or x3 x4: 2-summable
    exp_table()
