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
* the record of a command's inputs, one line in text and a comment in LaTeX.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from hypothesis import example, given

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


# ---- JavaScript: the explorer's data ---------------------------------------------------------------------------

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


# ---- the command line ------------------------------------------------------------------------------------------

@given(user_strings)
def test_the_record_of_the_inputs_is_one_line_whatever_the_name(s):
    from limits.cli.inputs import inputs_line

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
