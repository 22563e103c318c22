import re
from pathlib import Path

import pytest

from limits.paper.claims import check_claims, errata_markdown

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def claims():
    """Every claim recomputed, once for the module (a few seconds)."""
    return check_claims()


def test_errata_page_matches_the_engine(claims):
    committed = (ROOT / "docs" / "errata.md").read_text(encoding="utf-8")
    assert committed == errata_markdown(claims), "regenerate with: python -c \"from limits.paper.claims import " \
        "errata_markdown; open('docs/errata.md','w').write(errata_markdown())\""


def test_verdicts(claims):
    checks = {c.claim: c for c in claims}
    assert checks["the limit of sigma as P(5) -> 1"].agrees is False
    assert checks["the limit of sigma as P(4) -> 1"].agrees is True
    assert checks["expected turns with a fair die, from square 0"].agrees is True
    assert all(c.test.startswith("tests/") and (ROOT / c.test.split("::")[0]).exists() for c in checks.values())


def test_every_claim_cites_a_test_that_exists_and_checks_its_own_case(claims):
    for c in claims:
        path, _, name = c.test.partition("::")
        function, _, param = name.partition("[")
        source = (ROOT / path).read_text(encoding="utf-8")
        assert f"def {function}(" in source, c.test
        for delta in re.findall(r"(?:delta = |c_)(\d)", c.claim):  # a test of one delta is cited only for that delta
            assert not re.search(r"delta_?(\d)", function) or f"delta_{delta}" in function, c.test
            assert not param or param.rstrip("]") == delta, c.test


def test_every_printed_claim_is_checked_once():
    from limits.paper.claims import SPECS
    from limits.paper.printed import CLAIMS

    assert sorted(s.key for s in SPECS) == sorted(c.key for c in CLAIMS)
