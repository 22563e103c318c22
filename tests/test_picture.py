"""The board's SVG picture (limits.model.picture), read back as XML and checked against its own layout rule."""

import xml.etree.ElementTree as ET

import pytest

from limits.model.picture import CELL, CHUTE_COLOUR, LADDER_COLOUR, board_svg

NS = "{http://www.w3.org/2000/svg}"


def _where(square, size):
    """Top-left corner of ``square``'s cell, written out independently: rows of ten, back and forth,
    row 0 at the bottom, the start left of square 1; an 8-pixel margin and one empty column on the left."""
    rows = -(-size // 10)
    if square == 0:
        col, row = -1, 0
    else:
        row = (square - 1) // 10
        col = (square - 1) % 10 if row % 2 == 0 else 9 - (square - 1) % 10
    return 8 + (col + 1) * CELL, (rows - 1 - row) * CELL


def _parse(svg):
    root = ET.fromstring(svg)
    return root, root.findall(f"{NS}rect"), root.findall(f"{NS}text")


@pytest.mark.parametrize("size", [1, 10, 12, 25])
def test_every_square_sits_in_its_cell_with_its_label_inside(size):
    root, rects, texts = _parse(board_svg(size, [], colours={1: "#ffcc00"}, outlined=[size]))
    squares = rects[: size + 1]
    for square, box in enumerate(squares):
        x, y = _where(square, size)
        assert (int(box.get("x")), int(box.get("y"))) == (x, y + 8)
        assert box.get("width") == box.get("height") == str(CELL)
        assert box.get("fill") == ("#ffcc00" if square == 1 else "#ffffff")
        assert box.get("stroke-width") == ("2.5" if square == size else "0.5")
        label = texts[square]
        assert label.text == ("start" if square == 0 else str(square))
        assert x < int(label.get("x")) < x + CELL and y + 8 < int(label.get("y")) < y + 8 + CELL
        assert label.get("font-size") == "9"
    assert root.find(f"{NS}title").text == f"a board of {size} squares"
    rows = -(-size // 10)
    assert int(root.get("height")) > 8 + rows * CELL + 2 * 17  # the board, then the legend of two rows
    assert int(root.get("width")) == 16 + 11 * CELL


def test_a_title_wraps_above_the_board_and_pushes_it_down():
    title = "word " * 30  # 150 characters: three lines of at most 64
    root, rects, texts = _parse(board_svg(10, [], title=title))
    heading = [t for t in texts if t.get("font-size") == "13"]
    assert [t.text for t in heading] == ["word " * 12 + "word", "word " * 12 + "word", "word " * 3 + "word"]
    assert [int(t.get("x")) for t in heading] == [8, 8, 8]
    assert [int(t.get("y")) for t in heading] == [21, 39, 57]
    assert int(rects[0].get("y")) == 8 + 3 * 18  # below three lines of heading
    assert root.find(f"{NS}title").text == title
    one_line = "x" * 64
    assert [t.text for t in _parse(board_svg(10, [], title=one_line))[2] if t.get("font-size") == "13"] == [one_line]
    two_lines = "x" * 60 + " abcd"  # 65 characters break before the last word
    assert len([t for t in _parse(board_svg(10, [], title=two_lines))[2] if t.get("font-size") == "13"]) == 2


def test_jumps_are_arrows_between_cell_centres_coloured_by_kind():
    root, _, texts = _parse(board_svg(12, [(3, 7), (11, 2)]))
    paths = root.findall(f"{NS}path")
    arrows = [p for p in paths if p.get("marker-end")]
    assert [p.get("stroke") for p in arrows] == [LADDER_COLOUR, CHUTE_COLOUR]
    for path, (a, b) in zip(arrows, [(3, 7), (11, 2)]):
        words = path.get("d").split()
        (xa, ya), (xb, yb) = _where(a, 12), _where(b, 12)
        half = CELL // 2
        assert (int(words[1]), int(words[2])) == (xa + half, ya + 8 + half)
        assert (int(words[-2]), int(words[-1])) == (xb + half, yb + 8 + half)
    assert [t.text for t in texts[-2:]] == ["ladder", "chute"]


def test_legend_entries_come_before_ladder_and_chute_and_widen_the_picture():
    label = "a rather long label that is wider than the board itself, surely, by far and more"
    root, rects, texts = _parse(board_svg(5, [], entries=[("#123456", label)]))
    assert [t.text for t in texts[-3:]] == [label, "ladder", "chute"]
    assert rects[-1].get("fill") == "#123456"
    assert int(root.get("width")) == 8 + CELL + 20 + 7 * len(label)
    assert int(root.get("height")) == 8 + CELL + 12 + 3 * 17 + 8


def test_a_board_named_with_characters_xml_cannot_hold_still_draws():
    from limits import Board

    svg = Board(10, {2: 7}, name="bell\x07 & <nul\x00>")._repr_svg_()
    title = ET.fromstring(svg).find("{http://www.w3.org/2000/svg}title").text
    assert title.startswith("bell & <nul>:")  # the controls left out, the rest as it was
