"""The built site in a real browser: headless Chromium typesets every formula and loads every image.

The site is served on the loopback address, and one Chromium process loads
a probe page that opens each page of the site in a frame (same origin, so
the probe can read it), waits for MathJax to finish, and writes what it
found into its own DOM, which ``--dump-dom`` prints. The test then asserts
that MathJax typeset the formulas, that no raw LaTeX is left in the text a
reader sees (``\\textbf``, ``\\begin{tabular}``, ``$$``, ``\\frac{``,
``\\(``), that every image loaded (the gallery's figures among them), that no
title is clipped (the navbar's and the headings, at a desktop's width and a
phone's), that the content column is wide at a desktop's width, and that the
sidebars the theme shows are not empty.

Locally the test skips when Chromium is not installed; with ``CI`` or
``LIMITS_REQUIRE_CHROMIUM`` set it fails instead (``.ci/run`` installs Debian's package).
"""

import functools
import html
import json
import re
import subprocess
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.cdp import required_chromium

# the pages whose formulas and pictures matter most, and every notebook
PAGES = ["index", "mathematics", "weighted", "walk", "hierarchy", "explorer", "errata", "tutorial", "api",
         "coin-limit", "speeds", "other-boards",
         "gallery", "install", "cli", "generated/limits.Chain", "generated/limits.display.race_map.plot_race_policy",
         "examples/paper_in_ten_minutes", "examples/loaded_die", "examples/your_own_board", "examples/the_coin"]
# the pages whose titles are read again in a phone's width (the longest names of the reference among them)
NARROW = ["index", "api", "gallery", "install", "walk", "generated/limits.Chain", "generated/limits.Perturbation",
          "generated/limits.display.race_map.plot_race_policy", "generated/limits.survey.SurveySummary"]
WITH_MATH = {"mathematics", "weighted", "hierarchy", "explorer", "errata", "coin-limit", "speeds", "examples/loaded_die", "examples/paper_in_ten_minutes"}
WITH_IMAGES = {"examples/paper_in_ten_minutes", "examples/loaded_die", "examples/the_coin", "gallery"}
RAW_LATEX = re.compile(r"\\textbf|\\begin\{tabular\}|\$\$|\\frac\{|\\\(|\\\[|\\varepsilon|\\sigma\b")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

PROBE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>probe</title></head><body>
<iframe id="page" style="width:1200px;height:900px"></iframe><pre id="result"></pre>
<script>
const [pages, narrow] = %s;
function visible(doc) {
  const body = doc.body.cloneNode(true);
  body.querySelectorAll("script, style, pre, code, mjx-container, .highlight, template, .search-button__wrapper")
      .forEach(e => e.remove());
  return body.textContent;
}
function clipped(doc) {
  // a title wider than its box: cut off, or hidden behind an ellipsis
  return [...doc.querySelectorAll("h1, h2, dl.py > dt, .navbar-brand, .navbar-brand .title")]
      .filter(e => e.offsetParent !== null && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
      .map(e => ({tag: e.tagName, text: e.textContent.trim().slice(0, 80), scroll: e.scrollWidth, client: e.clientWidth}));
}
function sidebars(doc) {
  // the sidebars the theme shows at this width, and the links a reader sees in each (not the header's links
  // it keeps hidden for a phone, nor its own title and buttons)
  return [...doc.querySelectorAll(".bd-sidebar-primary, .bd-sidebar-secondary")]
      .filter(e => doc.defaultView.getComputedStyle(e).display !== "none" && e.offsetWidth > 0)
      .map(e => ({which: e.classList.contains("bd-sidebar-primary") ? "primary" : "secondary",
                  links: [...e.querySelectorAll("a")].filter(a => a.getClientRects().length > 0).length}));
}
async function probe(name, width = 1200) {
  const frame = document.getElementById("page");
  frame.style.width = width + "px";
  await new Promise(done => { frame.onload = done; frame.src = name + ".html"; });
  const win = frame.contentWindow;
  for (let i = 0; i < 200 && !(win.MathJax && win.MathJax.startup && win.MathJax.startup.promise); i++) {
    await new Promise(r => setTimeout(r, 50));
  }
  if (win.MathJax && win.MathJax.startup) { await win.MathJax.startup.promise; }
  const doc = frame.contentDocument;
  const images = [...doc.images].map(img => ({src: img.getAttribute("src"), ok: img.complete && img.naturalWidth > 0}));
  const svgs = doc.querySelectorAll("svg").length;
  return {name, mathjax: !!win.MathJax, typeset: doc.querySelectorAll("mjx-container").length,
          errors: doc.querySelectorAll("mjx-merror").length, images, svgs, text: visible(doc),
          clipped: clipped(doc), sidebars: sidebars(doc),
          article: (doc.querySelector(".bd-article-container") || {}).clientWidth || 0};
}
(async () => {
  const found = [];
  for (const name of pages) { found.push(await probe(name)); }
  for (const name of narrow) { const page = await probe(name, 390); page.name += "@390px"; found.push(page); }
  document.getElementById("result").textContent = JSON.stringify(found);
})();
</script></body></html>"""


pytestmark = pytest.mark.slow(reason="builds the whole docs site, notebooks executed, and loads it in Chromium")


@pytest.fixture(scope="module")
def rendered(request, tmp_path):
    browser = required_chromium()
    site = request.getfixturevalue("site")  # built only where a browser is there to check it
    (site / "probe.html").write_text(PROBE % json.dumps([PAGES, NARROW]), encoding="utf-8")
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        proc = subprocess.run([browser, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
                               "--virtual-time-budget=120000", "--dump-dom",
                               f"http://127.0.0.1:{server.server_address[1]}/probe.html"],
                              capture_output=True, text=True, timeout=240, check=False)
    finally:
        server.shutdown()
        server.server_close()
    found = re.search(r'<pre id="result">(.*?)</pre>', proc.stdout, re.S)
    assert found and found.group(1), f"the probe did not finish: {proc.stderr[-2000:]}"
    return {page["name"]: page for page in json.loads(html.unescape(found.group(1)))}


@pytest.fixture(scope="module")
def tmp_path(tmp_path_factory):
    return tmp_path_factory.mktemp("chromium")


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def test_every_page_rendered(rendered):
    assert sorted(rendered) == sorted(PAGES + [f"{name}@390px" for name in NARROW])
    assert all(page["mathjax"] for page in rendered.values())  # loaded from the site itself


@pytest.mark.parametrize("name", PAGES)
def test_no_raw_latex_is_left(rendered, name):
    text = rendered[name]["text"]
    found = [text[max(0, m.start() - 60): m.end() + 60] for m in RAW_LATEX.finditer(text)]
    assert not found, found[:5]
    assert rendered[name]["errors"] == 0  # no formula MathJax could not read


@pytest.mark.parametrize("name", sorted(WITH_MATH))
def test_formulas_are_typeset(rendered, name):
    assert rendered[name]["typeset"] >= 3


@pytest.mark.parametrize("name", PAGES)
def test_every_image_loads(rendered, name):
    broken = [img["src"] for img in rendered[name]["images"] if not img["ok"]]
    assert not broken


def test_notebooks_show_their_pictures(rendered):
    for name in WITH_IMAGES:
        assert rendered[name]["images"], name  # matplotlib figures
    assert rendered["examples/your_own_board"]["svgs"] >= 2  # boards drawn by the objects themselves
    assert rendered["examples/the_coin"]["svgs"] >= 1  # the flip map


@pytest.mark.parametrize("name", PAGES + [f"{name}@390px" for name in NARROW])
def test_no_title_is_clipped(rendered, name):
    assert not rendered[name]["clipped"]  # the navbar's title and every heading fit their box


@pytest.mark.parametrize("name", PAGES)
def test_the_sidebars_shown_are_not_empty(rendered, name):
    shown = rendered[name]["sidebars"]
    assert all(bar["links"] > 0 for bar in shown), shown  # a sidebar shown holds links a reader sees
    if name == "api" or name.startswith("generated/"):  # the reference lists its pages beside each
        assert "primary" in {bar["which"] for bar in shown}, shown


@pytest.mark.parametrize("name", ["index", "tutorial", "cli", "examples/loaded_die"])
def test_the_content_column_is_wide_at_a_desktops_width(rendered, name):
    # at 1200 px the theme's columns left the article about 440 px, and the examples scrolled sideways
    assert rendered[name]["article"] >= 640, rendered[name]["article"]


def test_the_gallery_shows_every_figure(rendered):
    images = rendered["gallery"]["images"]
    assert len(images) >= 8 and all(img["ok"] for img in images)  # each loaded: naturalWidth > 0
    assert len({img["src"] for img in images}) == len(images)  # and each its own picture
