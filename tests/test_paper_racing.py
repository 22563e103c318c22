"""The report's racing section alone: its prose keeps long numbers out, its data follow the schema and say the same."""

import re
from fractions import Fraction

import pytest
from jsonschema import Draft202012Validator

from limits.cli import schema
from limits.markup.document import Document
from limits.paper.racing import racing
from limits.paper.sections import SECTIONS, Sheet
from tests.test_seat_chances import PUBLISHED


@pytest.fixture(scope="module")
def sheet():
    made = Sheet(Document("the race"), games=1000, seed=1)
    racing(made)
    return made


def test_the_section_is_the_eighth_of_the_report():
    assert SECTIONS[7] == ("racing", racing)


def test_the_prose_shows_decimals_and_keeps_the_fraction_in_the_data(sheet):
    text = sheet.doc.markdown()
    assert "## 8. Racing" in text and "first 50 places agree" in text
    assert not re.search(r"\d{25}", text)  # no long numeral in prose or tables
    assert "figures/race_policy.svg" in sheet.figures and "![" in text
    # each win is named by the policy it answers: the race against a win that answers length is not the game
    assert "| length | win against length |" in text and "| win against win | win against win |" in text
    assert "| 1 | win against win |" in text
    data = sheet.results["race"]
    first = data["seat_chances"]["win_probability"][0]
    assert abs(Fraction(first["decimal"]) - Fraction(PUBLISHED)) <= Fraction(1, 2 * 10**15)
    assert len(first["exact"]) == 4453 * 2 + 1
    assert data["seat_chances"]["agrees_with_published"] is True


def test_the_data_follow_the_schema_and_the_tables(sheet):
    full = schema("reproduce")
    part = full["properties"]["sections"]["properties"]["race"]
    data = sheet.results["race"]
    Draft202012Validator({**part, "$defs": full["$defs"]}).validate(data)
    gains = data["gains"]
    assert [(g["seat"], g["against"]) for g in gains] == [(1, "length"), (2, "length"), (1, "win"), (2, "win")]
    for g in gains:  # with win less with length is the gain, and it is positive: win beats length from either seat
        gain = (Fraction(g["gain"]["lower"]), Fraction(g["gain"]["upper"]))
        assert 0 < gain[0] <= gain[1] < Fraction(1, 100)
        assert g["decisions"] > 0 and g["squares_and_rolls"] > 0
    value = data["value"]
    game = data["races"][-1]
    assert (game["first"], game["second"]) == ("win", "win") and game["first_wins"] == value["first_wins"]
    assert value["guaranteed"] == [True, True] and "the game's value" in value["statement"]
    assert data["inputs"]["board"] == "standard" and data["inputs"]["board_sha256"]
