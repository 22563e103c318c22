"""The explorer page: its size, and its time to evaluate sigma exactly, against a certified table.

Run: ``python benchmarks/explorer.py`` (needs Chromium; ``--repeat N`` evaluations a value, default 200).

The page carries each loaded face's sigma_delta(p) as an exact rational
function and evaluates it with BigInt at the exact p of the slider or the
address. The alternative measured beside it is a certified table built with
the page: sigma to the 20 digits ``limits sigma`` prints at every slider
position (1,001 linear ones and 602 on each log scale), looked up instead of
evaluated. Printed: the build time, the bytes of each, the browser's time to
parse each, the time of one exact evaluation and its rounding at values from
p = 0.5 to p = 1 - 1e-1000 (the table has no answer off its positions), and
the time of whole slider moves (every view redrawn) on the three scales, as
the median, the 90th percentile and the slowest of 61 moves, measured in the
page with ``performance.now()`` around the input event and the layout it causes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from flint import fmpq, fmpz_poly  # noqa: E402

from limits.exact.digits import decimal  # noqa: E402
from limits.explore.data import explorer_data  # noqa: E402
from limits.explore.fragment import linear_grid, log_grid  # noqa: E402
from limits.explore.page import explorer_html  # noqa: E402
from tests.cdp import Browser, chromium  # noqa: E402

POINTS = ["0.5", "0.99", "1-1e-10", "1-1e-30", "1-1e-100", "1-1e-1000", "1e-30"]


def certified_table(data: dict) -> dict:
    """sigma to 20 digits at every slider position, for every face: what a table would have to hold."""
    xs = sorted(set(linear_grid()) | set(log_grid()) | {1 - d for d in log_grid()})
    table = {}
    for f in data["families"]:
        num, den = (fmpz_poly([int(c) for c in f["sigma"][k]]) for k in ("numerator", "denominator"))
        row = []
        for x in xs:
            if x in (0, 1):
                row.append(f["ends"][str(int(x))]["decimal"])
                continue
            q = fmpq(x.numerator, x.denominator)
            v = num(q) / den(q)
            row.append(decimal(Fraction(int(v.p), int(v.q)), 20))
        table[f["id"]] = row
    return table


EVALUATE = """(() => {
  const data = JSON.parse(document.getElementById('explorer-data').textContent);
  const r = explorer.rules, out = {};
  const f = data.families.find(g => g.id === 'd5');
  const fn = {num: f.sigma.numerator.map(BigInt), den: f.sigma.denominator.map(BigInt)};
  for (const text of %s) {
    const x = r.parseValue(text), repeat = text === '1-1e-1000' ? Math.max(1, %d >> 4) : %d;
    let shown;
    const t0 = performance.now();  // the clock is coarse (0.1 ms): time the batch, not each
    for (let k = 0; k < repeat; k++) shown = r.decimal(r.evalRational(fn, x), 20);
    out[text] = {ms: (performance.now() - t0) / repeat, shown};
  }
  return out;
})()"""

PARSE = """(() => { const t0 = performance.now(); for (let k = 0; k < 20; k++) JSON.parse(%s); return (performance.now() - t0) / 20; })()"""

DRAG = """(() => {
  const slider = document.getElementById('slider'), n = Number(slider.max), out = [];
  for (let k = 0; k <= 60; k++) {
    const t0 = performance.now();
    slider.value = Math.round(k * (n - 1) / 60);
    slider.dispatchEvent(new Event('input', {bubbles: true}));
    document.body.offsetHeight;
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
})()"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    executable = chromium()
    if executable is None:
        sys.exit("Chromium is needed: install Debian's chromium package")
    t0 = time.perf_counter()
    data = explorer_data(delta=5)
    page = explorer_html(data)
    built = time.perf_counter() - t0
    functions = json.dumps([f["sigma"] for f in data["families"]], separators=(",", ":"))
    t0 = time.perf_counter()
    table = json.dumps(certified_table(data), separators=(",", ":"))
    tabled = time.perf_counter() - t0
    print(f"page for the paper's board: {len(page.encode()) / 1024:.0f} KiB, built in {built:.1f} s")
    print(f"sigma as rational functions (6 faces): {len(functions) / 1024:.0f} KiB")
    print(f"sigma as a certified table at the {len(json.loads(table)['d1'])} slider values (6 faces): "
          f"{len(table) / 1024:.0f} KiB, built in {tabled:.1f} s")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "page.html"
        path.write_text(page, encoding="utf-8")
        with Browser(executable, str(Path(folder) / "profile")) as b:
            b.resize(1280, 900)
            t0 = time.perf_counter()
            b.navigate(path.as_uri() + "#delta=5&p=0.99")
            b.wait_for("document.getElementById('explorer').dataset.ready === '1'")
            print(f"open to first view: {(time.perf_counter() - t0) * 1000:.0f} ms (navigation included)")
            for name, text in (("functions", functions), ("table", table)):
                ms = b.evaluate(PARSE % json.dumps(text))
                print(f"JSON.parse of the {name}: {ms:.2f} ms")
            got = b.evaluate(EVALUATE % (json.dumps(POINTS), args.repeat, args.repeat))
            print("one exact evaluation of sigma_5 and its rounding to 20 digits (the mean of "
                  f"{args.repeat}); a table lookup is an array index, but only at its own positions:")
            for text in POINTS:
                print(f"  p = {text:10} {got[text]['ms'] * 1000:9.1f} us   sigma = {got[text]['shown']}")
            for view in ("delta=5&p=0.99", "delta=5&p=0.99&scale=log", "delta=3&to=0&p=0.5&scale=log"):
                b.navigate(f"{path.as_uri()}?{view}#{view}")
                b.wait_for("document.getElementById('explorer').dataset.ready === '1'")
                b.evaluate(DRAG)  # warm up the compiler
                times = b.evaluate(DRAG)
                print(f"slider moves, {view}: median {statistics.median(times):.1f} ms, 90th percentile "
                      f"{times[int(0.9 * len(times))]:.1f} ms, slowest {times[-1]:.1f} ms")


if __name__ == "__main__":
    main()
