"""The explorer's views of a limit say what they show: the exact block when a number is rounded, a legend row
for each shade on the board.

The classes, over every loaded face at both ends on two small boards and two AT -> TOWARD families:

* the block of exact coefficients is there exactly when some coefficient the formulas show (sigma's and the
  variance's) is rounded, read from the MathML itself (a decimal mantissa or a power of ten, not an integer or
  a fraction), and it lists every coefficient exactly;
* each legend row counts the squares it shades, and only the win path's row may have none: every shade on the
  board has its row, a row's colour is on the board exactly when the row names squares, the count a row gives
  is the number of squares it names (the squares from which a loop can be reached include the loops), written
  as ``counted`` writes it (``1 square``, ``12 squares``, ``no squares``; never a bare number, never ``1
  squares``); every row names at least one square but the last, the squares from which the game surely ends
  (the win path), which says ``no squares`` when there are none; those squares are the oracle's
  (tests/oracle.py, from the die at eps = 0), and the row of the squares that may be trapped is there exactly
  when that die is random (two faces or more) and some square may be trapped; for the paper's walk colouring
  (a loaded face as p -> 1) too.

Modules: ``limits.explore.views``.
"""

import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from limits import Board, Perturbation, uniform_on
from limits.explore.views import SIGMA_TERMS, VARIANCE_TERMS, limit_view, picture
from limits.markup.numerals import counted
from tests.oracle import finite_squares, transitions

TEN, SMALL = Board(10), Board(20, {3: 11, 9: 2, 17: 5})
FAMILIES = ([Perturbation.loaded(TEN, d, p_to=to) for d in range(1, 7) for to in (0, 1)]
            + [Perturbation.loaded(SMALL, d, p_to=to, faces=4) for d in range(1, 5) for to in (0, 1)]
            + [Perturbation.between(uniform_on([2, 4], 4), uniform_on([1, 3], 4), SMALL),  # even moves: 19 traps
               Perturbation.between(uniform_on([1, 2], 4), uniform_on([3, 4], 4), SMALL)])


def _shown(formula: str) -> list[str]:
    """How each coefficient of a series in MathML is written: ``"exact"`` (an integer or a fraction) or
    ``"rounded"`` (a decimal, or a mantissa times a power of ten); the name and the remainder O(..) left out."""
    if not formula.startswith("<math"):
        return []  # a sentence (Var M = 0), no series
    children = list(ET.fromstring(formula))
    start = next(i for i, e in enumerate(children) if e.tag == "mo" and e.text == "=") + 1
    end = next(i for i, e in enumerate(children) if e.tag == "mi" and e.text == "O")
    terms = children[start:end]
    out = []
    for i, e in enumerate(terms):
        follows = terms[i + 1] if i + 1 < len(terms) else None
        if e.tag == "mfrac":
            out.append("exact")
        elif e.tag == "mn":
            times = follows is not None and follows.tag == "mo" and follows.text == "×"
            out.append("rounded" if times or "." in e.text else "exact")
    return out


@pytest.fixture(scope="module")
def views():
    return [(f, limit_view(f, variable="ε")) for f in FAMILIES]


def test_the_exact_block_is_there_exactly_when_a_coefficient_shown_is_rounded(views):
    seen = set()
    for family, view in views:
        shown = _shown(view["expansion"]) + _shown(view["variance"])
        assert bool(view["exact"]) == ("rounded" in shown), family.describe()
        seen.add(frozenset(shown))
        if view["exact"]:
            every = [a for _, a in family.expansion(SIGMA_TERMS).coefficients]
            every += [a for _, a in family.variance(VARIANCE_TERMS).coefficients]
            assert [Fraction(c) for c in re.findall(r"<code>(.*?)</code>", view["exact"])] == every
    assert {"exact"} in seen and {"exact", "rounded"} in seen  # formulas all exact, and exact beside rounded


def _counted(text: str) -> int | None:
    """The count of squares a legend row gives, checked to be written as ``counted`` writes it; None for none."""
    assert not re.search(r":\s*[\d,]+$", text), text  # a count says what it counts
    found = re.search(r"(?:^|: )(no|[\d,]+) squares?\b", text)
    if found is None:
        return None
    count = 0 if found.group(1) == "no" else int(found.group(1).replace(",", ""))
    assert found.group(0).removeprefix(": ") == counted(count, "square"), text
    return count


def _check_legend(pic: dict) -> None:
    shades = list(pic["colours"].values())
    rows = {colour: text for colour, text in pic["legend"]}
    assert len(rows) == len(pic["legend"]) and set(shades) <= set(rows)  # one row a shade, a row for each shade
    may_trap = [c for c, t in rows.items() if "from which a loop can be reached" in t]
    loops = [c for c, t in rows.items() if t.startswith(("loop", "c-loop", "f-loop"))]
    for colour, text in rows.items():
        count = _counted(text)
        named = sum(s == colour or (colour in may_trap and s in loops) for s in shades)
        if count is None:  # a loop of a random die: its own squares
            assert colour in loops and named > 0, text
        else:
            assert count == named, text
        assert (colour in shades) == (named > 0), text  # shaded exactly when the row names squares
        assert named > 0 or (text == pic["legend"][-1][1] and "no squares" in text), text  # none: the win path's


@pytest.mark.parametrize("family", FAMILIES + [Perturbation.loaded(delta=3)], ids=lambda f: f.describe())
def test_each_legend_row_counts_its_squares_and_only_the_win_path_s_may_have_none(family):
    pic = picture(family)
    _check_legend(pic)
    board, die = family.board, family.die(Fraction(0)).probabilities
    rows = transitions(board.size, dict(board.jumps), family.rule.value, list(die))
    ends = finite_squares(board.size, rows)
    assert sorted(int(s) for s, c in pic["colours"].items() if c == pic["legend"][-1][0]) == sorted(ends)
    random = sum(1 for p in die if p) > 1
    may_trap = [t for _, t in pic["legend"] if "from which a loop can be reached" in t]
    assert bool(may_trap) == (random and len(ends) < len(rows)), pic["legend"]
    if family.loaded_face is not None and family.loaded_face[1] == 1:  # a walk: the paper's colouring too
        _check_legend(picture(family, family.classify()))


def test_the_families_show_every_kind_of_row():
    texts = [t for f in FAMILIES for _, t in picture(f)["legend"]]
    assert any("from which a loop can be reached" in t for t in texts)  # a random die that traps
    assert any("on-ramp" in t for t in texts)  # a walk that loops
    assert any(t.startswith("loop") and "on-ramp" not in t for t in texts)  # a random die's loop
    assert any(t.startswith("no squares") for t in texts) and any(t.endswith(": 1 square") for t in texts)
