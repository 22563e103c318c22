from pathlib import Path

from limits.paper.claims import check_claims, errata_markdown

ROOT = Path(__file__).resolve().parents[1]


def test_errata_page_matches_the_engine():
    committed = (ROOT / "docs" / "errata.md").read_text(encoding="utf-8")
    assert committed == errata_markdown(), "regenerate with: python -c \"from limits.paper.claims import " \
        "errata_markdown; open('docs/errata.md','w').write(errata_markdown())\""


def test_verdicts():
    checks = {c.claim: c for c in check_claims()}
    assert checks["the limit of sigma as P(5) -> 1"].agrees is False
    assert checks["the limit of sigma as P(4) -> 1"].agrees is True
    assert checks["expected turns with a fair die, from square 0"].agrees is True
    assert all(c.test.startswith("tests/") and (ROOT / c.test.split("::")[0]).exists() for c in checks.values())
