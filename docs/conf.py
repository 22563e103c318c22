"""Sphinx configuration: MyST pages, executed notebooks, a numpydoc API reference, offline MathJax.

The build needs no network: MathJax is copied from the ``django-static-mathjax``
wheel into the site, and intersphinx reads the inventories committed in
``_inventories/`` (written by ``_inventories/write.py``).
"""

from __future__ import annotations

import importlib
import os
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
# the notebooks' kernels too: they import this tree, not whatever copy of the package is installed
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE.parent), os.environ.get("PYTHONPATH")]))

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
    "matplotlib.sphinxext.plot_directive",
]
copybutton_prompt_text = r"\$ |>>> |\.\.\. "  # copy the command or the code, not the prompt
copybutton_prompt_is_regexp = True

# the gallery (gallery.md): each figure drawn at build time by the code shown above it
plot_include_source = True
plot_html_show_source_link = False
plot_html_show_formats = False
plot_formats = [("png", 100)]
plot_rcparams = {"savefig.bbox": "tight"}  # a legend beside the axes stays in the picture

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
    # a page with no pages under it shows no left sidebar, rather than an empty "Section Navigation"
    "sidebar_includehidden": False,
}
html_static_path = ["_static"]
html_css_files = ["limits.css"]  # a wide content column, and titles that fit their box on a phone too
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


def _public_names(env) -> dict[int, str]:
    """Each object the reference documents, by its ``id``, with the name it is documented under."""
    names = getattr(env, "_limits_public", None)
    if names is None:
        names = {}
        for fullname, entry in env.domains["py"].objects.items():
            if entry.objtype in ("class", "function", "exception", "data") and not entry.aliased:
                obj = _lookup(fullname)
                if obj is not None and not isinstance(obj, (int, str)):
                    names.setdefault(id(obj), fullname)
        env._limits_public = names
    return names


def _lookup(target: str):
    """The object a dotted ``limits`` name means, or None: attributes first (``limits.derive`` is the function,
    not the module of an older name), a submodule where there is no attribute (``limits.race.race``)."""
    parts = target.split(".")
    try:
        obj = importlib.import_module(parts[0])
        for i, part in enumerate(parts[1:], start=2):
            try:
                obj = getattr(obj, part)
            except AttributeError:  # a submodule not yet imported, or one the package face hides (``limits.race``)
                obj = importlib.import_module(".".join(parts[:i]))
    except ImportError:
        return None
    return obj


def _candidates(node) -> list[str]:
    """The full names a reference may mean: as written, or relative to the module and class it is written in,
    or to the module that defines the object whose docstring holds it (``ROUTES`` in the docstring of
    ``limits.SeatChances`` is ``limits.game.seat_chances.ROUTES``)."""
    target = node["reftarget"].removeprefix("~").removeprefix(".")
    module, cls = node.get("py:module") or "limits", node.get("py:class")
    if target.startswith("limits.") or target == "limits":
        return [target]
    places = [f"{module}.{cls}", module] if cls else [module]
    places.append("limits")  # a name of the package face: ``RuleError``
    documented = node["refdoc"].removeprefix("generated/")
    for owner in (f"{module}.{cls}" if cls else None, documented if documented != node["refdoc"] else None):
        home = getattr(_lookup(owner), "__module__", None) if owner else None
        if isinstance(home, str) and home.startswith("limits"):
            places.append(home)
    return [f"{place}.{target}" for place in places]


def _resolve_elsewhere(app, env, node, contnode):
    """A reference to a name by its internal path (``limits.front.game.Chain.moments``) goes to the page of
    the public name (``limits.Chain.moments``); one to an internal object that the public reference leaves
    out (a module, a helper) stays as code without a link. A name that does not exist still warns."""
    if node.get("refdomain") != "py":
        return None
    public = _public_names(env)
    for target in _candidates(node):
        parts = target.split(".")
        for cut in range(len(parts), 1, -1):
            obj = _lookup(".".join(parts[:cut]))
            if obj is not None and id(obj) in public:
                home = ".".join([public[id(obj)], *parts[cut:]])
                found = env.domains["py"].resolve_any_xref(env, node["refdoc"], app.builder, home, node, contnode)
                if found:
                    return found[0][1]
                break
    if any(_lookup(target) is not None for target in _candidates(node)):
        return contnode  # real, but internal: shown as code, with no page to link to
    return None


def setup(app) -> None:
    """Load MathJax on every page (notebook outputs carry formulas in HTML) and ship its files."""
    app.set_html_assets_policy("always")
    app.connect("build-finished", _copy_files)
    app.connect("build-finished", _write_explorer)
    app.connect("html-page-context", _no_widget_state, priority=900)  # after myst-nb's own, which adds it
    app.connect("missing-reference", _resolve_elsewhere)
