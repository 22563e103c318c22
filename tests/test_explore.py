"""The explorer's page builder: its data are the library's exact answers, the page holds all it needs.

The page itself runs in a browser in ``tests/test_explore_browser.py``; here
its data are checked against the library (each face's rational function,
the values and visits at the ends, the limits, the picture's squares), the
page against any reference outside it, and the fragment rules the page
follows against their Python mirror.
"""

import json
import math
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from limits import Board, InfiniteExpectationError, Perturbation, build_chain, uniform_on, weighted
from limits.cli import main
from limits.errors import DieError, LimitsError, TooLargeError
from limits.exact.digits import decimal
from limits.explore.data import VISIT_DIGITS, explorer_data
from limits.explore.fragment import linear_grid, log_grid, parse_fragment, parse_value, value_text, view_fragment
from limits.explore.page import explorer_html, explorer_script
from limits.game.duration import expected_visits
from tests.loaded import classify, sigma_function
from tests.pages import external_references

SMALL = Board(20, {3: 11, 9: 2, 17: 5})
"""Small enough to build in a moment; a ladder and two chutes, so loops appear at P(delta) = 1."""
FACES = 4


@pytest.fixture(scope="module")
def data():
    return explorer_data(SMALL, faces=FACES)


@pytest.fixture(scope="module")
def family():
    return Perturbation.between(uniform_on([1, 2], FACES), uniform_on([3, 4], FACES), SMALL)


@pytest.fixture(scope="module")
def family_data(family):
    return explorer_data(family=family)


def _function(spec):
    return tuple(int(c) for c in spec["numerator"]), tuple(int(c) for c in spec["denominator"])


def test_every_face_carries_sigma_function_exactly(data):
    assert [f["id"] for f in data["families"]] == [f"d{d}" for d in range(1, FACES + 1)]
    for f in data["families"]:
        expected = sigma_function(SMALL, f["delta"], faces=FACES)
        assert _function(f["sigma"]) == (expected.numerator, expected.denominator)


def test_a_family_carries_its_own_rational_function(family, family_data):
    (custom,) = [f for f in family_data["families"] if f["kind"] == "family"]
    expected = family.rational_function()
    assert _function(custom["sigma"]) == (expected.numerator, expected.denominator)
    assert family_data["initial"]["family"] == "family" and family_data["initial"]["value"] == "1/100"
    # the faces as alpha + beta eps give the family's die at any eps
    eps = Fraction(3, 7)
    probabilities = [Fraction(a) + Fraction(b) * eps for a, b in custom["faces"]]
    assert probabilities == list(family.die(eps).probabilities)


def test_the_faces_are_the_loaded_die(data):
    p = Fraction(2, 9)
    for f in data["families"]:
        assert [Fraction(a) + Fraction(b) * p for a, b in f["faces"]] == list(weighted(f["delta"], p, FACES)
                                                                              .probabilities)


def test_the_ends_are_solved_exactly_with_their_reasons(data):
    seen_infinite = False
    for f in data["families"]:
        for p in (0, 1):
            chain = build_chain(SMALL, weighted(f["delta"], Fraction(p), FACES))
            end = f["ends"][str(p)]
            try:
                value = chain.expected_duration()
            except InfiniteExpectationError as exc:
                seen_infinite = True
                assert end["infinite"] and end["reason"] == str(exc) and end["loop"] == list(exc.trap)
                loop_squares = {str(s) for s in exc.trap}
                assert {k for k, v in f["visits"][str(p)].items() if v == "inf"} >= loop_squares
                continue
            assert Fraction(end["exact"]) == value and end["decimal"] == decimal(value, 20)
            visits = expected_visits(chain)
            assert f["visits"][str(p)] == {str(s): decimal(v, VISIT_DIGITS) for s, v in visits.items()}
    assert seen_infinite  # the board was chosen so that some end traps the player


def test_visits_at_p_one_follow_the_walk(data):
    # with P(delta) = 1 the game is the walk: each square on the way is visited once, a loop it ends in forever
    for f in data["families"]:
        walk = classify(SMALL, f["delta"], faces=FACES)
        loop = walk.loop_of(walk.walk_from_start[-1]) if walk.psi is None else None
        expected = {str(s): "0" for s in SMALL.squares}
        expected.update({str(s): "1" for s in walk.walk_from_start})
        if loop is not None:
            expected.update({str(s): "inf" for s in loop.squares})
        assert f["visits"]["1"] == expected, f["delta"]


def test_the_curves_are_log10_sigma_at_the_slider_positions(data):
    f = data["families"][1]
    fn = sigma_function(SMALL, 2, faces=FACES)
    stride = data["stride"]["lin"]
    for s, y in enumerate(f["curves"]["lin"][1:-1], start=1):
        assert math.isclose(y, math.log10(fn(Fraction(s * stride, 1000))), abs_tol=1e-4)
    grid = log_grid()
    picks = list(range(0, len(grid), data["stride"]["log"]))
    for s, y in list(enumerate(f["curves"]["log1"]))[1:-2]:
        assert math.isclose(y, math.log10(fn(1 - grid[picks[s]])), abs_tol=1e-4)


def test_each_end_shows_the_family_expansion_and_law(data):
    f = data["families"][0]
    for end, to in (("1", 1), ("0", 0)):
        family = Perturbation.loaded(SMALL, 1, p_to=to, faces=FACES)
        view = f["limits"][end]
        if family.trap is not None:
            assert view["trap"] == list(family.trap) and view["coefficients"] == []
            continue
        expansion = family.expansion(4)
        assert view["order"] == expansion.order
        assert [(j, Fraction(a)) for j, a in view["coefficients"]] == list(expansion.coefficients)
        ET.fromstring(view["expansion"])  # MathML is XML
        assert view["expansion"].startswith('<math display="block">')


def test_the_picture_tags_every_square_in_order(data):
    root = ET.fromstring(data["picture"])
    children = list(root)
    tagged = [(i, e) for i, e in enumerate(children) if e.get("data-square") is not None]
    assert [int(e.get("data-square")) for _, e in tagged] == list(range(SMALL.size + 1))
    for i, e in tagged:  # each square's label follows its rectangle
        k = int(e.get("data-square"))
        assert children[i + 1].text == ("start" if k == 0 else str(k))
    walk = data["families"][1]["limits"]["1"]["picture"]
    assert set(walk["colours"]) <= {str(s) for s in range(SMALL.size)} and walk["legend"]


def test_the_page_needs_nothing_outside_it(data, family_data):
    for d in (data, family_data):
        page = explorer_html(d)
        assert external_references(page) == []
        assert page.lower().count("</script") == 2  # the data's and the module's own ends
        embedded = re.search(r'<script type="application/json" id="explorer-data">(.*?)</script>', page, re.S)
        assert json.loads(embedded.group(1)) == json.loads(json.dumps(d))
    assert "</script" not in explorer_script().lower()


def test_a_board_name_cannot_open_a_comment_or_a_script_inside_the_data():
    # "<!--" then "<script" inside a script element put HTML's tokenizer in its double-escaped state, in which
    # the data's own "</script>" no longer ends it: the page swallowed its module
    name = "<!--<script></script>-->"
    page = explorer_html({"board": {"name": name}, "families": []})
    embedded = re.search(r'<script type="application/json" id="explorer-data">(.*?)</script>', page, re.S).group(1)
    assert not re.search(r"<!--|<script|</script", embedded, re.I)
    assert json.loads(embedded)["board"]["name"] == name


@pytest.mark.parametrize("page, found", [
    ('<script src="app.js"></script>', ["app.js"]),
    ("<link rel=stylesheet href=//cdn.example/x.css>", ["//cdn.example/x.css"]),
    ('<img srcset="a.png 2x">', ["a.png"]),
    ("<p>see https://example.org</p>", ["https://example.org"]),
    ('<a href="#delta=5">x</a><img src="data:image/png;base64,AA==">', []),
])
def test_external_references_are_found(page, found):
    assert external_references(page) == found


def test_the_data_record_their_inputs(data):
    assert data["board"] == {"name": "custom", "size": 20, "jumps": [[3, 11], [9, 2], [17, 5]],
                             "hash": SMALL.sha256}
    assert (data["rule"], data["faces"], data["start"], data["digits"]) == ("stay", FACES, 0, 20)
    assert Board(20, {3: 11}).sha256 != SMALL.sha256


@pytest.mark.parametrize("kwargs, error", [
    ({"faces": 13}, TooLargeError),
    ({"faces": 1}, TooLargeError),  # the limit's other edge: 2..MAX_EXPLORE_FACES faces
    ({"faces": 0}, TooLargeError),
    ({"delta": 5}, DieError),
    ({"p_to": 2}, DieError),
    ({"value": "3/2"}, DieError),
])
def test_bad_input_is_refused_up_front(kwargs, error):
    with pytest.raises(error):
        explorer_data(SMALL, **{"faces": FACES, **kwargs})


def test_a_family_with_a_coin_is_refused():
    with pytest.raises(LimitsError, match="coin"):
        explorer_data(family=Perturbation.loaded(SMALL, 2, faces=FACES, policy=lambda s, t: 1))


# ---- the fragment: the view as text, the same rules as the page's script

def test_fragments_name_one_view():
    assert parse_fragment("#delta=5&p=0.99") == {"delta": 5, "p": Fraction(99, 100)}
    assert parse_fragment("delta=2&to=0&p=1-1e-23&scale=log&later=1") == {
        "delta": 2, "to": 0, "p": 1 - Fraction(1, 10**23), "scale": "log"}
    state = {"delta": 3, "to": 0, "p": Fraction(1, 10**30), "scale": "log"}
    assert parse_fragment(view_fragment(**state)) == state
    assert view_fragment(delta=5, p=1 - Fraction(1, 10**23)) == "delta=5&p=1-1e-23"


@pytest.mark.parametrize("text", ["p=1.5", "p=1-2", "p=x", "delta=five", "to=2", "scale=cubic", "p=1e-4001"])
def test_a_bad_fragment_says_what_is_wrong(text):
    with pytest.raises(LimitsError):
        parse_fragment(text)


@given(st.fractions(0, 1, max_denominator=10**12) | st.builds(lambda k, m: 1 - Fraction(m, 10**k),
                                                               st.integers(1, 60), st.integers(1, 9)))
def test_value_text_reads_back_exactly(x):
    text = value_text(x)
    assert parse_value(text) == x
    assert len(text) <= len(f"{x.numerator}/{x.denominator}")


def test_the_slider_grids():
    lin, log = linear_grid(), log_grid()
    assert lin[0] == 0 and lin[-1] == 1 and len(set(lin)) == len(lin)
    assert all(a > b for a, b in zip(log, log[1:])) and log[-1] == 0
    assert [value_text(d) for d in log[:3]] == ["1", "0.89", "0.79"] and log[-2] == Fraction(1, 10**30)


# ---- the command


def test_the_command_writes_one_page(tmp_path, capsys):
    board = tmp_path / "small.json"
    board.write_text(json.dumps(SMALL.to_dict()), encoding="utf-8")
    out = tmp_path / "page.html"
    assert main(["explore", "-o", str(out), "--board", str(board), "--faces", "4", "--delta", "2",
                 "--p", "1-1e-9"]) == 0
    said = capsys.readouterr().out
    assert said.splitlines()[-1] == f"open {out}#delta=2&p=1-1e-9"
    page = out.read_text(encoding="utf-8")
    assert external_references(page) == [] and '"initial":{"family":"d2","to":1,"value":"999999999/1000000000"}' in page


@pytest.mark.parametrize("argv", [
    ["--delta", "9"], ["--at", "fair"], ["--faces", "1"], ["--faces", "20"], ["--p", "2"],
    ["--at", "0,1,0,0,0,0", "--toward", "fair", "--faces", "6"], ["--board", "nowhere"],
])
def test_the_command_refuses_bad_input_in_one_line(tmp_path, capsys, argv):
    assert main(["explore", "-o", str(tmp_path / "x.html"), *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("limits: error:")
    assert not (tmp_path / "x.html").exists()


def test_the_command_will_not_write_over_a_folder(tmp_path, capsys):
    assert main(["explore", "-o", str(tmp_path), "--board", "empty"]) == 2


def test_the_coin_map_is_there_only_when_asked_and_is_the_familys(family):
    """``coin=True`` adds each family's map of the optimal coin (that of ``limits optimal --over p``), every
    breakpoint with an exact interval holding exactly one root of its polynomial (counted by sympy), that root."""
    import sympy

    assert all("coin" not in f for f in explorer_data(SMALL, faces=FACES)["families"])
    for spec in explorer_data(SMALL, faces=FACES, start=5, coin=True)["families"]:  # each map from the start given
        own = Perturbation.loaded(SMALL, spec["delta"], faces=FACES, start=5).policy_map().to_json(20)
        assert [p["policy"] for p in spec["coin"]["pieces"]] == [p["policy"] for p in own["pieces"]]
        assert [b["polynomial"] for b in spec["coin"]["breakpoints"]] == [b["polynomial"] for b in own["breakpoints"]]
    made = explorer_data(family=family, coin=True)["families"]
    assert [f["id"] for f in made] == [f"d{d}" for d in range(1, FACES + 1)] + ["family"]
    for spec in made:
        own = family if spec["kind"] == "family" else Perturbation.loaded(SMALL, spec["delta"], faces=FACES)
        wanted, got = own.policy_map().to_json(20), spec["coin"]
        assert [(p["policy"], p["sigma"]) for p in got["pieces"]] == [(p["policy"], p["sigma"]) for p in wanted["pieces"]]
        assert len(got["breakpoints"]) == len(wanted["breakpoints"]) == len(got["pieces"]) - 1
        for b in got["breakpoints"]:
            lo, hi = (sympy.Rational(x) for x in b["isolating"])
            poly = sympy.Poly([int(c) for c in reversed(b["polynomial"])], sympy.Symbol("x"))
            assert poly.count_roots(lo, hi) == 1, b
            ends = (b["exact"], b["exact"]) if b.get("exact") else (b["lower"], b["upper"])
            assert Fraction(ends[0]) <= hi and lo <= Fraction(ends[1])  # both hold the one root
