"""The explorer page in a real browser: what headless Chromium shows is what the package computes.

``limits explore`` writes the page for the paper's board; one Chromium,
driven over the DevTools protocol through a pipe (``tests/cdp.py``), opens it
with fragments and reads the views. Checked: ``#sigma`` against the digits
``limits sigma`` prints (delta = 5, p = 0.99 and ten pairs drawn with a fixed
seed, both ends and p near 0 and 1 among them), an infinite sigma and its
reason, the chart's mark of a value above it and its label of the game at p = 1 itself,
the page's rules for exact values, their texts and decimals against the package's,
the expected visits against the exact ones, that no request leaves the page,
the layout at a phone's and a desktop's width (screenshots kept in the test's
folder), and that a drag of the slider redraws every view within 50 ms.

Every test here drives a browser: all are marked slow (``.ci/run`` runs them).
One compares with ``limits sigma`` run as a command; the others with the value
the command prints, taken from the same library call. Locally the tests skip
when Chromium is missing; with ``CI`` or ``LIMITS_REQUIRE_CHROMIUM`` set
(``.ci/run`` sets it) they fail instead.
"""

import json
import random
import re
import subprocess
import sys
from fractions import Fraction
from urllib.parse import urlsplit

import pytest

from limits import InfiniteExpectationError, build_chain, standard, weighted
from limits.cli import main
from limits.exact.digits import decimal
from limits.explore.fragment import parse_value, value_text
from tests.cdp import Browser, required_chromium
from tests.loaded import sigma_at
from tests.pages import external_references
from tests.test_explore_fragments import VALUES

pytestmark = pytest.mark.slow(reason="drives headless Chromium over the page (7 s of CPU time); the page's own rules "
                                     "are tested without a browser in tests/test_explore_*.py")


def _pairs() -> list[tuple[int, str]]:
    """delta = 5 at p = 0.99, then ten (delta, p) drawn with a fixed seed: p = 0 and 1, p near 1 and near 0
    (down to 1e-30 away), and ordinary decimals and fractions."""
    rng = random.Random(26)
    face = lambda: rng.randint(1, 6)  # noqa: E731
    pairs = [(5, "0.99"), (face(), "0"), (face(), "1"), (face(), "1-1e-30"), (face(), "1e-30")]
    pairs.append((face(), f"1-{rng.randint(1, 9)}e-{rng.randint(3, 25)}"))
    pairs.append((face(), f"{rng.randint(1, 9)}e-{rng.randint(3, 25)}"))
    pairs.append((face(), f"0.{rng.randint(1, 999999):06d}"))
    pairs.append((face(), f"{rng.randint(1, 999)}/{rng.randint(1000, 9999)}"))
    pairs.append((face(), f"0.{rng.randint(1, 99):02d}"))
    pairs.append((face(), f"1-{rng.randint(1, 99)}/{rng.randint(10**6, 10**7)}"))
    return pairs


PAIRS = _pairs()


def _printed(delta: int, p: str) -> str:
    """What ``limits sigma --delta D --p P`` prints as sigma (the library call behind it), as the page writes it."""
    try:
        return sigma_at(standard(), delta, parse_value(p)).decimal
    except InfiniteExpectationError:
        return "∞"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("explorer")


@pytest.fixture(scope="module")
def page(folder):
    path = folder / "page.html"
    assert main(["explore", "-o", str(path), "-q"]) == 0
    return path


@pytest.fixture(scope="module")
def browser(folder):
    executable = required_chromium()
    with Browser(executable, str(folder / "profile")) as b:
        b.resize(1280, 900)
        yield b


class _Views:
    """Opens views of the page, each as a new document (the query string differs), and reads them."""

    def __init__(self, browser, page):
        self.browser, self.page, self.count = browser, page, 0

    def open(self, fragment: str) -> None:
        self.count += 1
        self.browser.navigate(f"{self.page.as_uri()}?view={self.count}#{fragment}")
        self.browser.wait_for("document.getElementById('explorer').dataset.ready === '1'")

    def text(self, selector: str) -> str:
        return self.browser.evaluate(f"document.querySelector({json.dumps(selector)}).textContent")


@pytest.fixture(scope="module")
def views(browser, page):
    return _Views(browser, page)


def test_the_page_written_is_self_contained(page):
    assert external_references(page.read_text(encoding="utf-8")) == []


def test_sigma_shows_the_digits_limits_sigma_prints(views):
    shown = {}
    for delta, p in PAIRS:
        views.open(f"delta={delta}&p={p}")
        shown[delta, p] = views.text("#sigma")
    assert shown[5, "0.99"] == "88.875631181236029274"
    assert shown == {pair: _printed(*pair) for pair in PAIRS}
    assert views.browser.problems() == []


def test_an_infinite_sigma_shows_its_reason(views):
    views.open("delta=6&p=1")
    assert views.text("#sigma") == "∞"
    assert "trapped forever in the loop {97}" in views.text("#sigma-reason")


def test_the_page_reads_and_rounds_as_the_package_does(views):
    views.open("delta=5&p=0.99")
    texts = ["0.99", "1-1e-23", "3/4", "1e-30", "0", "1", " 0.5 ", "1-0.25", ".5", "5e-1", "1-1/3", "0.10",
             "1e-4000", "1e-4001", "1.5", "x", "1/0", "-0.1", "1-2", "2/3"]
    js = views.browser.evaluate(
        f"""{json.dumps(texts)}.map(t => {{ try {{ const v = explorer.rules.parseValue(t);
               return `${{v.n}}/${{v.d}}`; }} catch (e) {{ return null; }} }})""")
    for text, got in zip(texts, js):
        try:
            expected = parse_value(text)
        except ValueError:
            assert got is None, text
            continue
        assert got is not None and Fraction(got) == expected, text
    rng = random.Random(7)
    cases = [(Fraction(rng.randint(1, 10**rng.randint(1, 40)), rng.randint(1, 10**rng.randint(1, 40))),
              rng.randint(1, 25)) for _ in range(300)]
    cases += [(Fraction(25, 100), 1), (Fraction(35, 100), 1), (Fraction(-5, 2), 1), (Fraction(99999, 100000), 3),
              (Fraction(10**21), 3), (Fraction(1, 10**7), 2), (Fraction(123456), 3), (Fraction(-1, 8), 2)]
    js = views.browser.evaluate(
        "[" + ",".join(f"explorer.rules.decimal({{n: {x.numerator}n, d: {x.denominator}n}}, {d})" for x, d in cases)
        + "]")
    assert js == [decimal(x, d) for x, d in cases]


def test_the_page_writes_every_value_as_the_package_does(views):
    """The page's ``valueText`` (its fragment's p and eps, the value typed in) against ``value_text`` over the
    values of ``tests/test_explore_fragments.py``: the same shortest text, ties to the decimal."""
    views.open("delta=5&p=0.99")
    js = views.browser.evaluate(
        "[" + ",".join(f"explorer.rules.valueText({{n: {x.numerator}n, d: {x.denominator}n}})" for x in VALUES) + "]")
    assert dict(zip(VALUES, js)) == {x: value_text(x) for x in VALUES}


def test_the_visits_shown_are_the_exact_ones_rounded(views):
    views.open("delta=5&p=0.99")
    items = views.browser.evaluate("[...document.querySelectorAll('ol.top li')].map(li => li.textContent)")
    exact = build_chain(standard(), weighted(5, Fraction(99, 100))).expected_visits()
    assert len(items) == 5
    ranked = sorted(exact, key=exact.get, reverse=True)[:5]
    for item, square in zip(items, ranked):
        got = re.fullmatch(r"square (\d+): ([0-9.e+-]+)", item)
        assert got and int(got.group(1)) == square, item
        assert got.group(2) in {decimal(exact[square], d) for d in (4, 5, 6)}, item


@pytest.mark.parametrize("delta, p", [(1, "0.5"), (2, "1e-12"), (3, "1-1e-12"), (4, "0.999"), (5, "1/3"),
                                      (6, "1-1e-30"), (5, "1e-30"), (3, "0.01"), (1, "1e-300"), (3, "1-1e-300")])
def test_every_square_shows_its_exact_visits_rounded(views, delta, p):
    """Within float64's range every square gets at least four certain digits; near its end (1e-300) the page
    may certify none, and must not print a wrong one."""
    if views.count == 0:
        views.open("delta=5&p=0.99")
    shown = views.browser.evaluate(f"explorer.rules.visitsText('d{delta}', {json.dumps(p)})")
    exact = {s: v for s, v in build_chain(standard(), weighted(delta, parse_value(p))).expected_visits().items()
             if v != 0}
    assert {int(s) for s in shown} == set(exact)  # the squares the game can reach, and no other
    extreme = "e-300" in p
    for square, got in shown.items():  # [text, digits]: how many are certain (trailing zeros not written)
        if got is None:
            assert extreme, square
            continue
        text, digits = got
        assert (extreme or digits >= 4) and digits <= 6 and text == decimal(exact[int(square)], digits), (square, got)


def test_the_chart_marks_a_value_beyond_it_and_names_the_game_at_p_1(views):
    # sigma_3(0.9999) = 1.93e7 was drawn on the chart's top line (1e4) as if it were there
    views.open("delta=3&p=0.9999")
    assert sigma_at(standard(), 3, Fraction(9999, 10000), digits=3).decimal == "19300000"
    assert views.text("svg.plot text.clipped") == "↑ σ₃ = 1.93e7, above the chart"
    marks = views.browser.evaluate("[...document.querySelectorAll('svg.plot path.clipped')].filter(p => p.getAttribute('d'))"
                                   ".length")
    assert marks >= 1
    views.open("delta=5&p=0.5")  # in range: no mark
    assert views.text("svg.plot text.clipped") == ""
    # at p = 1 the curve drops to sigma_5(1) = 16, the game with the die that always shows 5, not the limit 93
    for fragment in ("delta=5&p=0.5", "delta=5&p=1-1e-20&scale=log"):
        views.open(fragment)
        assert views.text("svg.plot text.end").startswith("p = 1 itself: σ₅(1) = 16, not the limit 93"), fragment
    views.open("delta=3&p=0.5")  # sigma_3(1) is infinite, as its limit: nothing to explain
    assert views.browser.evaluate("document.querySelector('svg.plot text.end')") is None
    assert views.browser.problems() == []


def test_no_request_leaves_the_page(views, page):
    views.open("delta=3&p=1-1e-20&scale=log")
    views.browser.evaluate("document.querySelector('rect[data-square=\"53\"]').dispatchEvent(new Event('click'))")
    requested = {urlsplit(u)._replace(query="", fragment="").geturl() for u in views.browser.requests()}
    assert requested == {page.as_uri()}


def test_the_layout_fits_a_phone_and_a_desktop(views, folder):
    browser = views.browser
    try:
        for width, height, mobile in ((390, 844, True), (1280, 900, False)):
            browser.resize(width, height, mobile=mobile)
            views.open("delta=5&p=0.99")
            assert browser.evaluate("document.documentElement.scrollWidth") <= width
            browser.screenshot(str(folder / f"explorer-{width}.png"))
            assert (folder / f"explorer-{width}.png").stat().st_size > 20_000  # a drawn page, not a blank one
    finally:
        browser.resize(1280, 900)


DRAG = """(async () => {
  const slider = document.getElementById('slider'), n = Number(slider.max), out = [];
  const look = () => [document.getElementById('sigma').textContent,
    document.querySelector('svg.plot .marker').getAttribute('x1'),
    document.querySelector('table.partial').textContent,
    [...document.querySelectorAll('.board circle.visit')].map(c => c.getAttribute('r')).join(),
    document.querySelector('table.others').textContent, document.querySelector('ol.top').textContent];
  for (let k = 0; k <= 60; k++) {
    const i = Math.round(k * (n - 1) / 60);
    const t0 = performance.now();
    slider.value = i;
    slider.dispatchEvent(new Event('input', {bubbles: true}));
    document.body.offsetHeight;  // the layout the change causes, within the time
    out.push({ms: performance.now() - t0, views: look()});
  }
  slider.dispatchEvent(new Event('change', {bubbles: true}));
  return {steps: out, hash: location.hash, value: document.getElementById('p-input').value};
})()"""


def test_dragging_the_slider_redraws_every_view_within_50_ms(views):
    views.open("delta=6&p=0.99&scale=log")  # sigma_6 grows like 5/eps: every move changes every digit
    got = views.browser.evaluate(DRAG)
    steps = got["steps"]
    times = sorted(s["ms"] for s in steps)
    print(f"slider updates: median {times[len(times) // 2]:.1f} ms, 90th percentile {times[int(0.9 * len(times))]:.1f}"
          f" ms, slowest {times[-1]:.1f} ms over {len(times)} moves")
    # every view follows every move: sigma, the marker, the partial sums, the other faces, the visits' values;
    # the circles show shares of the visits, which settle as eps -> 0, so they move only on the way there
    for view in range(6):
        changed = sum(a["views"][view] != b["views"][view] for a, b in zip(steps, steps[1:]))
        assert changed >= (10 if view == 3 else len(steps) - 3), view
    # the machine is shared: nine moves in ten, and the median, within the 50 ms
    assert times[len(times) // 2] < 50 and times[int(0.9 * len(times))] < 50, times
    assert got["hash"] == f"#delta=6&p={got['value']}&scale=log"
    assert views.browser.problems() == []


def test_sigma_shows_what_the_command_prints(views):
    for delta, p in PAIRS:
        exact = parse_value(p)
        proc = subprocess.run([sys.executable, "-m", "limits", "sigma", "--delta", str(delta), "--p",
                               f"{exact.numerator}/{exact.denominator}", "--format", "json"],
                              capture_output=True, text=True, check=True)
        printed = json.loads(proc.stdout)["expected_turns"]["decimal"]
        views.open(f"delta={delta}&p={p}")
        assert views.text("#sigma") == ("∞" if printed == "inf" else printed), (delta, p)


COIN_BOARD = "size = 20\n[jumps]\n3 = 11\n9 = 2\n17 = 5\n"


def test_the_optimal_coin_shown_is_policy_iteration_at_that_p(browser, folder):
    """A page built with ``--coin``: at every value asked (inside pieces, near 0 and 1, on a breakpoint's either
    side to 1e-40) the page's piece, found with exact integers, has the flips and sigma that exact policy iteration
    at the die with P(delta) = p gives; the flip landings are outlined on the board and sigma is shown."""
    from limits import Board, Perturbation, build_chain

    (folder / "b20.toml").write_text(COIN_BOARD)
    path = folder / "coin.html"
    assert main(["explore", "-o", str(path), "-q", "--coin", "--board", str(folder / "b20.toml")]) == 0
    views = _Views(browser, path)
    board = Board(20, {3: 11, 9: 2, 17: 5})
    checked = 0
    for delta in (2, 5, 6):
        pmap = Perturbation.loaded(board, delta).policy_map()
        points = ["1e-9", "0.5", "1-1e-9"]
        for b in pmap.breakpoints[:3]:
            lo, hi = b.enclosure(140)
            points += [str(lo - Fraction(1, 10**40)), str(hi + Fraction(1, 10**40))]
        views.open(f"delta={delta}&p=0.5")
        for p in points:
            got = views.browser.evaluate(f"explorer.rules.coinText('d{delta}', {json.dumps(p)})")
            best = build_chain(board, weighted(delta, parse_value(p), 6), policy=0).optimal_policy()
            assert got[3] == sorted(best.flip_squares()), (delta, p)
            assert got[2] == decimal(best.expected_turns, 20), (delta, p)
            checked += 1
        shown = views.text("#coin")
        assert shown.startswith("With the optimal coin: σ = ") and "dashed gold" in shown
        outlined = views.browser.evaluate("document.querySelectorAll('.board rect.flip').length")
        assert outlined == sum(1 for x in views.browser.evaluate(
            f"explorer.rules.coinText('d{delta}', '0.5')")[3] if x <= 20)
    assert checked >= 9 and views.browser.problems() == []
