"""The docs: a strict Sphinx build (warnings are errors, notebooks executed), and what it must hold.

The build runs once per session (the ``site`` fixture in ``tests/conftest.py``), in the slow
pass (``pytest -m slow``): it takes a minute and a half of CPU time. The
pages' Python examples run as doctests through pytest's ``--doctest-glob``, in every run.
"""

import html
import importlib
import inspect
import re
import subprocess
import sys
from functools import cached_property
from pathlib import Path

import pytest

import limits

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
# the public tools outside the package face, by the module a script imports them from (docs/api.md)
TOOLS = {
    **{name: "limits.display.plot" for name in ("plot_board", "plot_classification", "plot_flip_map",
                                                 "plot_survival", "plot_pmf", "plot_sigma_curves", "plot_collapsed",
                                                 "plot_path", "plot_phase")},
    "plot_hierarchy": "limits.display.hierarchy", "plot_length_law": "limits.display.hierarchy",
    "plot_race_policy": "limits.display.race_map",
    **{name: "limits.explore" for name in ("explore", "explorer_html", "explorer_data", "parse_fragment",
                                            "view_fragment")},
    **{name: "limits.survey" for name in ("Survey", "run_survey", "summarise", "SurveySummary", "Spread",
                                           "BoardResult", "open_store", "ResultStore", "Engine")},
}
NOTEBOOKS = ("paper_in_ten_minutes", "loaded_die", "your_own_board", "the_coin", "racing")

built = pytest.mark.slow(reason="reads the docs site, built with Sphinx and its notebooks executed (90 s)")


@built
def test_sphinx_builds_without_warnings(site):
    for page in ("index", "errata", "published", "api", "mathematics", "development", "gallery"):
        assert (site / f"{page}.html").exists(), page
    assert (site / "_static" / "mathjax" / "tex-chtml.js").exists()


@built
def test_the_site_has_an_install_page_copy_buttons_and_the_version(site):
    install = (site / "install.html").read_text(encoding="utf-8")
    for words in ("chutes-limits", "pdflatex", "lmodern", "chromium", "without it"):
        assert words in install, words
    index = (site / "index.html").read_text(encoding="utf-8")
    assert f"limits {limits.__version__}" in index  # in the navbar
    assert "copybutton" in index and (site / "_static" / "copybutton.js").exists()


@built
def test_the_landing_page_has_the_two_commands_and_a_picture(site):
    index = (site / "index.html").read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<[^>]+>", "", index))  # the code as a reader sees it, past the highlighting
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = readme.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()  # the README opens with them
    assert len(commands) == 2 and all(line in text for line in commands), commands
    assert re.search(r"<img [^>]*src=\"_images/index[^\"]*\.png\"", index)  # drawn at build time


@built
def test_every_page_is_in_the_site(site):
    for page in DOCS.glob("*.md"):
        assert (site / f"{page.stem}.html").exists(), page.name


@built
def test_the_site_loads_nothing_from_the_network(site):
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        found = re.findall(r'<(?:script|link|img)\b[^>]*(?:src|href)="(https?:)?//', text)
        assert not found, (page.name, found[:3])
    assert 'src="_static/mathjax/tex-chtml.js' in (site / "mathematics.html").read_text(encoding="utf-8")


@built
def test_the_explorer_page_shows_the_widget_and_links_the_page(site):
    from tests.pages import external_references

    page = (site / "explorer.html").read_text(encoding="utf-8")
    assert page.count('<iframe title="limits explorer" srcdoc="') == 1  # the widget's static page, executed
    assert "widget-state+json" not in page  # no state for a widget manager that never runs
    assert 'href="_static/limits-explorer.html#delta=5&amp;p=0.99"' in page
    assert external_references((site / "_static" / "limits-explorer.html").read_text(encoding="utf-8")) == []


@built
def test_the_api_reference_documents_the_public_api(site):
    missing = []
    for name in limits.__all__:  # each name of the package face at its public name, limits.<name>
        page = site / "generated" / f"limits.{name}.html" if callable(getattr(limits, name)) else site / "api.html"
        if not page.exists() or f'id="limits.{name}"' not in page.read_text(encoding="utf-8"):
            missing.append(f"limits.{name}")
    for door in (limits.Chain, limits.Perturbation):  # the front doors with every verb
        page = (site / "generated" / f"limits.{door.__name__}.html").read_text(encoding="utf-8")
        verbs = [v for v, member in vars(door).items() if not v.startswith("_") and (
            inspect.isfunction(member) or isinstance(member, (classmethod, staticmethod, property, cached_property)))]
        missing += [f"limits.{door.__name__}.{v}" for v in verbs if f'id="limits.{door.__name__}.{v}"' not in page]
    for name, module in TOOLS.items():
        if not (site / "generated" / f"{module}.{name}.html").exists():
            missing.append(f"{module}.{name}")
    assert not missing, missing


@built
def test_the_api_reference_has_no_page_for_an_internal_module_or_name(site):
    public = {f"limits.{name}" for name in limits.__all__} | {f"{module}.{name}" for name, module in TOOLS.items()}
    pages = {page.stem for page in (site / "generated").glob("*.html")}
    assert pages <= public, sorted(pages - public)  # no module, no private name, nothing beside the public API
    api = (site / "api.html").read_text(encoding="utf-8")
    links = list(dict.fromkeys(re.findall(r'href="generated/([\w.]+)\.html"', api)))
    assert links[:3] == ["limits.Chain", "limits.build_chain", "limits.Perturbation"]  # the front doors first


def test_the_api_page_lists_the_package_face_and_the_tools():
    page = (DOCS / "api.md").read_text(encoding="utf-8")
    listed: dict[str, list[str]] = {}
    for module, names in re.findall(r"\.\. currentmodule:: ([\w.]+)\n\n\.\. autosummary::\n   :toctree: generated\n\n"
                                    r"((?:   \w+\n)+)", page):
        listed.setdefault(module, []).extend(names.split())
    face = listed.pop("limits")
    assert len(face) == len(set(face))
    assert set(face) == set(limits.__all__)
    assert face[:3] == ["Chain", "build_chain", "Perturbation"]
    assert {f"{m}.{n}" for m, names in listed.items() for n in names} == {f"{m}.{n}" for n, m in TOOLS.items()}
    for name, module in TOOLS.items():
        assert name in importlib.import_module(module).__all__, (module, name)  # public where it lives


@built
def test_the_gallery_draws_each_picture_from_the_code_beside_it(site):
    page = (site / "gallery.html").read_text(encoding="utf-8")
    figures = re.findall(r'<figure[^>]*>\s*<img [^>]*src="([^"]+\.png)"[^>]*>\s*<figcaption>', page)
    assert len(figures) >= 8, figures
    assert len(set(figures)) == len(figures), figures  # each its own file
    for src in figures:
        assert (site / src).stat().st_size > 5000, src  # a picture, drawn at build time
    sources = re.findall(r'<div class="highlight-python', page)
    assert len(sources) == len(figures)  # each figure with the lines that draw it
    for verb in ("plot_board", "plot_survival", "plot_pmf", "plot_sigma_curves", "plot_classification",
                 "plot_hierarchy", "plot_flip_map", "plot_race_policy"):
        assert verb in page, verb
    assert "gallery" in (DOCS / "index.md").read_text(encoding="utf-8").split("{toctree}")[1]


@built
def test_the_notebooks_ran_and_offer_their_source(site):
    for name in NOTEBOOKS:
        page = (site / "examples" / f"{name}.html").read_text(encoding="utf-8")
        assert (site / "examples" / f"{name}.ipynb").exists()
        assert f'href="{name}.ipynb"' in page
        outputs = re.findall(r'<div class="cell_output', page)
        assert len(outputs) >= 4, name  # executed: a notebook saved without outputs shows some
        assert "Traceback" not in page and "Error" not in re.sub(r"(BoardError|InfiniteExpectationError)", "", page)
    assert "limits-derivation" in (site / "examples" / "loaded_die.html").read_text(encoding="utf-8")


def test_the_notebooks_are_saved_without_outputs():
    import json

    for name in NOTEBOOKS:
        notebook = json.loads((DOCS / "examples" / f"{name}.ipynb").read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            assert not cell.get("outputs"), name  # the build executes them; the repository keeps the source


def test_readme_opens_with_the_two_commands():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    block = lines[lines.index("```sh") + 1: lines.index("```", lines.index("```sh") + 1)]
    assert len(block) == 2
    assert "pip install" in block[0] and "limits reproduce -o" in block[0]
    assert "pytest" in block[1]
    assert "pytest" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_ruff_finds_nothing():
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "limits", "chutes_limits.py", "tests", "benchmarks",
                           "docs", "conftest.py"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-3000:]


def test_development_page_matches_the_readme_and_the_tree():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = readme.index("```sh") + 1
    setup = readme[start: readme.index("```", start)]
    page = (DOCS / "development.md").read_text(encoding="utf-8")
    assert "\n".join(setup) in page  # the same two commands
    for bench in sorted((ROOT / "benchmarks").glob("*.py")):
        assert f"python benchmarks/{bench.name}" in page, bench.name
    assert "development" in (DOCS / "index.md").read_text(encoding="utf-8")  # in the toctree
