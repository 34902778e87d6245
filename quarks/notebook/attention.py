"""Renderings of an imported transformer's check: attention patterns soft against hard, the report.

:func:`patterns` gives each head's attention weights on one input, hard (exact) and soft (the centres of
the arb balls, for display only); :func:`attention_figure` draws them side by side with their difference
(matplotlib, extra ``plots``); :func:`soft_hard_html` renders the report of ``quarks.api.soft_hard``.
"""
from __future__ import annotations

from fractions import Fraction

from quarks.notebook.render import esc, html_table


def patterns(w: dict, word: list, tau=None) -> list:
    """[(layer, head, hard n x n floats, soft n x n floats)] for one input (BOS first when there is one)."""
    from quarks.certify import soft_hard as K

    net = K.parse(w)
    res = K.run(net, list(word), Fraction(tau if tau is not None else w.get("tau", 1)))
    n = res["n"]
    out = []
    for layer, head, A, As in res["patterns"]:
        hard = [[float(Fraction(int(A[i * n + j].p), int(A[i * n + j].q))) for j in range(n)] for i in range(n)]
        soft = [[float(As[i * n + j].mid()) for j in range(n)] for i in range(n)]
        out.append((layer, head, hard, soft))
    return out


def attention_figure(w: dict, word: list, tau=None, path=None):
    """One row per head: hard pattern, soft pattern, soft - hard; saved to ``path`` when given."""
    import numpy as np

    from quarks.base.errors import need

    need("matplotlib", "plots", "drawing attention patterns")
    import matplotlib

    if path is not None:
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pats = patterns(w, word, tau)
    toks = ([w["bos"]] if w.get("bos") is not None else []) + list(word)
    fig, axes = plt.subplots(max(1, len(pats)), 3, figsize=(9, 3 * max(1, len(pats))), squeeze=False)
    for row, (layer, head, hard, soft) in zip(axes, pats):
        H, S = np.array(hard), np.array(soft)
        for ax, M, title, cmap in ((row[0], H, "hard", "viridis"), (row[1], S, "soft", "viridis"),
                                   (row[2], S - H, "soft - hard", "coolwarm")):
            lim = max(1e-12, float(np.abs(M).max())) if title == "soft - hard" else 1
            im = ax.imshow(M, cmap=cmap, vmin=-lim if title == "soft - hard" else 0, vmax=lim)
            ax.set_title(f"layer {layer} head {head}: {title}", fontsize=9)
            ax.set_xticks(range(len(toks)), toks, fontsize=7, rotation=90)
            ax.set_yticks(range(len(toks)), toks, fontsize=7)
            fig.colorbar(im, ax=ax, fraction=0.046)
    fig.tight_layout()
    if path is not None:
        fig.savefig(path, dpi=100)
        plt.close(fig)
    return fig


def soft_hard_html(report: dict) -> str:
    """The report of quarks.api.soft_hard as an HTML block."""
    from quarks.transformers.soft_hard import verdict_line

    rows = [["network", report["describe"]], ["inputs", report["inputs"]],
            [f"own temperature {report['tau']}", verdict_line(report["own"])]]
    for k, g in enumerate(report["gaps"]):
        rows.append([f"layer {k} gap (Lemma 24)", f"{g['gap'] if g['gap'] is not None else '-'} ({', '.join(g['kinds'])})"])
    thm = report["theorem26"]
    rows.append(["Theorem 26", f"tau = {thm['tau']}: {verdict_line(thm['result'])}" if thm["applies"] else thm["reason"]])
    prog = report.get("program")
    if prog is not None:
        for key, what in (("hard_differs", "hard vs program"), ("soft_differs", "soft vs program")):
            f = prog[key]
            rows.append([what, "agrees" if f is None else f"{' '.join(map(str, f['word']))} at {f['position']}"])
    return html_table(["", ""], [[esc(a), esc(b)] for a, b in rows], align="left")
