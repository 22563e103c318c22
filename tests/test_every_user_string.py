"""Every user string that reaches HTML, JavaScript, LaTeX or SVG, fuzzed and parsed back.

The class: a name the user gives (a board's, in a board file or as its file
name; a family's; a die's) is printed inside another language. Each sink is
fed any text and hostile pieces (``</script>``, ``<!--``, quotes,
backslashes, ``%``, ``$``, braces, ``&``, line breaks, controls, non-ASCII),
and its output is read back by that language's own reader (``html.parser``,
``json`` inside the ``<script>`` data, an XML parser, the inverse of the LaTeX
escapes) to the same string, with nothing of it read as markup:

* HTML: Jupyter's summaries, a board's ``_repr_html_``, the document model's
  prose (:func:`~limits.markup.prose.html_prose`);
* JavaScript: the explorer page's data (``<script type="application/json">``);
* LaTeX: :func:`~limits.markup.prose.tex_escape` (and the formulas :func:`~limits.markup.latex.tex_text`
  typesets), the document model's prose (:func:`~limits.markup.prose.latex_prose` of
  :func:`~limits.markup.prose.literal`),
  MathJax's ``\\text{}``, and the command line's ``--format latex``;
* SVG: text and titles (the characters XML cannot hold are left out);
* MathML: the explorer's series, its names read back and every coefficient as written (exact up to 12
  digits, else 6 significant digits correctly rounded), at the edges of both;
* the record of a command's inputs, one line in text and a comment in LaTeX;
* the widget's frame (the page in ``srcdoc``) and its view (JSON in the page's module);
* the repr of every object that names its board or die: one line, line ends and controls escaped.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from limits import Board, build_chain

from .strategies import user_strings

TEX_UNREADABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
XML_CHARS = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


class _Reader(HTMLParser):
    """The text of a page, each element's text by its id, and its <title> and <script> contents."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text, self.scripts, self.title, self._in = [], {}, None, []

    def handle_starttag(self, tag, attrs):
        self._in.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        while self._in and self._in.pop()[0] != tag:
            pass

    def handle_data(self, data):
        tag, attrs = self._in[-1] if self._in else ("", {})
        if tag == "script":
            self.scripts[attrs.get("id", "")] = self.scripts.get(attrs.get("id", ""), "") + data
        elif tag == "title":
            self.title = (self.title or "") + data
        else:
            self.text.append(data)


def _read(page: str) -> _Reader:
    r = _Reader()
    r.feed(page)
    r.close()
    return r


# ---- LaTeX ------------------------------------------------------------------------------------------------------

_TEX = {r"\textbackslash{}": "\\", r"\{": "{", r"\}": "}", r"\_": "_", r"\%": "%", r"\&": "&", r"\#": "#",
        r"\^{}": "^", r"\~{}": "~", r"\$": "$", r"$\to$": "->", "$>$": ">", "$<$": "<", r"\allowbreak{}": ""}
_TEX_TOKEN = re.compile(r"\$\^\{(-?\d+)\}\$|" + "|".join(re.escape(k) for k in sorted(_TEX, key=len, reverse=True)))


def untex(tex: str) -> str:
    """The text a LaTeX escape stands for: the inverse of :func:`~limits.markup.prose.tex_escape` (and of the break
    chances and raised powers :func:`~limits.markup.prose.latex_prose` adds); fails on any other markup."""
    out, pos = [], 0
    for m in _TEX_TOKEN.finditer(tex):
        plain = tex[pos:m.start()]
        assert not re.search(r"[\\{}$%&#^~_]", plain), f"unescaped LaTeX in {tex!r}: {plain!r}"
        out += [plain, "^" + m.group(1) if m.group(1) is not None else _TEX[m.group(0)]]
        pos = m.end()
    rest = tex[pos:]
    assert not re.search(r"[\\{}$%&#^~_]", rest), f"unescaped LaTeX in {tex!r}: {rest!r}"
    return "".join(out) + rest


@given(user_strings)
@example("50% of a_1 -> b^2 & {x} $y$ \\ ~#")
def test_latex_text_escapes_every_special_and_reads_back(s):
    from limits.markup.latex import tex_text
    from limits.markup.prose import myst_math, tex_escape

    assert untex(tex_escape(s)) == TEX_UNREADABLE.sub("", s)  # what TeX cannot read left out
    if myst_math(s) == s:  # no formula of the project's to typeset
        assert tex_text(s) == tex_escape(s)


_FORMULA_TEX = re.compile(r"\\(?:sigma|psi|pi|delta|varepsilon|infty|lim|to|le|ge|max|mathrm|[{},])")


@given(user_strings)
@example("m = 0: sigma -> 1 as P(5) -> 1, max(0, leave - enter) & eps^-2 in {$p$}")
def test_latex_text_typesets_the_formulas_it_knows_and_nothing_of_a_users(s):
    from limits.markup.latex import tex_text
    from limits.markup.prose import literal, myst_math, segments, tex_escape

    pieces = segments(myst_math(literal(s)))  # the formulas tex_text typesets, and the text between them
    assert tex_text(s) == "".join(f"${t}$" if math else tex_escape(t) for math, t in pieces)
    assert all(not re.search(r"[\\$%&#~]", _FORMULA_TEX.sub("", t)) and _balanced(t) for math, t in pieces if math)


@given(user_strings)
@example("x$\\input{secret}$ y")
@example("a\\$b")  # a backslash before a dollar
@example("$$")
def test_a_users_text_in_prose_is_text_in_every_format(s):
    from limits.markup.prose import html_prose, latex_prose, literal, mathjax_prose, plain, segments

    prose = f"Board {literal(s)}, rule $x^2$."
    assert segments(prose) == [(False, f"Board {s}, rule "), (True, "x^2"), (False, ".")]
    assert plain(prose) == f"Board {s}, rule x^2."
    latex = latex_prose(prose)
    assert latex.endswith(", rule $x^2$.") and untex(latex[:-len(" rule $x^2$.")]) == f"Board {s},".translate(
        {c: None for c in range(32) if chr(c) not in "\t\n\r"} | {127: None})
    html = html_prose(prose)
    assert "".join(_read(html.replace("<wbr>", "")).text) == f"Board {s}, rule \\(x^2\\)."
    mathjax = mathjax_prose(prose)
    assert mathjax.endswith("x^2\\text{.}") and mathjax.count("\\text{") == 2
    assert _balanced(mathjax) and "$" not in mathjax.replace("\\$", "")


def _balanced(tex: str) -> bool:
    depth = 0
    for ch in re.sub(r"\\[{}$]", "", tex):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


@given(user_strings)
def test_mathjax_text_holds_any_text_in_one_balanced_text_box(s):
    from limits.markup.prose import mathjax_text

    tex = mathjax_text(s)
    if tex:
        assert tex.startswith("\\text{") and tex.endswith("}") and _balanced(tex)
        inner = tex[len("\\text{"):-1]
        assert not re.search(r"\\(?!\$)", inner) and "$" not in inner.replace("\\$", "")


# ---- SVG --------------------------------------------------------------------------------------------------------

def _xml(text: str) -> str:
    """What an XML parser reads back of ``text``: without the characters XML cannot hold, line ends as ``\\n``."""
    return XML_CHARS.sub("", text).replace("\r\n", "\n").replace("\r", "\n")


@given(user_strings)
@example("bell\x07 <&> \"'")
def test_svg_text_and_titles_read_back_as_xml(s):
    from limits.markup.svg import svg_document, text

    root = ET.fromstring(svg_document(100, 20, [text(0, 10, s)], title=s))
    ns = "{http://www.w3.org/2000/svg}"
    kept = _xml(s)
    assert (root.find(f"{ns}title").text or "") == kept if s else root.find(f"{ns}title") is None
    assert (root.find(f"{ns}text").text or "") == kept


@given(user_strings)
def test_a_boards_picture_and_html_name_it_exactly(s):
    board = Board(12, {2: 7, 9: 4}, name=s)
    title = ET.fromstring(board._repr_svg_()).find("{http://www.w3.org/2000/svg}title").text
    assert title == _xml(board.summary())
    page = _read(board._repr_html_())
    assert board.summary() in "".join(page.text)


# ---- HTML -------------------------------------------------------------------------------------------------------

@given(user_strings, user_strings)
def test_jupyter_summaries_read_back_to_their_text(title, value):
    from limits.markup.jupyter import summary_html

    page = _read(summary_html(title, [("label", value)], extra=""))
    assert "".join(page.text) == title + "label" + value


@given(user_strings)
def test_a_chains_html_names_its_die_as_given(s):
    from limits import Die

    chain = build_chain(Board(6, {2: 5}), Die(["1/2", "1/2"], name=s))
    text = "".join(_read(chain._repr_html_()).text)
    assert chain.die.summary() in text


# ---- JavaScript: the explorer's data ----------------------------------------------------------------------------

@given(user_strings)
@example("<!--<script></script>-->")
@example("</SCRIPT ><!-- <script")
def test_the_explorers_data_reads_back_from_the_page(s):
    from limits.explore.page import explorer_html

    data = {"board": {"name": s, "size": 12}, "families": [{"label": s}]}
    page = explorer_html(data)
    read = _read(page)
    raw = re.search(r'<script type="application/json" id="explorer-data">(.*?)</script>', page, re.S).group(1)
    assert not re.search(r"<!--|<script|</script", raw, re.I), "the data can end or hold open its element"
    assert json.loads(read.scripts["explorer-data"]) == json.loads(json.dumps(data))
    assert read.title == f"limits explorer: {s}"


def test_a_named_boards_explorer_page_carries_the_name():
    from limits.explore.data import explorer_data
    from limits.explore.page import explorer_html

    name = "<!--<script>\"'&\\$x$ é\n"
    page = explorer_html(explorer_data(board=Board(6, {2: 5}, name=name), faces=3))
    assert json.loads(_read(page).scripts["explorer-data"])["board"]["name"] == name


# ---- the command line -------------------------------------------------------------------------------------------

@given(user_strings)
def test_the_record_of_the_inputs_is_one_line_whatever_the_name(s):
    from limits.cli.output import inputs_line

    line = inputs_line({"command": "duration", "board": s, "board_source": "file", "board_sha256": "0" * 16,
                        "rule": "stay", "start": 0, "version": "0"})
    assert len(line.splitlines()) == 1 and not re.search("[\x00-\x1f\x7f\x85\u2028\u2029]", line)


NAMES = ["x$\\input{secret}$ y", "a\n\\input{b}\nc", "<!--</script>'\"&%#_^~{}", "漢字 🙂 é", "\\\\$$ \\"]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("argv", [["duration", "--survival", "0"], ["sigma", "--delta", "2", "--p", "1/3"],
                                  ["players", "--players", "2", "--digits", "8"]])
def test_every_format_of_a_command_carries_a_boards_name_as_given(name, argv, capsys, tmp_path):
    from limits.cli import main

    path = tmp_path / "board.json"
    path.write_text(json.dumps({"size": 8, "jumps": [[2, 5]], "name": name}))
    outputs = {}
    for fmt in ("json", "latex", "text"):
        assert main(["--quiet", *argv, "--board", str(path), "--die", "fair:3", "--format", fmt]
                    if argv[0] != "sigma" else ["--quiet", *argv, "--board", str(path), "--faces", "3",
                                                "--format", fmt]) == 0
        outputs[fmt] = capsys.readouterr().out
    data = json.loads(outputs["json"])
    assert data["inputs"]["board"] == name and data["board"] == name
    latex = outputs["latex"].splitlines()
    assert latex[0].startswith("\\documentclass") and latex[1].startswith("% limits ")
    assert not any("\\input" in line for line in latex[2:]), "the name ran as LaTeX"
    body = outputs["latex"].split("\\begin{document}")[1]
    start = body.index("Board ") + len("Board ")
    named = re.sub(r" \(8 squares\)$", "", body[start:body.index(", rule ", start)])
    assert untex(named) == TEX_UNREADABLE.sub("", name)  # escaped once, reading back to the name
    assert outputs["text"].splitlines()[0].startswith("limits ") and "\\n" in outputs["text"].splitlines()[0] \
        or "\n" not in name


# ---- the widget: its frame and its view -------------------------------------------------------------------------

class _Frame(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


@given(user_strings)
@example('"></iframe><script>alert(1)</script>')
@example("&quot; onload=&#34;x")
def test_the_widgets_frame_holds_the_page_whatever_the_name_and_view(s):
    from limits.explore.page import explorer_html
    from limits.explore.widget import static_html

    data = {"board": {"name": s, "size": 12}, "families": [{"label": s}]}
    frame = _Frame()
    frame.feed(static_html(json.dumps(data), fragment=s))
    frame.close()
    [(tag, attrs)] = frame.tags  # one element: nothing of the page or the name read as markup of the notebook
    assert tag == "iframe" and set(attrs) == {"title", "srcdoc", "sandbox", "style", "loading"}
    assert attrs["srcdoc"] == explorer_html(data, fragment=s) and attrs["sandbox"] == "allow-scripts"


@given(user_strings)
@example("</script><!--<script>")
@example("\u2028\u2029\\u003c")
def test_the_pages_view_reads_back_from_its_module_script(s):
    from limits.explore.page import explorer_html

    read = _read(explorer_html({"board": {"name": "b"}, "families": []}, fragment=s))
    [module] = [v for k, v in read.scripts.items() if k == ""]
    call = re.search(r"\nstandalone\((.*)\);\n$", module, re.S).group(1)
    assert not re.search(r"<!--|<script|</script", call, re.I)
    assert json.loads(call) == s


# ---- reprs: one line whatever the name --------------------------------------------------------------------------

@given(user_strings, user_strings)
@example("a\nb", "c\r\nd")
def test_the_widgets_repr_is_one_line_whatever_the_names(board, label):
    pytest.importorskip("anywidget", reason="the widget extra (anywidget) is not installed")
    from limits.explore.widget import _widget_class

    w = _widget_class()(data=json.dumps({"board": {"name": board}, "families": [{"label": label}] * 2}))
    assert len(repr(w).splitlines()) == 1 and repr(w).startswith("Explorer(board ")


@given(user_strings)
@example("a\nb\u2028c\x85d\re\x00")
def test_the_reprs_of_a_board_and_a_die_are_one_line_whatever_the_name(s):
    from limits import Die

    for obj in (Board(12, {2: 7}, name=s), Die(["1/2", "1/2"], name=s), Die([Fraction(1, 200)] * 200, name=s)):
        assert len(repr(obj).splitlines()) == 1 and not re.search("[\x00-\x1f\x7f]", repr(obj)), repr(obj)


@pytest.mark.parametrize("name", NAMES + ["a\nb\u2028c\x85d\re\x00"])
def test_every_object_that_names_its_board_or_die_reads_in_one_line(name):
    from limits import Die, Perturbation

    board = Board(8, {2: 5, 6: 1}, name=name)
    die = Die(["1/2", "1/2"], name=name)
    chain = build_chain(board, die)
    small = build_chain(board, die, "bounce")
    objects = {"board": board, "die": die, "chain": chain, "family": Perturbation.loaded(board, 2, faces=2),
               "classification": chain.classify(2), "race": small.race("never", "length"),
               "race table": small.race_table(("never", "win"))}
    texts = {what: repr(obj) for what, obj in objects.items()}
    assert {what: t for what, t in texts.items() if len(t.splitlines()) != 1 or re.search("[\x00-\x1f\x7f]", t)} == {}


# ---- MathML: the explorer's series ------------------------------------------------------------------------------

_MN = re.compile(r"<mn>(\d+(?:\.\d+)?)</mn>(?:<mo>×</mo><msup><mn>10</mn><mn>(-?\d+)</mn></msup>)?"
                 r"|<mfrac><mn>(\d+)</mn><mn>(\d+)</mn></mfrac>")
_MI = re.compile(r"<mi>([^<]*)</mi>|<msup><mi>([^<]*)</mi><mn>(-?\d+)</mn></msup>")


def _read_series(math: str):
    """``(name, [(sign, shown magnitude, variable, power)], remainder power, its variable)`` of a series in
    MathML, reading it token by token (any other markup fails) and unescaping the names as HTML does."""
    from html import unescape

    head = re.match(r'<math display="block">(?:<mi>([^<]*)</mi><mo>=</mo>)?', math)  # no name, no "name ="
    name, pos, terms = unescape(head.group(1) or ""), head.end(), []
    while not math.startswith(("<mo>+</mo><mi>O</mi>", "</math>"), pos):
        sign = re.compile("<mo>([−+])</mo>").match(math, pos)
        assert sign or not terms, math[pos:]
        pos = sign.end() if sign else pos
        number, power = _MN.match(math, pos), None
        if number:
            pos = number.end()
            mant, exp, num, den = number.groups()
            shown = Fraction(int(num), int(den)) if num else Fraction(mant) * Fraction(10) ** int(exp or 0)
        power = _MI.match(math, pos)
        if power:
            pos = power.end()
        assert number or power, math[pos:]
        var = None if power is None else unescape(power.group(1) if power.group(1) is not None else power.group(2))
        p = 0 if power is None else 1 if power.group(1) is not None else int(power.group(3))
        terms.append((-1 if sign and sign.group(1) == "−" else 1, shown if number else Fraction(1), var, p))
    rest = re.compile(r"(?:<mo>\+</mo><mi>O</mi><mo>\(</mo>(?:<mn>1</mn>|" + _MI.pattern + r")<mo>\)</mo>)?</math>")
    end = rest.fullmatch(math, pos)
    assert end, math[pos:]
    remainder = None if end.group(0) == "</math>" else 0 if "<mn>1</mn>" in end.group(0) else \
        1 if end.group(1) is not None else int(end.group(3))
    return name, terms, remainder, [unescape(g) for g in (end.group(1), end.group(2)) if g is not None]


def _digits(n: int) -> int:
    return len(str(abs(n)))


_LONG = st.builds(lambda n, d, s: Fraction(s * n, d), st.integers(1, 10**40), st.integers(1, 10**40),
                  st.sampled_from([1, -1]))
EDGES = (Fraction(10**12 - 1, 10**12 - 3), Fraction(7, 10**11 + 3), Fraction(-(10**12 - 1)),  # 12 digits: exact
         Fraction(10**12 - 1, 10**12 + 1), Fraction(10**12 + 1, 7), Fraction(10**13 + 1),  # 13 digits: rounded
         Fraction(9999995 * 10**30 + 1, 10**36), Fraction(1234565 * 10**20 - 1, 10**26),  # just past a half unit
         Fraction(1, 3**40), Fraction(10**40 + 1, 3), Fraction(1, 2**50))  # far from 1 either way
"""Coefficients at the edges of writing exactly and of rounding."""
_COEFFICIENTS = st.one_of(st.integers(-3, 3).map(Fraction), st.fractions(max_denominator=10**6), _LONG,
                          st.sampled_from(EDGES))


@given(user_strings, user_strings,
       st.lists(st.tuples(st.integers(-40, 40), _COEFFICIENTS), max_size=5, unique_by=lambda t: t[0]),
       st.booleans())
@example("σ</mi><mi>x", "ε&amp;", [(0, Fraction(1)), (1, Fraction(-1))], True)
@example("", "", [(0, Fraction(0))], True)
@example("b", "e", list(enumerate(EDGES)), False)
def test_a_series_in_mathml_reads_back_its_names_and_every_coefficient_as_written(name, variable, terms, remainder):
    from limits.exact.mathml import SHORT_DIGITS, SHOWN_DIGITS, series_mathml

    terms = sorted(terms)
    got_name, got, got_remainder, remainder_variable = _read_series(series_mathml(name, variable, terms,
                                                                                  remainder=remainder))
    assert got_name == name
    assert got_remainder == ((terms[-1][0] + 1 if terms else None) if remainder else None)
    assert remainder_variable in ([], [variable])
    kept = [(p, a) for p, a in terms if a != 0]
    if not kept:
        assert got == [(1, Fraction(0), None, 0)]
        return
    assert len(got) == len(kept)
    for (p, a), (sign, shown, var, q) in zip(kept, got):
        assert (sign, q, var) == ((1 if a > 0 else -1), p, variable if p else None)
        if _digits(a.numerator) <= SHORT_DIGITS and _digits(a.denominator) <= SHORT_DIGITS:  # written exactly
            assert shown == abs(a)
            continue
        top = _digits(abs(a).numerator // abs(a).denominator) - 1 if abs(a) >= 1 else \
            -next(k for k in range(1, 10**4) if abs(a) * 10**k >= 1)  # 10**top <= |a| < 10**(top + 1)
        unit = Fraction(10) ** (top - SHOWN_DIGITS + 1)
        assert (shown / unit).denominator == 1 and abs(shown - abs(a)) <= unit / 2, (a, shown)
