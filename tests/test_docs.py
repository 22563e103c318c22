"""The docs: a strict Sphinx build (warnings are errors, notebooks executed), and what it must hold.

The build runs once per session (the ``site`` fixture in ``tests/conftest.py``), in the slow
pass (``pytest -m slow``): it takes a minute and a half of CPU time. The
pages' Python examples run as doctests through pytest's ``--doctest-glob``, in every run.
"""

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import limits

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SUBPACKAGES = ("exact", "markup", "model", "game", "coin", "race", "limit", "survey", "display", "explore", "paper",
               "cli")
NOTEBOOKS = ("paper_in_ten_minutes", "loaded_die", "your_own_board", "the_coin", "racing")

built = pytest.mark.slow(reason="reads the docs site, built with Sphinx and its notebooks executed (90 s)")


@built
def test_sphinx_builds_without_warnings(site):
    for page in ("index", "errata", "published", "api", "mathematics", "development"):
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
    from limits.explore import external_references

    page = (site / "explorer.html").read_text(encoding="utf-8")
    assert page.count('<iframe title="limits explorer" srcdoc="') == 1  # the widget's static page, executed
    assert "widget-state+json" not in page  # no state for a widget manager that never runs
    assert 'href="_static/limits-explorer.html#delta=5&amp;p=0.99"' in page
    assert external_references((site / "_static" / "limits-explorer.html").read_text(encoding="utf-8")) == []


@built
def test_every_public_name_has_a_page_of_the_api_reference(site):
    missing = []
    for name in limits.__all__:
        obj = getattr(limits, name)
        if not callable(obj):  # a constant (DELTA) is documented on the page of its module
            module = f"limits.{limits._LAZY[name]}" if name in getattr(limits, "_LAZY", {}) else None
            if module is None or not (site / "generated" / f"{module}.html").exists():
                missing.append(f"limits.{name} (a constant of {module})")
            continue
        if not (site / "generated" / f"{obj.__module__}.{name}.html").exists():
            missing.append(f"limits.{name} ({obj.__module__})")
    for sub in SUBPACKAGES:
        package = importlib.import_module(f"limits.{sub}")
        if not (site / "generated" / f"limits.{sub}.html").exists():
            missing.append(f"limits.{sub}")
        for info in __import__("pkgutil").iter_modules(package.__path__):
            module = importlib.import_module(f"limits.{sub}.{info.name}")
            if info.name.startswith("_"):
                continue
            for name in getattr(module, "__all__", ()):
                obj = getattr(module, name)
                if getattr(obj, "__module__", module.__name__) == module.__name__ and not (
                        site / "generated" / f"{module.__name__}.{name}.html").exists():
                    missing.append(f"{module.__name__}.{name}")
    assert not missing, missing


def test_the_api_page_lists_the_package_face_where_each_name_lives():
    page = (DOCS / "api.md").read_text(encoding="utf-8")
    for name in limits.__all__:
        obj = getattr(limits, name)
        module = f"limits.{limits._LAZY[name]}" if isinstance(obj, int) else obj.__module__  # data: where it lives
        assert f"`{name} <{module}.{name}>`" in page, name


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
