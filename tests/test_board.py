import json

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from limits import Board, BoardError, TooLargeError, althoen, builtin_board, empty, standard
from limits.model.board_files import board_from_data, board_from_text, load_board, resolve_board
from tests.strategies import proposed_jumps


def test_standard_board_matches_the_paper_listing():
    b = standard()
    # the board list of the paper's listings, read square by square
    expected = {1: 38, 4: 14, 9: 31, 16: 6, 21: 42, 28: 84, 36: 44, 48: 26, 49: 11, 51: 67,
                56: 53, 62: 19, 64: 60, 71: 91, 80: 100, 87: 24, 93: 73, 95: 75, 98: 78}
    assert b.jump_map == expected
    assert len(b.squares) == 81  # the paper's 81 transient states


def test_althoen_differs_by_one_chute():
    diff = set(standard().jumps) ^ set(althoen().jumps)
    assert diff == {(48, 26), (47, 26)}


@pytest.mark.parametrize(
    "jumps, message",
    [
        ({0: 5}, "starts on square 0"),
        ({10: 5}, "starts on square 10, the last square"),
        ({11: 5}, "starts off the board"),
        ({-1: 5}, "starts off the board"),
        ({3: 11}, "goes off the board"),
        ({3: -1}, "goes off the board"),
        ({3: 3}, "goes to the square it starts from"),
        ({3: 7, 7: 2}, "lands on square 7, the start of the jump 7->2"),
        ({3: "x"}, "must be a whole number"),
    ],
)
def test_malformed_jumps_are_rejected_with_a_clear_message(jumps, message):
    with pytest.raises(BoardError, match=message):
        Board(10, jumps)


def test_two_jumps_from_one_square():
    with pytest.raises(BoardError, match="two jumps start on square 3"):
        Board(10, [(3, 7), (3, 8)])


@pytest.mark.parametrize("size", [0, -3, 2.5, True, "10"])
def test_bad_sizes(size):
    with pytest.raises(BoardError):
        Board(size)


def test_board_errors_are_value_errors():
    with pytest.raises(ValueError):
        Board(10, {3: 3})


def test_landing():
    b = standard()
    assert [b.land(s) for s in (0, 1, 2, 48, 80, 100)] == [0, 38, 2, 26, 100, 100]


def test_round_trip_through_toml_and_json(tmp_path):
    b = standard()
    toml = "size = 100\n[jumps]\n" + "\n".join(f"{a} = {c}" for a, c in b.jumps)
    (tmp_path / "b.toml").write_text(toml)
    (tmp_path / "b.json").write_text(json.dumps(b.to_dict()))
    assert load_board(tmp_path / "b.toml").jumps == b.jumps
    assert load_board(tmp_path / "b.json").jumps == b.jumps
    assert resolve_board(str(tmp_path / "b.json")).name == "b"


def test_file_errors(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("size = [")
    with pytest.raises(BoardError, match="cannot parse the board as TOML"):
        load_board(bad)
    with pytest.raises(BoardError, match="no built-in board or file"):
        resolve_board(str(tmp_path / "missing.toml"))
    with pytest.raises(BoardError, match="unknown board field"):
        board_from_data({"size": 5, "jumps": {}, "colour": "red"})
    with pytest.raises(BoardError, match="'jumps' must be"):
        board_from_data({"size": 5, "jumps": 3})
    with pytest.raises(BoardError, match="unknown board format"):
        board_from_text("{}", "yaml")
    with pytest.raises(BoardError, match="unknown board"):
        builtin_board("nope")


def test_empty_board():
    assert empty(7).squares == tuple(range(7))


@pytest.mark.parametrize(
    "first, second",
    [
        ((3, 7), (7, 9)),  # a ladder onto a ladder
        ((3, 7), (7, 2)),  # a ladder onto a chute
        ((8, 5), (5, 1)),  # a chute onto a chute
        ((8, 5), (5, 9)),  # a chute onto a ladder
    ],
)
def test_chained_jumps_of_both_kinds_are_rejected(first, second):
    (a, b), (_, c) = first, second
    for pairs in ([first, second], [second, first]):  # whichever is listed first
        with pytest.raises(BoardError, match=f"the jump {a}->{b} lands on square {b}, the start of the jump {b}->{c}"):
            Board(10, pairs)


@given(st.integers(2, 30).flatmap(lambda n: st.tuples(st.just(n), proposed_jumps(n))))
@example((10, {3: 7, 7: 2}))
@example((10, {8: 5, 5: 1}))
@example((10, {3: 7, 8: 3}))
def test_a_board_is_accepted_exactly_when_no_jump_lands_on_a_jump_start(case):
    n, jumps = case
    chained = {a: b for a, b in jumps.items() if b in jumps}
    if chained:
        with pytest.raises(BoardError, match="lands on square .*, the start of the jump"):
            Board(n, jumps)
    else:
        board = Board(n, jumps)
        assert board.jump_map == jumps
        assert set(board.squares) == set(range(n)) - set(jumps)
        assert all(board.land(board.land(s)) == board.land(s) for s in range(n + 1))  # one jump at most


def test_jump_ends_on_the_edges_of_the_board():
    # the goal and the start are targets; N - 1 is a start; 0 and N are not starts
    assert Board(10, {9: 0, 1: 10}).jump_map == {9: 0, 1: 10}
    for jumps in ({9: 11}, {9: -1}, {10: 3}, {0: 3}, {-1: 3}, {11: 3}):
        with pytest.raises(BoardError):
            Board(10, jumps)


def test_kinds_and_names_of_the_builtin_boards():
    assert (standard().name, althoen().name, empty().name, empty(7).name) == ("standard", "althoen", "empty",
                                                                             "empty7")
    assert standard().ladders == ((1, 38), (4, 14), (9, 31), (21, 42), (28, 84), (36, 44), (51, 67), (71, 91),
                                  (80, 100))
    assert Board(10, {3: 7}, name="x").name == "x" and Board(10).name == "custom"
    assert Board(10, [("3", " 7 ")]).jump_map == {3: 7}  # squares as strings of digits
    assert standard().to_dict() == {"size": 100, "jumps": {str(a): b for a, b in standard().jumps}}


def test_a_board_of_one_square():
    assert Board(1).squares == (0,) and Board(1).size == 1
    assert althoen().size == standard().size == empty().size == 100


@pytest.mark.parametrize(
    "jumps, message",
    [
        ({-2: 5}, "the jump -2->5 leaves the board"),
        ({12: 5}, "the jump 12->5 leaves the board"),
        ({3: -2}, "the jump 3->-2 leaves the board"),
        ({3: 12}, "the jump 3->12 leaves the board"),
        ({3: 11}, "the jump 3->11 goes off the board"),
        ({3: -1}, "the jump 3->-1 goes off the board"),
        ({"x": 5}, "a jump's start must be a whole number"),
        ({3: 2.5}, "a jump's target must be a whole number"),
    ],
)
def test_each_bad_jump_gets_its_own_message(jumps, message):
    with pytest.raises(BoardError, match=message):
        Board(10, jumps)


def test_unknown_names_list_the_known_ones():
    with pytest.raises(BoardError, match=r"unknown board 'nope' \(built in: standard, althoen, empty\)"):
        builtin_board("nope")
    with pytest.raises(BoardError, match=r"named 'nope' \(built in: standard, althoen, empty\)"):
        resolve_board("nope")


def test_boards_from_data_and_text_take_their_names():
    assert board_from_data({"size": 5, "jumps": {}}).name == "custom"
    assert board_from_data({"size": 5, "jumps": {}, "name": "mine"}).name == "mine"
    assert board_from_text("size = 5").name == "custom"
    assert board_from_text("size = 5", name="b").name == "b"


def test_a_toml_number_past_pythons_digit_limit_is_counted_without_its_underscores():
    text = "size = " + "1_" * 5000 + "1\n"
    with pytest.raises(TooLargeError, match="holds a number of 5001 digits"):
        board_from_text(text)


def test_a_board_file_of_exactly_the_limit_is_read(tmp_path, monkeypatch):
    from limits.model import board_files

    monkeypatch.setattr(board_files, "MAX_BOARD_BYTES", 100)
    text = "size = 5\n"
    path = tmp_path / "b.toml"
    path.write_text(text + "#" * (99 - len(text)) + "\n")
    assert path.stat().st_size == 100 and load_board(path).size == 5
    path.write_text(text + "#" * (100 - len(text)) + "\n")
    with pytest.raises(TooLargeError, match="larger than 100 bytes"):
        load_board(path)


def test_cells_run_both_ways_row_by_row():
    from limits.model.layout import cell

    assert [cell(s) for s in (1, 10, 11, 20, 21, 30, 31)] == [(0, 0), (9, 0), (9, 1), (0, 1), (0, 2), (9, 2),
                                                              (9, 3)]


def test_a_json_number_of_the_most_digits_reaches_the_board_check():
    # eight digits pass the parser's digit limit and meet the board's own limit; nine do not
    with pytest.raises(TooLargeError, match="a board may have at most 2097152 squares"):
        board_from_text('{"size": 10000000, "jumps": {}}', "json")
    with pytest.raises(TooLargeError, match="holds a number of 9 digits"):
        board_from_text('{"size": 100000000, "jumps": {}}', "json")


def test_jupyter_shows_the_summary_the_jumps_and_the_picture_up_to_its_limit():
    from limits.checks import MAX_PICTURED

    board = Board(12, {3: 7, 11: 2})
    page = board._repr_html_()
    assert page.startswith(f"<div><p><strong>{board.summary()}</strong></p>")
    assert ("<table><tr><th>from</th><th>to</th><th>kind</th></tr>"
            "<tr><td>3</td><td>7</td><td>ladder</td></tr><tr><td>11</td><td>2</td><td>chute</td></tr></table>") in page
    assert page.endswith(board._repr_svg_() + "</div>") and "<svg" in page
    large = Board(MAX_PICTURED + 1)
    assert Board(MAX_PICTURED)._repr_svg_() is not None and large._repr_svg_() is None
    assert large._repr_html_().endswith("</table></details><p><em>No picture: the board has 401 squares, and boards "
                                        "are drawn up to 400 (MAX_PICTURED).</em></p></div>")


def test_a_board_family_at_the_edges_of_its_parameters():
    from limits.model.random_board import BoardFamily

    assert BoardFamily(2, 0, 0).board_of(0, seed=1).jumps == ()  # the smallest size
    with pytest.raises(BoardError, match="size must be 2"):
        BoardFamily(1, 0, 0)
    from limits.checks import MAX_SQUARES
    from limits.errors import TooLargeError

    assert BoardFamily(MAX_SQUARES, 0, 0).size == MAX_SQUARES  # the largest size, and past it a limit named
    with pytest.raises(TooLargeError, match="the limit MAX_SQUARES"):
        BoardFamily(MAX_SQUARES + 1, 0, 0)
    # 2 (ladders + chutes) may equal the N - 1 squares that can start a jump, not exceed them
    board = BoardFamily(5, 1, 1).board_of(0, seed=1)
    assert (len(board.ladders), len(board.chutes)) == (1, 1)
    with pytest.raises(BoardError, match="need more than the 3 squares"):
        BoardFamily(4, 1, 1)
    for name in ("longest_ladder", "longest_chute"):
        assert getattr(BoardFamily(10, 1, 1, **{name: 10}), name) == 10  # as long as the board
        for bad in (0, 11, True, 2.0):
            with pytest.raises(BoardError, match=f"{name} must be a whole number 1..10"):
                BoardFamily(10, 1, 1, **{name: bad})
