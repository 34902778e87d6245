"""quarks report: built from a quick run of a few fast claims into a temporary store."""
import json
import re
import urllib.parse

import pytest

from quarks.checking import binding
from quarks.cli import main
from quarks.run.driver import verify

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
# fast claims: counts (thm4.1 at n = 4 records |T(3;1)|, |T(4;1)| and the gated classes), a refutation as printed (eq4.1-zuev), Lemma 7 and 9,
# and a test claim whose statement needs escaping (2^n >= n^2)
CLAIMS = ["quarks.thm4.1", "quarks.eq4.1-zuev", "yang.lemma7", "yang.lemma9", "test.bad-bound"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("report")
    store = root / "results.sqlite"
    rep = verify(CLAIMS, tier="quick", jobs=2, timeout=120, out=root / "certs", store=store)
    assert rep.exit_code == 0, rep.table()
    out = root / "site"
    assert main(["report", "--store", str(store), "--out", str(out)]) == 0
    return root, store, out, rep


def links(html_text, attr="href"):
    return re.findall(attr + r'="([^"#][^"]*)"', html_text)


def test_index_and_readme_exist(built):
    _, _, out, rep = built
    index = (out / "index.html").read_text()
    assert index.startswith("<!DOCTYPE html>") and index.rstrip().endswith("</html>")
    assert (out / "README.md").is_file()
    for c in CLAIMS:
        assert f'id="{c}"' in index


def test_every_link_resolves_to_a_file_inside_the_report(built):
    _, _, out, rep = built
    index = (out / "index.html").read_text()
    hrefs = links(index)
    assert len([h for h in hrefs if h.endswith(".json")]) >= len(rep.results)
    for h in hrefs + links(index, "src"):
        assert not h.startswith(("http:", "https:", "/")), h  # offline and relative
        target = out / urllib.parse.unquote(h.replace("&amp;", "&"))
        assert target.is_file(), h
        assert out.resolve() in target.resolve().parents
    readme = (out / "README.md").read_text()
    for h in re.findall(r"\]\(([^)#]+)\)", readme):
        assert (out / urllib.parse.unquote(h)).is_file(), h


def test_copied_certificates_recheck(built):
    _, _, out, _ = built
    files = sorted((out / "certificates").rglob("*.json"))
    assert files
    for f in files:
        assert binding.check_file(f, rederive=True).ok, f


def test_pngs_are_valid(built):
    _, _, out, _ = built
    for name in ("capacity", "ratios", "softmax"):
        data = (out / f"{name}.png").read_bytes()
        assert data[:8] == PNG_MAGIC and data[12:16] == b"IHDR"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert width > 300 and height > 200


def test_verdicts_tables_and_escaping(built):
    _, _, out, _ = built
    index = (out / "index.html").read_text()
    readme = (out / "README.md").read_text()
    # the refutation as printed is marked, with its counterexample
    assert "Refuted as printed" in index and "quarks.eq4.1-zuev" in index
    row = index[index.index('id="quarks.eq4.1-zuev"'):]
    assert "refuted as printed" in row[:row.index("</tr>")]
    # exact counts read from the certificates: |T(n;1)| for n = 1, 3, 4 and the gating sizes at n = 4
    for value in ("1,882", "104", "4", "32,506", "54,310"):
        assert f">{value}<" in index
    assert "| 4 | 1,882 |" in readme
    # text from the data is escaped
    assert "2^n &gt;= n^2" in index and "2^n >= n^2" not in index


def test_rebuild_replaces_the_directory(built):
    root, store, out, _ = built
    stray = out / "stale.txt"
    stray.write_text("old")
    assert main(["report", "--store", str(store), "--out", str(out)]) == 0
    assert not stray.exists() and (out / "index.html").is_file()
    assert not [p for p in out.parent.iterdir() if p.name.startswith(f".{out.name}.")]


def test_refuses_to_replace_a_foreign_directory(built, capsys):
    root, store, _, _ = built
    foreign = root / "mine"
    foreign.mkdir()
    (foreign / "keep.txt").write_text("precious")
    assert main(["report", "--store", str(store), "--out", str(foreign)]) == 2
    assert (foreign / "keep.txt").read_text() == "precious"
    assert "not a quarks report directory" in capsys.readouterr().err


def test_empty_or_missing_store_exits_two(tmp_path, capsys):
    from quarks.base.store import Store

    Store(tmp_path / "empty.sqlite").close()
    assert main(["report", "--store", str(tmp_path / "empty.sqlite"), "--out", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "holds no verdicts" in err
    assert not (tmp_path / "r").exists()
    assert main(["report", "--store", str(tmp_path / "none.sqlite"), "--out", str(tmp_path / "r")]) == 2
    assert "no results store" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite").exists()
    (tmp_path / "junk.sqlite").write_text("not a database at all " * 100)
    assert main(["report", "--store", str(tmp_path / "junk.sqlite"), "--out", str(tmp_path / "r")]) == 2
    assert "is not a results store" in capsys.readouterr().err
    assert not (tmp_path / "r").exists()


def test_missing_certificate_is_shown_not_linked(tmp_path):
    from quarks.base.store import Store

    with Store(tmp_path / "s.sqlite") as db:
        run = db.begin_run("0", {})
        db.record(run, "quarks.thm4.1", json.dumps({"n": 9}), "0", "verified", "verified", "gone", 1.0,
                  str(tmp_path / "nowhere.json"))
    assert main(["report", "--store", str(tmp_path / "s.sqlite"), "--out", str(tmp_path / "r")]) == 0
    index = (tmp_path / "r" / "index.html").read_text()
    assert "certificate not found" in index
    assert (tmp_path / "r" / "softmax.png").is_file()  # recomputed, needs no certificate
    assert not (tmp_path / "r" / "capacity.png").exists() and "quarks verify quarks.thm4.2" in index


def test_fresh_run_with_default_paths(workdir):
    """quarks verify (default store and certificate paths, relative) then quarks report."""
    assert main(["verify", "yang.lemma9", "test.bad-bound", "-q", "-j", "2"]) == 0
    assert main(["report"]) == 0
    out = workdir / "report"
    index = (out / "index.html").read_text()
    assert 'href="certificates/yang.lemma9/default.json"' in index
    assert (out / "certificates" / "yang.lemma9" / "default.json").is_file()
    assert (out / "softmax.png").read_bytes()[:8] == PNG_MAGIC


def test_a_page_per_claim_with_tables_and_coq(tmp_path):
    import quarks
    from quarks.report import build

    (tmp_path / "s").mkdir()
    quarks.verify("quarks.thm4.3-lower-as-printed", "navon.integer-optimum", store=tmp_path / "s" / "r.sqlite",
                  out=tmp_path / "c")
    build(tmp_path / "s" / "r.sqlite", tmp_path / "rep")
    index = (tmp_path / "rep" / "index.html").read_text()
    assert 'href="claims/quarks.thm4.3-lower-as-printed.html"' in index
    page = (tmp_path / "rep" / "claims" / "quarks.thm4.3-lower-as-printed.html").read_text()
    assert "counterexample" in page and "m_n2" in page and "quick tier" in page
    assert "arXiv:2202.08371" in page
    proved = (tmp_path / "rep" / "claims" / "navon.integer-optimum.html").read_text()
    assert "NavonOptimum.v" in proved and "integer_optimum" in proved


def test_first_screen_and_claim_pages_read_as_mathematics(built):
    """Summary per paper and a table of contents first; refutations grouped per claim; claim pages
    without JSON quotes or an empty header row; cited Coq theorems with their text and source line."""
    from quarks.report.html import value_text

    _, _, out, _ = built
    index = (out / "index.html").read_text()
    assert index.index('<h2 id="summary">') < index.index('id="refuted"') < index.index('<h2 id="claims">')
    assert "proved in Coq (all parameters)" in index and 'href="#refuted"' in index
    assert value_text(["/", 1, ["*", 2, "n"]]) == "1/(2 · n)" and value_text("x") == "x"
    page = (out / "claims" / "quarks.eq4.1-zuev.html").read_text()
    assert "<th" not in page.split("<h2")[0].split("</h1>")[1]      # the facts table has no empty header
    assert '&quot;' not in page and '"]' not in page                # values are not JSON
    m = re.search(r'href="\.\./(coq/[^"#]+)#L(\d+)"', page)
    assert m, "a cited theorem links to its source line"
    theory = (out / m.group(1)).read_text()
    assert f'id="L{m.group(2)}"' in theory and "<pre>" in page


def test_summary_counts_agree_with_the_coverage_table(tmp_path):
    """Issue 36, point 7: every claim of the coverage table is in the report, and the summary's
    "Refuted as printed (N)" equals its per-paper column; our variants (a temperature too high) are
    refuted but not printed errors, counted in their own column, as the coverage table marks them."""
    from quarks.base.store import Store
    from quarks.claims import registry
    from quarks.claims.claim import instance_key
    from quarks.cli.claims_table import coverage, coverage_markdown
    from quarks.report import collect
    from quarks.report.html import _refuted_items, paper_tally, summary_section

    listed = [c for c in registry.listed().values() if not c.id.startswith("test.")]
    with Store(tmp_path / "results.sqlite") as db:   # every claim decided as expected on one instance
        run = db.begin_run("0", {})
        for c in listed:
            inst = (c.instances_for("quick") or c.instances_for("full") or [{}])[0]
            db.record(run, c.id, instance_key(inst), "0", c.expected, c.expected, "as expected", 0.1, None)
    results = collect(tmp_path / "results.sqlite")
    results.claims = [row for row in results.claims if not row.id.startswith("test.")]
    tally = paper_tally(results)
    total = {k: sum(n[k] for n in tally.values()) for k in next(iter(tally.values()))}
    table = coverage_markdown()
    assert total["claims"] == len(listed) == int(re.search(r"(\d+) claims:", table).group(1))
    refuted = [c for c in listed if coverage(c) == "refuted"]
    variants = [c for c in refuted if c.variant]
    assert variants and total["our variant refuted"] == len(variants) == table.count("refuted (our variant")
    assert total["refuted as printed"] == len(refuted) - len(variants) == len(_refuted_items(results))
    from quarks.report.markdown import page

    assert f"## Refuted as printed ({total['refuted as printed']})" in page(results, [], [], {"store": "s", "generated": "now"})
    html = summary_section(results, {"store": "s", "generated": "now"})
    assert f"Refuted as printed ({total['refuted as printed']})" in html
    assert f"{len(listed)} claim(s), as in the coverage table" in html


def test_instances_read_as_text_not_as_file_names(tmp_path):
    """Issue 36, point 8: the report shows relation='==' (instance_text), not the file stem relation===."""
    from quarks.report import Entry

    e = Entry("navon.x", {"relation": "==", "n": 2}, "verified", "verified", "ok", 0.1, "0", "now")
    assert e.text == "n=2, relation='=='" and e.label == "n=2,relation==="
