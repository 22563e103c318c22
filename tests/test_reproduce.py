"""The report: complete, self-contained, byte-for-byte reproducible, and never half-written.

Modules: ``limits.cli.explore`` (reproduce), ``limits.paper.page``, ``limits.paper.sections``.
"""

import json
import os
import re
import stat
import subprocess
import sys
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from jsonschema import Draft202012Validator

import limits.paper.files
import limits.paper.reproduce
from limits.exact.digits import decimal
from limits.paper.claims import check_claims
from limits.paper.pdf import pdf_unavailable
from limits.paper.reproduce import STEPS, build, reproduce
from tests.devices import FULL, NULL, device
from tests.pages import external_references
from tests.test_seat_chances import PUBLISHED

GAMES = 20_000
MISSING = pdf_unavailable()  # CI installs pdflatex and lmodern: there the PDF is made and checked too
PDF = MISSING is None

whole = pytest.mark.slow(reason="builds the whole report, every table and figure and the PDF (about 20 s of CPU "
                                "time a build; the byte-for-byte test builds it twice)")


@pytest.fixture(scope="module")
def runs():
    """A report, and the progress steps of its build (the second build is made by the test that needs it)."""
    seen = []
    first = build(games=GAMES, pdf=PDF, progress=lambda i, n, name: seen.append((i, n, name)))
    return first, None, seen


@pytest.fixture(scope="module")
def files(runs):
    return runs[0].files(runs[0].pdf() if PDF else None)


@whole
def test_two_runs_give_the_same_bytes(runs, files):
    second = build(games=GAMES, pdf=PDF)
    again = second.files(second.pdf() if PDF else None)
    assert list(files) == list(again)
    assert [name for name in files if files[name] != again[name]] == []


@whole
@pytest.mark.skipif(not PDF, reason=f"no PDF here: {MISSING}")
def test_the_pdf_holds_every_figure(runs, files):
    assert files["report.pdf"].startswith(b"%PDF-") and list(files)[-2:] == ["report.pdf", "report.html"]
    assert set(runs[0].pdf_figures) == {name.replace(".svg", ".pdf") for name in runs[0].figures}


@whole
def test_the_report_is_complete(runs, files):
    assert [name for _, _, name in runs[2]] == list(STEPS[:-1])
    assert {"report.md", "report.html", "figures/survival.svg", "figures/pmf.svg", "figures/sigma_full.svg",
            "figures/sigma_zoom.svg", "figures/flips_optimal.svg", "figures/collapsed_4.svg",
            "derivations/delta_5.tex", "figures/race_policy.svg"} <= set(files)
    assert sum(n.startswith("figures/classification_") for n in files) == 6
    assert list(files)[-1] == "report.html"  # written last
    report = files["report.md"].decode()
    from limits.markup.prose import myst_math

    for c in check_claims():
        assert myst_math(c.paper) in report  # the claims table is complete, its formulas typeset
    assert "4701963530284262061680976447702295260969373555678655812977547" in report
    assert "0.50780277346091397787" in report and "Its first 50 places agree" in report
    assert report.count("4,453 digits over 4,453") == 1
    assert not re.search(r"\d{60}", report.split("## 8.")[1])  # the long fraction stays in results.json
    html = files["report.html"].decode()
    assert html.count("<figure>") == report.count("![")
    shown = [n for n in files if n.startswith("figures/") and n.endswith(".svg")]  # every figure kept is shown once
    assert [n for n in shown if report.count(f"]({n})") != 1] == [] and report.count("![") == len(shown)


@whole
def test_no_long_numeral_is_read_in_the_html(files):
    """Paragraphs hold numerals of at most 20 digits, table cells of at most 30; the exact values are one click
    away, in <details>, and the Markdown keeps them for copying."""
    from tests.long_numerals import longest_numerals

    page = files["report.html"].decode()
    found = longest_numerals(page)
    assert [t for tag, n, t in found if tag == "p" and n > 20] == []
    assert [t for tag, n, t in found if n > 30] == []
    assert page.count("<details class='exact'>") >= 3  # sigma, the claims and the Althoen row
    assert "4701963530284262061680976447702295260969373555678655812977547" in re.sub(
        "<wbr>", "", page.split("<details class='exact'>", 1)[1])
    assert "squares_down" not in page and "squares slid down chutes" in page
    assert "::test_" not in page and not re.search(r"\b1 squares", page)


@whole
def test_the_explorer_is_written_beside_the_report_and_linked(files):
    page = files["explorer.html"].decode()
    assert external_references(page) == [] and '"initial":{"family":"d5"' in page
    assert "[explorer.html](explorer.html#delta=5&p=0.99)" in files["report.md"].decode()
    assert list(files).index("explorer.html") < list(files).index("report.md")


@whole
def test_results_json_holds_every_table_and_claim(files):
    from limits import build_chain, standard
    from limits.cli import schema
    from limits.coin.strategies import all_strategies
    from limits.paper.published import check_published

    assert list(files).index("results.json") < list(files).index("report.md")  # the report stays last
    data = json.loads(files["results.json"])
    Draft202012Validator(schema("reproduce")).validate(data)
    from limits import __version__

    assert data["schema"] == "limits.reproduce/1" and data["settings"] == {
        "games": GAMES, "seed": 2026, "version": __version__,
        "command_line": f"limits reproduce --games {GAMES} --seed 2026"}
    s = data["sections"]
    assert list(s) == ["game", "loaded_die", "walk", "collapsed", "strategies", "claims", "everyday", "race",
                       "coin_limit"]
    assert [(r["p_to"], r["delta"]) for r in s["coin_limit"]["rows"]] == [(e, d) for e in (1, 0) for d in range(1, 7)]
    assert Fraction(s["game"]["expected_turns"]["exact"]) == build_chain().expected_duration()
    assert [r["delta"] for r in s["loaded_die"]["rows"]] == [r["delta"] for r in s["walk"]["rows"]] == [1, 2, 3, 4,
                                                                                                          5, 6]
    assert s["loaded_die"]["rows"][2]["limit"]["loop"] == [53] and s["loaded_die"]["rows"][4]["limit"]["exact"] == "93"
    assert [c["delta"] for c in s["collapsed"]["chains"]] == [5, 4]
    assert len(s["strategies"]["strategies"]) == len(all_strategies(standard()))
    claims = check_claims()
    assert [(c["claim"], c["agrees"]) for c in s["claims"]["claims"]] == [(c.claim, c.agrees) for c in claims]
    by_claim = {c["claim"]: c["value"] for c in s["claims"]["claims"]}
    assert by_claim["the limit of sigma as P(5) -> 1"]["exact"] == "93"
    assert by_claim["turns to win with P(5) = 1"] == 16
    assert [p["players"] for p in s["everyday"]["players"]] == [1, 2, 3, 4]
    assert s["everyday"]["players"][1]["spins"]["quantiles"] == {"0.9": 88}
    assert len(s["everyday"]["published"]) == len(check_published()) and "chutes" in s["everyday"]["counts"]
    race = s["race"]
    first, second = (_long_fraction(w["exact"]) for w in race["seat_chances"]["win_probability"])
    assert first + second == 1 and race["seat_chances"]["agrees_with_published"] is True
    assert decimal(first, 50) == race["seat_chances"]["published_50_places"] == PUBLISHED
    assert [len(part) for part in race["seat_chances"]["win_probability"][0]["exact"].split("/")] == [4453, 4453]
    assert race["seat_chances"]["digits"] == {"numerator": 4453, "denominator": 4453}
    assert [(r["first"], r["second"]) for r in race["races"]] == [("length", "length"), ("win", "length"),
                                                                    ("length", "win"), ("win", "win")]
    assert all(Fraction(g["gain"]["lower"]) > 0 for g in race["gains"])  # win beats length from either seat
    assert race["value"]["guaranteed"] == [True, True] and race["value"]["certificates"][0]["decisions"] > 0
    assert race["value"]["first_wins"]["decimal"] == "0.525391739956177"  # as docs/racing.md, to 15 digits


def _long_fraction(text: str) -> Fraction:
    """A fraction of more digits than Python's int() reads from text (python-flint reads them)."""
    import flint

    numerator, denominator = text.split("/")
    return Fraction(int(flint.fmpz(numerator)), int(flint.fmpz(denominator)))


@whole
def test_no_slips(files):
    report = files["report.md"].decode()
    assert not re.search(r"(?<![\d/.])(\d+(?:\.\d+)?) = \1(?![\d/.])", report), "a value set equal to itself"
    assert "Written in" not in report and " s.\n" not in report  # no timing: the bytes must repeat


class _Resources(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("src", "href", "srcset", "data", "poster", "action") and value is not None:
                self.found.append((tag, name, value))
        if tag in ("script", "link", "iframe", "object", "embed"):
            self.found.append((tag, "tag", ""))


@whole
def test_the_page_holds_everything_it_shows(files):
    html = files["report.html"].decode()
    parser = _Resources()
    parser.feed(html)
    assert parser.found, "the page shows no image at all"
    outside = [(tag, name, value[:40]) for tag, name, value in parser.found if not value.startswith("data:")]
    assert outside == [("a", "href", "explorer.html#delta=5&p=0.99")]  # a link to the page beside it, not shown
    assert "url(" not in html and "@import" not in html
    assert html.count("class='math'") > 20  # formulas are typeset, not left as $...$
    assert "$\\sigma" not in re.sub(r"alt='[^']*'", "", html)  # TeX only in the alt text of formulas


@whole
def test_reproduce_writes_every_file(tmp_path, monkeypatch, runs, files):
    monkeypatch.setattr(limits.paper.reproduce, "build", lambda **kwargs: runs[0])
    written = reproduce(tmp_path / "out", games=GAMES, pdf=PDF)
    # the report's own files in their order, report.html last of them; the optional PDF after them
    assert [p.relative_to(tmp_path / "out").as_posix() for p in written] == [n for n in files if n != "report.pdf"] + (
        ["report.pdf"] if PDF else [])
    assert all(p.read_bytes() == files[p.relative_to(tmp_path / "out").as_posix()] for p in written)


class _Killed(Exception):
    pass


def _fail_after(monkeypatch, count: int, *, before_rename: bool):
    """Make the writer fail after ``count`` files: at the rename, or while the temporary file is written."""
    real = limits.paper.files.os.replace
    done = []

    def replace(src, dst):
        if len(done) == count:
            raise _Killed()
        done.append(dst)
        real(src, dst)

    monkeypatch.setattr(limits.paper.files.os, "replace", replace)
    if before_rename:
        real_fsync = limits.paper.files.os.fsync

        def fsync(fd):
            if len(done) == count:
                raise _Killed()
            real_fsync(fd)

        monkeypatch.setattr(limits.paper.files.os, "fsync", fsync)


class _Built:
    """Stands for a built report where only its files matter: the writer sees nothing else."""

    def __init__(self, files):
        self._files = files

    def files(self, pdf):
        return dict(self._files)

    def pdf(self):
        return self._files.get("report.pdf")


@pytest.fixture
def small():
    """A report's files in the order a build gives them, small: figures, derivations, data, the report last."""
    names = ([f"figures/figure_{i}.svg" for i in range(9)] + [f"derivations/delta_{d}.tex" for d in (4, 5)]
             + ["results.json", "report.md"] + (["report.pdf"] if PDF else []) + ["report.html"])
    files = {name: f"<{name}>\n".encode() * 50 for name in names}
    return _Built(files), files


@pytest.mark.parametrize("before_rename", [False, True])
def test_a_run_stopped_between_files_leaves_no_partial_file(tmp_path, monkeypatch, small, before_rename):
    runs, files = (small[0],), small[1]
    out = tmp_path / "out"
    monkeypatch.setattr(limits.paper.reproduce, "build", lambda **kwargs: runs[0])
    _fail_after(monkeypatch, 10, before_rename=before_rename)
    with pytest.raises(_Killed):
        reproduce(out, games=GAMES, pdf=PDF)
    on_disk = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert len(on_disk) == 10 and not any(name.startswith("report.") for name in on_disk)
    assert all(files[name] == data for name, data in on_disk.items())  # whole files only, no temporary ones


def test_a_stopped_run_keeps_the_old_report_whole(tmp_path, monkeypatch, small):
    runs, files = (small[0],), small[1]
    out = tmp_path / "out"
    old = {name: data + b"\n<!-- an older run -->" if name == "report.html" else data for name, data in files.items()}
    limits.paper.files.write_all(out, old)
    monkeypatch.setattr(limits.paper.reproduce, "build", lambda **kwargs: runs[0])
    # everything of the report but report.html, its last file (the optional PDF comes after it)
    _fail_after(monkeypatch, len([name for name in files if name != "report.pdf"]) - 1, before_rename=True)
    with pytest.raises(_Killed):
        reproduce(out, games=GAMES, pdf=PDF)
    assert (out / "report.html").read_bytes() == old["report.html"]
    assert sorted(p.name for p in out.iterdir()) == sorted(["derivations", "figures", *(n for n in files
                                                                                        if "/" not in n)])


def test_cli_errors_and_summary(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    proc = subprocess.run([sys.executable, "-m", "limits", "reproduce", "-o", str(blocker)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and "not a folder" in proc.stderr and "Traceback" not in proc.stderr


def test_a_link_or_a_device_in_the_folder_keeps_its_kind(tmp_path, monkeypatch, small):
    # the writer renamed its file over whatever was there: a link became a file, a device was replaced
    runs, files = (small[0],), small[1]
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere.md"
    out.mkdir()
    (out / "report.md").symlink_to(elsewhere)
    null = device(out / "results.json", NULL)
    monkeypatch.setattr(limits.paper.reproduce, "build", lambda **kwargs: runs[0])
    reproduce(out, games=GAMES, pdf=False)
    assert (out / "report.md").is_symlink() and elsewhere.read_bytes() == files["report.md"]
    assert stat.S_ISCHR(os.lstat(null).st_mode)
    full = device(out / "figures" / "full.svg", FULL)
    monkeypatch.setattr(runs[0], "files", lambda pdf: {"figures/full.svg": b"<svg/>", **files})
    with pytest.raises(OSError, match="No space left"):
        reproduce(out, games=GAMES, pdf=False)
    assert stat.S_ISCHR(os.lstat(full).st_mode)
