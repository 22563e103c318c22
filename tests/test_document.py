"""The one document model: every block in every format, the same content each way, and LaTeX that pdflatex sets."""

import os
import re
import shutil
import subprocess
from fractions import Fraction

import pytest
from flint import fmpz
from hypothesis import example, given
from hypothesis import strategies as st

from limits.markup.document import Code, Document, Figure, Items, Math, Paragraph, Step, Table

PDFLATEX = shutil.which("pdflatex")


def _document() -> Document:
    doc = Document("A title with $\\varepsilon$")
    doc.paragraph("Before the first heading, 50% & $x < y$.")
    doc.heading("A heading")
    doc.blocks += [Math("\\sigma = \\frac{5}{26}"), Items(("one $a_1$", "two")), Paragraph("why", aside=True),
                   Figure("figures/f.svg", "a figure"), Code("x = 1\ny = 2")]
    doc.table(["a | b", "$\\pi$"], [[1, "$\\frac{1}{2}$"]])
    doc.blocks += [Step("The game at eps = 0", "It holds.", "y = 2", "a reason", (Table(("c",), (("3",),)),),
                        ("a note",)), Step("Second", "More.")]
    return doc


def test_every_block_in_every_format():
    doc = _document()
    text, markdown, html, latex, mathjax = doc.text(), doc.markdown(), doc.html(), doc.latex_body(), doc.mathjax()
    assert text.splitlines()[:4] == ["A title with eps", "", "Before the first heading, 50% & x < y.", "A heading"]
    assert "   sigma = 5/26\n   - one a_1\n   - two\n   (why)\n" in text  # under a heading, indented
    assert "1. The game at eps = 0\n   It holds.\n   y = 2\n   c\n   -\n   3\n   - a note\n   (a reason)\n" in text
    assert "| a \\| b | $\\pi$ |" in markdown and "## 2. Second\n\nMore.\n" in markdown
    assert "<h2>1. The game at \\(\\varepsilon = 0\\)</h2>" in html and "<p>\\[y = 2\\]</p>" in html
    assert "<li>one \\(a_1\\)</li>" in html and "<p><em>why</em></p>" in html and "50% &amp; \\(x &lt; y\\)" in html
    assert "\\subsection*{1. The game at $\\varepsilon = 0$}" in latex and "50\\% \\& $x < y$" in latex
    assert "figures/f.pdf" in latex and "\\begin{verbatim}\nx = 1\ny = 2\n\\end{verbatim}" in latex
    assert mathjax.count("$") == 4 and "\\section" not in mathjax and "tabular" not in mathjax


def test_a_step_numbers_itself_by_its_place():
    doc = Document("T", [Step("A", "a"), Paragraph("between"), Step("B", "b")])
    assert [line for line in doc.text().splitlines() if line[:1].isdigit()] == ["1. A", "2. B"]


def test_a_table_keeps_natural_columns_when_they_fit_and_shares_the_width_when_not():
    narrow = Document("T", [Table(("a", "b"), (("1", "2"),))]).latex_body()
    wide = Document("T", [Table(("section", "claim"), (("Calculating the expected duration", "x " * 60),))]).latex_body()
    assert "{ll}" in narrow and "p{" not in narrow
    shares = [float(part.split("\\dimexpr")[0]) for part in wide.split("p{")[1:]]
    assert len(shares) == 2 and sum(shares) <= 1 and shares[0] > 0.1  # the short column keeps room for its words


@pytest.mark.skipif(PDFLATEX is None and not os.environ.get("CI"), reason="pdflatex is not installed")
def test_the_latex_compiles_without_an_overfull_line(tmp_path):
    doc = _document()
    doc.table(["section", "claim", "paper", "limits", "verdict", "test"],
              [["Calculating the expected duration", "expected turns with a fair die, from square 0", "39.5984",
                "4701963530284262061680976447702295260969373555678655812977547/11874135344388775404370908273785"
                "5602672874458412108079756280 = 39.5983656402", "agrees: the paper's value is ours rounded",
                "tests/test_duration.py::test_standard_expectation_against_brute_force"]] * 40)
    doc.blocks = [b for b in doc.blocks if not isinstance(b, Figure)]  # no figure file here
    (tmp_path / "d.tex").write_text(doc.latex())
    proc = subprocess.run([PDFLATEX or "pdflatex", "-interaction=nonstopmode", "-halt-on-error", "d.tex"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    log = (tmp_path / "d.log").read_text(errors="replace")
    assert proc.returncode == 0, log[-2000:]
    assert "Overfull \\hbox" not in log, log[log.index("Overfull"):][:500]


def test_long_numerals_fold_into_details_in_html_and_an_appendix_in_latex():
    """A numeral of more than 20 digits reads as its decimal in HTML, its exact value one click away, and in LaTeX,
    its exact value in an appendix; Markdown and text keep it whole."""
    from tests.long_numerals import longest_numerals

    exact = ("4701963530284262061680976447702295260969373555678655812977547/"
             "118741353443887754043709082737855602672874458412108079756280")
    doc = Document("T")
    doc.paragraph(f"so $\\sigma$ = {exact} = 39.5983656402082 turns, and 123/456")
    doc.table(["a", "b"], [[exact, "12"]])
    page = doc.html(math=lambda tex: tex)
    found = longest_numerals(page)
    assert found and max(n for _, n, _ in found) <= 20
    assert "so \\sigma = 39.5983656402082 turns, and 123/456</p><details class='exact'>" in page
    assert "<td>≈39.5983656402<details class='exact'>" in page
    assert page.count("<details class='exact'>") == 2
    assert exact in doc.markdown() and exact in doc.text()
    body, appendix = doc.latex().split("\\subsection*{Exact values}")
    assert "allowbreak" not in body and max(map(len, re.findall(r"\\d+", body))) <= 20
    assert "so $\\sigma$ = $39.5983656402082$ [1] turns, and 123/456" in body
    assert "$\\approx 39.5983656402$ [1] & 12" in body  # one number for one value
    assert re.sub(r"\s+", "", appendix).count(exact) == 1


def test_a_long_word_keeps_its_characters_where_it_gets_break_chances():
    from limits.markup.prose import html_text

    # the break chances were marked with NUL inside the word: a NUL of the text was taken for one and lost
    assert html_text("1" * 23 + "\x00/x") == "1111111111<wbr>1111111111<wbr>111\x00/<wbr>x"



def test_latex_text_leaves_out_what_tex_cannot_read():
    from limits.markup.latex import tex_text

    # a control character (a bell, a form feed: TeX's \par) in a name stopped pdflatex
    assert tex_text("a\x07b\x0cc\td\ne") == "abc\td\ne"


@st.composite
def _prose(draw):
    """Prose of known tokens: numerals of any length (leading zeros, signs, fractions, zero denominators) about
    the folding threshold and far past int()'s 4300 digits, words with digits, math, and a user's hostile text;
    with the numerals among them."""
    from limits.markup.prose import literal

    from .strategies import user_strings

    digits = st.one_of(st.integers(1, 45), st.just(4400)).flatmap(
        lambda n: st.text("0123456789", min_size=n, max_size=n))
    numeral = st.builds(lambda sign, a, b: sign + a + ("" if b is None else "/" + b),
                        st.sampled_from(["", "-"]), digits, st.none() | digits | st.just("0" * 22))
    tokens = draw(st.lists(st.one_of(numeral.map(lambda n: ("numeral", n)),
                                     st.sampled_from(["x1", "a2b", "turns", "10^30", "e-5", "1.5"]).map(
                                         lambda w: ("text", w + "0" * 30 if w[0].isdigit() else w)),
                                     st.just(("math", "$x = 10^{12345678901234567890123}$")),
                                     user_strings.filter(lambda s: not any(c.isdigit() for c in s)).map(
                                         lambda s: ("text", literal(s)))), max_size=8))
    return tokens


@given(_prose())
@example([("numeral", "1" * 20), ("numeral", "1" * 21), ("numeral", "1" * 10 + "/" + "3" * 10),
          ("numeral", "1" * 10 + "/" + "3" * 11), ("numeral", "1" * 21 + "/0"), ("numeral", "9" * 4400),
          ("numeral", "-123456789012345678901"), ("numeral", "0" * 25)])
def test_every_long_numeral_of_any_prose_folds_to_its_rounded_decimal(tokens):
    """Every numeral of more than MAX_SHOWN_DIGITS digits, and no other, is folded to its value to FOLDED_DIGITS
    significant digits, correctly rounded (a zero denominator is no value: left as it is); the exact numerals come
    back in order; the math and every other character are kept."""
    from limits.markup.numerals import FOLDED_DIGITS, MAX_SHOWN_DIGITS, fold
    from limits.markup.prose import segments

    prose = " ".join(t for _, t in tokens)
    short, exact = fold(prose)
    numerals = [t for kind, t in tokens if kind == "numeral"]
    folded = [n for n in numerals  # leading zeros are no digits of the value: 25 zeros are 0
              if sum(c.isdigit() for c in n.lstrip("-0")) > MAX_SHOWN_DIGITS and not re.search("/0+$", n)]
    assert exact == folded
    assert [t for m, t in segments(short) if m] == [t for m, t in segments(prose) if m]
    decimals = iter(re.findall(r"≈(-?\d+(?:\.\d+)?(?:e-?\d+)?)", short))
    restored = re.sub(r"≈-?\d+(?:\.\d+)?(?:e-?\d+)?", lambda m: exact.pop(0), short)
    assert restored == prose and not exact
    for numeral in folded:
        a, _, b = numeral.partition("/")
        value = Fraction(int(fmpz(a)), int(fmpz(b or "1")))  # int() of text stops at 4300 digits
        mantissa, _, exponent = next(decimals).partition("e")
        shown = Fraction(mantissa) * Fraction(10) ** int(exponent or 0)
        if value == 0:
            assert shown == 0
            continue
        top = -1
        while Fraction(10) ** (top + 1) <= abs(value):
            top += 1
        while Fraction(10) ** top > abs(value):
            top -= 1  # 10**top <= |value| < 10**(top + 1)
        unit = Fraction(10) ** (top - FOLDED_DIGITS + 1)
        assert (shown / unit).denominator == 1 and abs(shown - value) <= unit / 2, (numeral, shown)
