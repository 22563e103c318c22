"""Every figure the report keeps is shown when it is given a caption, whatever the caption, and only then.

:meth:`limits.paper.sections.Sheet.figure` keeps each figure's file and shows it "when a caption is given":
``None`` keeps the file unshown, any string (the empty one too) is a caption and shows it, in every format the
report is written in. A section shows every figure it keeps, once, with a caption that says something.
"""

import pytest
from matplotlib.figure import Figure

from limits.markup.document import Document
from limits.markup.document import Figure as Shown
from limits.paper.sections import Sheet, collapsed

CAPTIONS = (None, "", "a plain caption", "$\\sigma_\\delta(p)$ near $p = 1$")


def _figure() -> Figure:
    fig = Figure(figsize=(1, 1))
    fig.add_subplot().plot([0, 1], [1, 0])
    return fig


@pytest.mark.parametrize("caption", CAPTIONS)
def test_a_figure_is_kept_always_and_shown_in_every_format_when_given_a_caption(caption):
    sheet = Sheet(Document("figures"), games=10, seed=1)
    path = sheet.figure(_figure(), "f", caption)
    assert path == "figures/f.svg" and sheet.figures[path].lstrip().startswith((b"<?xml", b"<svg"))
    doc = sheet.doc
    shown = [b for b in doc.blocks if isinstance(b, Shown)]
    assert shown == ([] if caption is None else [Shown(path, caption)])
    pdf_path = "figures/f.pdf"
    for text, where in ((doc.markdown(), path), (doc.html(), path), (doc.text(), path), (doc.latex(), pdf_path)):
        assert (where in text) == (caption is not None), (caption, text)


def test_a_pdf_report_keeps_the_pdf_of_every_figure_shown_or_not():
    sheet = Sheet(Document("figures"), games=10, seed=1, pdf=True)
    for i, caption in enumerate(CAPTIONS):
        sheet.figure(_figure(), f"f{i}", caption)
    assert sorted(sheet.pdf_figures) == [f"figures/f{i}.pdf" for i in range(len(CAPTIONS))]
    assert len([b for b in sheet.doc.blocks if isinstance(b, Shown)]) == len(CAPTIONS) - 1


def test_a_section_shows_every_figure_it_keeps_once_with_a_caption():
    sheet = Sheet(Document("collapsed"), games=10, seed=1)
    collapsed(sheet)  # the cheapest section with figures; the whole report is checked alike in test_reproduce
    shown = [b for b in sheet.doc.blocks if isinstance(b, Shown)]
    assert sorted(b.path for b in shown) == sorted(sheet.figures) and len(shown) == 2
    assert all(b.caption.strip() for b in shown)
    text = sheet.doc.markdown()
    assert all(text.count(f"]({path})") == 1 for path in sheet.figures)
