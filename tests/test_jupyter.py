"""What Jupyter shows: every result object's ``_repr_*_`` is well formed, and LaTeX stays in what MathJax typesets.

* SVG parses as XML, is an ``<svg>`` in the SVG namespace with a size, and
  draws what it says (a square per board square, an arrow per jump);
* HTML is balanced (every opened element closed, in order);
* LaTeX for Jupyter is math mode only (``$$...$$`` or ``$...$``), uses only
  ``array``/``aligned`` environments and commands MathJax's TeX input knows,
  and never text-mode LaTeX (``\\textbf``, ``tabular``, ``\\section``, ...);
* no ``_repr_*_`` computes what a verb would (a chain shows its structure,
  not its expected length).
"""

import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from limits import Perturbation, build_chain, standard, weighted
from limits.checks import MAX_PICTURED
from limits.game.counts import game_counts
from limits.game.one_player import OnePlayer
from limits.game.players import Party, players
from limits.model.board import Board, empty
from tests.loaded import classify, collapse, derive, sigma_function

SVG = "{http://www.w3.org/2000/svg}"
VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "col", "area", "base", "source"}
SVG_LEAVES = {"rect", "circle", "line", "path"}  # written self-closed
MATHJAX_ENVIRONMENTS = {"array", "aligned"}
MATHJAX_COMMANDS = {
    "begin", "end", "text", "frac", "hline", "cdot", "infty", "ldots", "dots", "left", "right", "lim", "mathrm",
    "pi", "psi", "sigma", "delta", "varepsilon", "alpha", "lambda", "mu", "to", "sim", "approx", "le", "ge", "ne",
    "in", "times", "quad", "qquad", "sum", "mid", "exp", "ell", "log", "binom", "sqrt", "pm", "cdots",
}
TEXT_MODE = re.compile(r"\\(textbf|textit|emph|section|subsection|item|noindent|par\b|hfill)|\\begin\{(tabular|itemize|"
                       r"center|enumerate|document)\}")


class _Balance(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.errors = [], []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()


def check_html(text: str) -> str:
    assert isinstance(text, str) and text.strip()
    parser = _Balance()
    parser.feed(text)
    parser.close()
    assert not parser.errors and not parser.stack, (parser.errors, parser.stack)
    return text


def check_svg(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    assert int(root.get("width")) > 0 and int(root.get("height")) > 0
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    heads = {m.get("id") for m in root.iter(f"{SVG}marker")}
    for path in root.iter(f"{SVG}path"):
        end = path.get("marker-end")
        assert end is None or end[5:-1] in heads  # url(#id) names a defined arrow head
    return root


def check_latex(text: str) -> str:
    assert text.startswith("$") and text.endswith("$"), text[:40]
    body = text.strip("$")
    assert "$" not in body, "math mode only: no text between formulas"
    assert not TEXT_MODE.search(body), TEXT_MODE.search(body).group()
    assert set(re.findall(r"\\begin\{(\w+)\}", body)) <= MATHJAX_ENVIRONMENTS
    unknown = set(re.findall(r"\\([A-Za-z]+)", body)) - MATHJAX_COMMANDS
    assert not unknown, unknown
    assert body.count("{") - body.count("\\{") == body.count("}") - body.count("\\}")
    return text


def test_the_checks_catch_what_they_look_for():
    with pytest.raises(AssertionError):
        check_latex(r"$$\textbf{a}$$")
    with pytest.raises(AssertionError):
        check_latex(r"$$\begin{tabular}{l}a\end{tabular}$$")
    with pytest.raises(AssertionError):
        check_latex(r"$a$ and $b$")
    with pytest.raises(AssertionError):
        check_html("<div><p>a</div>")
    with pytest.raises(ET.ParseError):
        check_svg("<svg><rect></svg>")


def test_a_board_draws_every_square_and_jump():
    board = standard()
    root = check_svg(board._repr_svg_())
    assert len(root.findall(f"{SVG}rect")) >= board.size + 1
    assert len(root.findall(f"{SVG}path")) == len(board.jumps)
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert {"ladder", "chute", "100", "start"} <= set(labels)
    html = check_html(board._repr_html_())
    assert board.summary() in html and "<svg" in html


def test_a_board_too_large_to_draw_shows_its_summary():
    big = empty(MAX_PICTURED + 1)
    assert big._repr_svg_() is None
    assert "<svg" not in check_html(big._repr_html_())
    assert check_svg(Board(MAX_PICTURED, {3: 7})._repr_svg_()) is not None


def test_a_chain_shows_its_parts_and_solves_nothing():
    chain = build_chain(standard(), weighted(3, 1))
    html = check_html(chain._repr_html_())
    assert "{53}" in html and "{99}" in html and "81" in html  # its traps, its transient squares
    assert "expected" not in html
    check_svg(chain._repr_svg_())


def test_a_die_and_moments_print_exact_values_through_the_layer():
    assert "3/5" in check_html(weighted(6, "0.6")._repr_html_())
    m = build_chain().moments()
    html = check_html(m._repr_html_())
    assert "39.5983656402" in html and "655.488834014" in html and "25.6025161657" in html


def test_a_classification_is_coloured_with_a_legend():
    c = classify(delta=3)
    root = check_svg(c._repr_svg_())
    colours, outlined, legend = c.colouring()
    fills = [r.get("fill") for r in root.iter(f"{SVG}rect")]
    for colour, label in legend:
        assert colour in fills and label in [t.text for t in root.iter(f"{SVG}text")]
    assert sum(1 for r in root.iter(f"{SVG}rect") if r.get("stroke-width") == "2.5") == len(outlined)
    assert c.summary() in check_html(c._repr_html_())


def test_a_collapsed_chain_draws_its_rates():
    chain = collapse(delta=5)
    root = check_svg(chain._repr_svg_())
    words = [t.text for t in root.iter(f"{SVG}text")]
    assert "Win" in words
    arrows = sum(1 for row in range(len(chain.states)) for col in range(len(chain.states))
                 if row != col and chain.rates[row][col])
    assert len(root.findall(f"{SVG}path")) == arrows
    check_html(chain._repr_html_())


@pytest.mark.parametrize("delta", range(1, 7))
def test_a_derivation_typesets_in_mathjax(delta):
    d = derive(delta=delta)
    check_latex(d._repr_latex_())
    html = check_html(d._repr_html_())
    assert "\\textbf" not in html and "tabular" not in html and "$" not in html
    assert html.count("\\(") == html.count("\\)") and html.count("\\[") == html.count("\\]")
    assert len(re.findall("<h4>", html)) == len(d.steps)
    assert d._repr_markdown_().count("$$") % 2 == 0


def test_the_derivation_of_delta_5_says_its_limit_once():
    latex = derive(delta=5)._repr_latex_()
    assert "93 \\approx 93" not in latex and "= 93 = 93" not in latex
    assert "\\pi_{\\mathrm{Win}} = 93" in latex


def test_hierarchy_law_and_expansions():
    family = Perturbation.loaded(delta=3)
    h = family.hierarchy()
    check_latex(h._repr_latex_())
    html = check_html(h._repr_html_())
    assert "\\(\\sigma \\sim \\frac{5}{26}\\,\\varepsilon^{-2}\\)" in html
    law = Perturbation.loaded(delta=5).law()
    check_latex(law._repr_latex_())
    check_html(law._repr_html_())
    check_latex(family.expansion()._repr_latex_())
    f = sigma_function(delta=5)
    check_latex(f._repr_latex_())
    check_latex(f.laurent(2)._repr_latex_())


def test_policies_show_their_flip_map():
    best = build_chain().optimal_policy()
    root = check_svg(best._repr_svg_())
    flips = [x for x in best.flip_squares() if 0 < x <= best.goal]
    assert sum(1 for r in root.iter(f"{SVG}rect") if r.get("fill") == "#f4d35e") == len(flips) + 1  # and the key
    html = check_html(best._repr_html_())
    assert "16.5058288171" in html
    worst = build_chain().optimal_policy(maximise=True)
    assert "inf: a player can avoid ever winning" in check_html(worst._repr_html_())


def test_players_counts_and_simulations():
    chain = build_chain()
    html = check_html(players(chain, 2)._repr_html_())
    assert "26.513296089" in html and "seat 2 wins" in html
    check_html(Party(OnePlayer(chain), 3)._repr_html_())
    assert "4.28597603228" in check_html(game_counts(chain)._repr_html_())  # the mean number of chutes
    sim = build_chain().simulate(2000, seed=1)
    html = check_html(sim._repr_html_())
    assert "2000" in html and "95% interval" in html
    mean = Fraction(html.split("mean turns</th><td>")[1].split("<")[0])
    assert abs(mean - chain.expected_duration()) < 3  # the sample mean, printed to its standard error


def test_an_infinite_count_prints_inf():
    chain = build_chain(standard(), weighted(3, 1))
    html = check_html(game_counts(chain, start=50)._repr_html_())
    assert "<td>inf</td>" in html


def _plots():
    from fractions import Fraction as F

    from limits.display import hierarchy as h
    from limits.display import plot as p

    family = Perturbation.loaded(delta=3)
    return {
        "plot_board": lambda ax: p.plot_board(ax=ax),
        "plot_classification": lambda ax: p.plot_classification(delta=4, ax=ax),
        "plot_flip_map": lambda ax: p.plot_flip_map(standard(), {2, 3}, ax=ax),
        "plot_survival": lambda ax: p.plot_survival([1.0, 0.5, 0.25], ax=ax),
        "plot_pmf": lambda ax: p.plot_pmf([0, 0.5, 0.5], ax=ax),
        "plot_sigma_curves": lambda ax: p.plot_sigma_curves([0.1, 0.5], {4: [40.0, 37.8]}, ax=ax),
        "plot_collapsed": lambda ax: p.plot_collapsed(["Win", "{53}"], [[F(1, 2), F(1, 2)], [F(1, 5), F(4, 5)]], ax=ax),
        "plot_path": lambda ax: p.plot_path(standard(), build_chain().most_likely_path(), ax=ax),
        "plot_hierarchy": lambda ax: h.plot_hierarchy(family.hierarchy(), ax=ax),
        "plot_phase": lambda ax: p.plot_phase(Perturbation.loaded(delta=5).phase(3, 1), ax=ax),
        "plot_length_law": lambda ax: h.plot_length_law(family.law(), [F(1, 10)], ax=ax),
    }


def test_every_plot_function_is_listed_here():
    from limits.display import hierarchy, plot

    assert set(_plots()) == set(plot.__all__) | set(hierarchy.__all__)


@pytest.mark.parametrize("name", sorted(_plots()))
def test_plots_draw_on_the_current_pyplot_figure_and_never_show(name, monkeypatch):
    plt = pytest.importorskip("matplotlib.pyplot")

    def no_show(*args, **kwargs):
        raise AssertionError("a plot function called plt.show()")

    monkeypatch.setattr(plt, "show", no_show)
    plt.close("all")
    ax = _plots()[name](None)
    assert ax is plt.gca() and ax.figure is plt.gcf() and plt.get_fignums() == [1]  # a notebook shows it
    assert ax.has_data() or ax.patches or ax.texts
    _, given = plt.subplots()
    assert _plots()[name](given) is given  # an Axes given is drawn on and returned


def test_every_object_with_latex_shows_html_or_markdown_beside_it():
    # a notebook exported offline (nbconvert, no MathJax) printed a _repr_latex_-only object as raw $...$
    import importlib
    import inspect
    import pkgutil

    import limits

    lacking = []
    for info in pkgutil.walk_packages(limits.__path__, "limits."):
        if info.name.endswith("__main__"):
            continue
        for name, cls in vars(importlib.import_module(info.name)).items():
            if inspect.isclass(cls) and cls.__module__ == info.name and hasattr(cls, "_repr_latex_") \
                    and not (hasattr(cls, "_repr_html_") or hasattr(cls, "_repr_markdown_")):
                lacking.append(f"{info.name}.{name}")
    assert not lacking


def test_a_series_and_a_function_are_mathml_a_browser_typesets_alone():
    expansion = Perturbation.loaded(delta=3).expansion()
    html = check_html(expansion._repr_html_())
    assert html.startswith('<math display="block"><mi>σ</mi><mo>=</mo><mfrac><mn>5</mn><mn>26</mn></mfrac>')
    assert "$" not in html and "\\" not in html
    small = sigma_function(delta=5).laurent(2)
    assert "<mfrac><mn>10834</mn><mn>25</mn></mfrac>" in check_html(small._repr_html_())
    assert "degrees 75 over 72" in check_html(sigma_function(delta=5)._repr_html_())  # too long to write out
