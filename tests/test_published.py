from fractions import Fraction
from pathlib import Path

import pytest

from limits import althoen, build_chain, empty
from limits.paper.published import PUBLISHED, SOURCES, check_published, published_markdown
from limits.paper.verdicts import Judge, Verdict, judge
from tests.bruteforce import expected_turns

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def checks():
    return check_published()


def test_published_page_matches_the_engine(checks):
    committed = (ROOT / "docs" / "published.md").read_text(encoding="utf-8")
    assert committed == published_markdown(checks), "regenerate with: python -c \"from limits.paper.published " \
        "import published_markdown; open('docs/published.md','w').write(published_markdown())\""


def test_every_source_has_numbers_and_every_number_a_verdict(checks):
    assert {p.source for p in PUBLISHED} == {s.key for s in SOURCES}
    assert len(checks) == len(PUBLISHED)
    for c in checks:
        assert c.source.url.startswith("http") and c.ours
        if c.verdict is not Verdict.AGREES:
            assert c.reason  # every difference says why


def test_verdicts(checks):
    by = {(c.source.key, c.quantity): c for c in checks}
    # Althoen, King & Schilling's exact fraction is the 1993 edition's mean, to the last digit
    assert by["althoen", "expected turns, one player"].verdict is Verdict.AGREES
    assert by["althoen", "expected turns on a board without chutes or ladders"].verdict is Verdict.DIFFERS
    # BYU's percentiles are one below ours at every level: another convention
    assert [by["byu", f"{p}th percentile of turns"].verdict for p in (25, 50, 75, 95)] == [Verdict.CONVENTION] * 4
    assert all(by["broman", f"90th percentile of spins, {k} players"].verdict is Verdict.AGREES for k in (2, 3, 4))
    assert by["broman", "expected spins, 2 players"].verdict is Verdict.NOISE
    assert by["datagenetics", "longest of a billion games"].verdict is Verdict.DIFFERS
    assert by["perlmonks", "chutes slid down per game"].verdict is Verdict.AGREES


def test_the_exact_values_two_ways():
    # the 1993 edition and the empty board, by an independent Gauss-Jordan solve
    exact = Fraction(225837582538403273407117496273279920181931269186581786048583,
                     5757472998140039232950575874628786131130999406013041613400)
    assert expected_turns(100, althoen().jump_map, "stay", [Fraction(1, 6)] * 6)[0] == exact
    assert build_chain(althoen()).expected_duration() == exact
    assert build_chain(empty()).expected_duration() == expected_turns(100, {}, "stay", [Fraction(1, 6)] * 6)[0]


def test_the_judges():
    assert judge(Judge.ROUNDED, "about 41.9", Fraction(4195, 100))[0] is Verdict.AGREES
    assert judge(Judge.ROUNDED, "41.9", Fraction(4196, 100))[0] is Verdict.DIFFERS
    assert judge(Judge.EXACT, "7", 7)[0] is Verdict.AGREES
    # a simulated mean: rounding, then three standard errors of N games, decided exactly
    assert judge(Judge.SIMULATED, "10", Fraction(103, 10), Fraction(100), games=10_000)[0] is Verdict.AGREES
    assert judge(Judge.SIMULATED, "10", Fraction(108, 10), Fraction(100), games=10_000)[0] is Verdict.NOISE
    assert judge(Judge.SIMULATED, "10", Fraction(108, 10), Fraction(100), games=40_000)[0] is Verdict.DIFFERS
    verdict, _, reason = judge(Judge.SIMULATED, "10", Fraction(108, 10), Fraction(100))
    assert verdict is Verdict.NOISE and "up to 10,000 games" in reason
    assert judge(Judge.SIMULATED, "50%", Fraction(1, 2) + Fraction(4, 1000), Fraction(1, 4),
                 value=Fraction(1, 2))[0] is Verdict.AGREES
    assert judge(Judge.PERCENTILE, "33", (33, 34))[0] is Verdict.AGREES
    assert judge(Judge.PERCENTILE, "34", (33, 34))[0] is Verdict.CONVENTION
    assert judge(Judge.PERCENTILE, "35", (33, 34))[0] is Verdict.DIFFERS


def test_report_tables():
    from limits.markup.document import Document, Paragraph, Table
    from limits.paper.everyday import everyday
    from limits.paper.sections import Sheet

    sheet = Sheet(Document("x"), games=1, seed=1)
    everyday(sheet)
    blocks = sheet.doc.blocks[1:]  # after the heading: a caption and a table, three times
    assert [type(b) for b in blocks] == [Paragraph, Table] * 3
    tables = [b for b in blocks if isinstance(b, Table)]
    assert [len(t.rows) for t in tables] == [4, 7, len(PUBLISHED)]
    assert all(len(r) == len(t.headers) for t in tables for r in t.rows)
    assert [r[3] for r in tables[0].rows] == ["73", "88", "103", "117"]
