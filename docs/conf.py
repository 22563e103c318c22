"""Sphinx configuration: MyST pages, executed notebooks, a numpydoc API reference, offline MathJax.

The build needs no network: MathJax is copied from the ``django-static-mathjax``
wheel into the site, and intersphinx reads the inventories committed in
``_inventories/`` (written by ``_inventories/write.py``).
"""

from __future__ import annotations

import importlib
import inspect
import shutil
import sys
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import limits  # noqa: E402  (after the path: the docs document this tree)

project = "limits"
author = "The chutes-limits developers"
copyright = "the chutes-limits developers"  # noqa: A001  (Sphinx's name)
release = version = limits.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.intersphinx",
    "sphinx.ext.mathjax",
    "numpydoc",
    "sphinx_copybutton",
]
copybutton_prompt_text = r"\$ |>>> |\.\.\. "  # copy the command or the code, not the prompt
copybutton_prompt_is_regexp = True

root_doc = "index"
exclude_patterns = ["_build", "_inventories", "_templates", "**.ipynb_checkpoints", "jupyter_execute"]
templates_path = ["_templates"]
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}  # .rst first: autosummary writes it

# Markdown: the pages stay Markdown; $...$ and $$...$$ are mathematics
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence"]
myst_heading_anchors = 3
myst_dmath_double_inline = True
# MathJax typesets inside notebook outputs too: the objects' HTML carries its formulas between \( and \)
myst_mathjax_classes = "tex2jax_process|mathjax_process|math|output_area|text_html"

# notebooks run at every build; any error fails it
nb_execution_mode = "force"
nb_execution_timeout = 120
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True
# a widget's output is shown by its static text/html (the explorer's page in a frame): no widget manager,
# whose scripts would come from a CDN
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
nb_ipywidgets_js: dict[str, dict[str, str]] = {}

# the API reference, generated from the docstrings
autosummary_generate = True
autosummary_imported_members = False
autosummary_ignore_module_all = False
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_typehints = "none"  # numpydoc's sections say the types
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
numpydoc_validation_checks: set[str] = set()


def _home(package, name: str) -> str:
    """The module that defines ``package.name``: its ``__module__``, or the submodule that holds the same object."""
    import importlib
    import pkgutil

    obj = getattr(package, name)
    # a class or a function knows its module; data (a number, a table, a type alias) is found where it is listed
    home = obj.__module__ if inspect.isclass(obj) or inspect.isroutine(obj) else None
    if (home is None or not home.startswith("limits")) and hasattr(package, "__path__"):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            if name in getattr(module, "__all__", ()) and getattr(module, name, None) is obj:
                return module.__name__
    return home or package.__name__


def api_own(fullname: str) -> list[str]:
    """Names of ``fullname.__all__`` that the module itself defines (each gets its page)."""
    import importlib

    module = importlib.import_module(fullname)
    return [n for n in getattr(module, "__all__", ()) if _home(module, n) == fullname
            and not isinstance(getattr(module, n), types.GenericAlias)]  # an alias such as list[list[fmpq]]


def api_exported(fullname: str) -> list[tuple[str, str, str]]:
    """``(name, where it is defined, summary)`` for the names a package re-exports."""
    import importlib

    module = importlib.import_module(fullname)
    out = []
    for name in getattr(module, "__all__", ()):
        home = _home(module, name)
        if home != fullname:
            doc = (getattr(getattr(module, name), "__doc__", None) or "").strip()
            obj = getattr(module, name)
            summary = doc.splitlines()[0] if doc and (callable(obj) or isinstance(obj, type)) else ""
            out.append((name, f"{home}.{name}", summary))
    return out


def api_modules(fullname: str) -> list[str]:
    """The public submodules of a package (whatever its ``__all__`` says), named within it, for the tree."""
    import importlib
    import pkgutil

    module = importlib.import_module(fullname)
    return [info.name for info in pkgutil.iter_modules(getattr(module, "__path__", []))
            if not info.name.startswith("_")]


autosummary_context = {"api_exported": api_exported, "api_own": api_own, "api_modules": api_modules}
suppress_warnings = ["config.cache"]  # the context holds functions, so the environment is rebuilt each time

intersphinx_mapping = {
    name: (url, str(HERE / "_inventories" / f"{name}.inv"))
    for name, url in {
        "python": "https://docs.python.org/3/",
        "numpy": "https://numpy.org/doc/stable/",
        "sympy": "https://docs.sympy.org/latest/",
        "mpmath": "https://mpmath.org/doc/current/",
        "networkx": "https://networkx.org/documentation/stable/",
        "flint": "https://python-flint.readthedocs.io/en/latest/",
    }.items()
}
intersphinx_timeout = 1

# every cross-reference must resolve, except autodoc's names for type aliases (``typing.Policy``)
nitpicky = True
nitpick_ignore_regex = [
    ("py:(obj|class|data)", r"typing\..*"),
    ("py:class", r"limits\._identity\..*"),  # a private module, named in the package's docstring
    ("py:data", r"_STREAM_BITS|MAX_EXPONENT"),  # module constants outside __all__, named in docstrings
    ("py:attr", r"pdf_figures"),  # an argument of the report's build, named in a method's docstring
    ("py:meth", r"limits\.markup\.document\.Document\.table"),
    ("py:class", r"string"),  # argparse's own docstrings, inherited by the command line's parser
]

html_theme = "pydata_sphinx_theme"
html_title = f"limits {version}"  # the version in the navbar
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc", "download-notebook"],
}
html_static_path: list[str] = []
html_show_sourcelink = True

# MathJax from a wheel, not a CDN: the site reads its formulas offline
mathjax_path = "mathjax/tex-chtml.js"
mathjax3_config = {"tex": {"inlineMath": [["\\(", "\\)"]], "displayMath": [["\\[", "\\]"], ["$$", "$$"]]}}


def _mathjax_source() -> Path:
    import mathjax  # the django-static-mathjax wheel: MathJax 3 as plain files

    return Path(mathjax.__file__).resolve().parent / "static" / "mathjax" / "es5"


def _copy_files(app, exception) -> None:
    """MathJax into ``_static/mathjax``, and each example notebook beside its page, for downloading."""
    if exception is None and app.builder.format == "html":
        target = Path(app.outdir) / "_static" / "mathjax"
        if not (target / "tex-chtml.js").exists():
            shutil.copytree(_mathjax_source(), target, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("*.map", "mml-*", "*-svg*", "node-main.js"))
        for notebook in (HERE / "examples").glob("*.ipynb"):
            shutil.copy2(notebook, Path(app.outdir) / "examples" / notebook.name)


def _write_explorer(app, exception) -> None:
    """The explorer page of the paper's board, on its own, in ``_static/limits-explorer.html`` (docs/explorer.md)."""
    if exception is None and app.builder.format == "html":
        from limits.explore import explorer_data, explorer_html

        target = Path(app.outdir) / "_static" / "limits-explorer.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(explorer_html(explorer_data(delta=5)), encoding="utf-8")


def _no_widget_state(app, pagename, templatename, context, doctree) -> None:
    """Leave out the widget state myst-nb adds for a widget manager: no page runs one, the outputs show their
    static text/html (the explorer's state is its whole page a second time)."""
    scripts = context.get("script_files")
    if scripts:
        scripts[:] = [s for s in scripts
                      if getattr(s, "attributes", {}).get("type") != "application/vnd.jupyter.widget-state+json"]


def _canonical(target: str) -> str | None:
    """Where ``target`` is documented: a name of the package face (``BoardError``) or a re-export
    (``limits.coin.turn_outcomes``) becomes the path of the module that defines it."""
    target = target.removeprefix("~")
    if "." not in target:
        target = f"limits.{target}"
    module_name, _, name = target.rpartition(".")
    if not module_name.startswith("limits"):
        return None
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    if not hasattr(module, name) or name not in getattr(module, "__all__", ()):
        return None
    home = f"{_home(module, name)}.{name}"
    return home if home != target else None


def _resolve_elsewhere(app, env, node, contnode):
    """Resolve a Python reference to a re-exported name at the place the name is documented."""
    if node.get("refdomain") != "py":
        return None
    home = _canonical(node["reftarget"])
    if home is None:
        return None
    found = env.domains["py"].resolve_any_xref(env, node["refdoc"], app.builder, home, node, contnode)
    return found[0][1] if found else None


def setup(app) -> None:
    """Load MathJax on every page (notebook outputs carry formulas in HTML) and ship its files."""
    app.set_html_assets_policy("always")
    app.connect("build-finished", _copy_files)
    app.connect("build-finished", _write_explorer)
    app.connect("html-page-context", _no_widget_state, priority=900)  # after myst-nb's own, which adds it
    app.connect("missing-reference", _resolve_elsewhere)
