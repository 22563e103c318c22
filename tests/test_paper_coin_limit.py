"""The report's section on the coin where the die is loaded (:func:`limits.paper.sections.coin_limit`): its table says
what its data say, its data follow the schema, each threshold is the last breakpoint of the map over p, and no
long numeral reaches the prose."""

import re
from fractions import Fraction

import pytest
from jsonschema import Draft202012Validator

from limits import Perturbation
from limits.cli import schema
from limits.markup.document import Document
from limits.paper.sections import SECTIONS, Sheet, coin_limit

pytestmark = pytest.mark.slow  # twelve limit policies and a map over p: about 20 s of CPU


@pytest.fixture(scope="module")
def sheet():
    made = Sheet(Document("the coin where the die is loaded"), games=1000, seed=1)
    coin_limit(made)
    return made


def test_the_section_is_the_last_of_the_report():
    assert SECTIONS[-1] == ("the coin where the die is loaded", coin_limit)


def test_the_data_follow_the_schema_and_the_table(sheet):
    full = schema("reproduce")
    part = full["properties"]["sections"]["properties"]["coin_limit"]
    data = sheet.results["coin_limit"]
    Draft202012Validator({**part, "$defs": full["$defs"]}).validate(data)
    rows = data["rows"]
    assert [(r["p_to"], r["delta"]) for r in rows] == [(e, d) for e in (1, 0) for d in range(1, 7)]
    text = sheet.doc.markdown()
    assert "## 9. The coin where the die is loaded" in text and "figures/coin_map_5.svg" in sheet.figures
    assert not re.search(r"\d{25}", text)  # long fractions stay in the data
    five = rows[4]  # delta = 5 as p -> 1: 93 turns without the coin, 1467/128 with it
    assert (five["sigma_without_coin"]["limit"]["exact"], five["sigma"]["limit"]["exact"]) == ("93", "1467/128")
    for r in rows:  # the coin never lengthens the game: a lower order, or the same order and a coefficient no larger
        a, b = r["sigma"], r["sigma_without_coin"]
        assert (a["order"], Fraction(a["leading_coefficient"]["exact"])) <= \
            (b["order"], Fraction(b["leading_coefficient"]["exact"])) or a["order"] < b["order"]
        line = f"| $p \\to {r['p_to']}$ | {r['delta']} |"
        assert sum(row.startswith(line) for row in text.splitlines()) == 1


@pytest.mark.parametrize("p_to", [0, 1])
def test_the_threshold_is_the_maps_breakpoint_nearest_the_end(sheet, p_to):
    """Two routes to one number: the limit policy's threshold, and the map over p's last (first) breakpoint."""
    row = sheet.results["coin_limit"]["rows"][5 - 1 + (6 if p_to == 0 else 0)]
    pmap = Perturbation.loaded(delta=5, p_to=p_to).policy_map().to_json(15)
    end = pmap["breakpoints"][-1] if p_to == 1 else pmap["breakpoints"][0]
    assert end["polynomial"] == row["threshold"]["polynomial"]
    assert Fraction(end["lower"]) <= Fraction(row["threshold"]["upper"]) and \
        Fraction(row["threshold"]["lower"]) <= Fraction(end["upper"])
