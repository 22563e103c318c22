"""Every progress callback reports each piece of work once, in order, and ends at the whole of it.

The class: work that takes a while tells a callback how far it is, and the
command line draws a bar from it; a callback that skips a step, repeats one,
goes back or runs past the end shows a bar that jumps, stalls or reads 11/10.
Two kinds of callback are in the package. The report's
(:mod:`limits.paper.reproduce`) names the step under way:
``progress(step, n, name)`` with the steps 0..n-1 of n = ``len(STEPS)``, each
once, in order, named as ``STEPS``, ending at n-1 (the writing); ``build``
reports the sections, ``reproduce`` all n. The counting ones say how much is
done: a sweep's ``progress(done)`` after each face, a simulation's
``progress(done, games)`` after each chunk, a race table's
``progress(done, total)`` after each race, each counting up to its total and
ending there. And every bar a command draws (``limits.cli.output.progress``)
moves forward only, never past its total, and ends at it, its unit a plural
that reads; every bar of the command line's source is drawn here. The heavy
work is replaced where it is not what is checked (the report's sections, its
explorer, the PDF).

Modules: limits/cli/output.py, limits/cli/explore.py, limits/cli/limit.py, limits/cli/coin.py,
limits/cli/survey.py, limits/coin/simulate.py, limits/race/race.py.
"""

import pathlib
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

import limits.cli
import limits.cli.output
import limits.paper.reproduce
from limits import Board, build_chain, fair
from limits.cli import main
from limits.limit.sweep import grid, sweep
from limits.paper.reproduce import STEPS, build, reproduce

BOARD = Board(12, {2: 7, 10: 4})
BOARD_TOML = "size = 12\n[jumps]\n2 = 7\n10 = 4\n"


@pytest.fixture
def light_report(monkeypatch):
    """The report's sections (same names) and its explorer replaced by nothing, and no PDF: only the steps run."""
    sections = tuple((name, lambda sheet: None) for name, _ in limits.paper.reproduce.SECTIONS)
    monkeypatch.setattr(limits.paper.reproduce, "SECTIONS", sections)
    monkeypatch.setattr(limits.paper.reproduce, "explorer_data", lambda delta: None)
    monkeypatch.setattr(limits.paper.reproduce, "explorer_html", lambda data: "")
    monkeypatch.setattr(limits.paper.reproduce, "pdf_unavailable", lambda: "a stand-in: no PDF")


def _steps(n):
    return [(i, len(STEPS), STEPS[i]) for i in range(n)]


def test_the_report_names_each_step_once_in_order_ending_at_the_last(tmp_path, light_report):
    seen = []
    build(games=10, progress=lambda *step: seen.append(step))
    assert seen == _steps(len(STEPS) - 1)  # the sections; the writing is reproduce's
    seen.clear()
    reproduce(tmp_path / "out", games=10, progress=lambda *step: seen.append(step))
    assert seen == _steps(len(STEPS)) and seen[-1] == (len(STEPS) - 1, len(STEPS), "writing")


def _counts_up(counts, total):
    """Each count once, going up, ending at the total (and never past it)."""
    assert counts and all(0 < a < b for a, b in zip(counts, counts[1:])) and counts[0] > 0, counts
    assert counts[-1] == total, (counts, total)


@pytest.mark.parametrize("faces", [[3], [1, 2, 3]])
@pytest.mark.parametrize("threads", [0, 2])
def test_a_sweep_counts_its_faces(faces, threads):
    seen = []
    pool = ThreadPoolExecutor(threads) if threads else None
    try:
        sweep(BOARD, faces, grid(0, 1, 3), faces=3, executor=pool, progress=seen.append)
    finally:
        if pool is not None:
            pool.shutdown()
    _counts_up(seen, len(faces))
    assert seen == list(range(1, len(faces) + 1))  # one a face


@pytest.mark.parametrize("games, chunk", [(25, 10), (25, 25), (7, 1), (30, 10)])
def test_a_simulation_counts_its_games(games, chunk):
    seen = []
    build_chain(BOARD, fair(3)).simulate(games, seed=1, chunk=chunk, engine="numpy",
                                         progress=lambda done, total: seen.append((done, total)))
    _counts_up([done for done, _ in seen], games)
    assert {total for _, total in seen} == {games} and len(seen) == -(-games // chunk)  # one a chunk


@pytest.mark.parametrize("names", [("never",), ("never", "length"), ("never", "2", "length")])
def test_a_race_table_counts_its_races(names):
    seen = []
    build_chain(BOARD, fair(3)).race_table(names, digits=8, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(k, len(names) ** 2) for k in range(1, len(names) ** 2 + 1)]


# the bars the command line draws


class _Bar:
    """tqdm's part the command line uses, recording where the bar is after each move."""

    drawn: list = []

    def __init__(self, *, total, unit, **kwargs):
        self.total, self.unit, self.n, self.moves, self.closed = total, unit, 0, [], False
        _Bar.drawn.append(self)

    def update(self, k):
        self.n += k
        self.moves.append((self.n, self.total))

    def close(self):
        self.closed = True


@pytest.fixture
def bars(monkeypatch):
    import tqdm

    _Bar.drawn = []
    monkeypatch.setattr(tqdm, "tqdm", _Bar)
    monkeypatch.setattr(limits.cli.output, "_wanted", lambda args: True)  # a terminal
    return _Bar.drawn


COMMANDS = {  # the unit of each bar, and a command that draws it (a board file is {board})
    "games": ["simulate", "--games", "25", "--board", "{board}"],
    "races": ["race", "--table", "--policies", "never,length", "--board", "{board}"],
    "faces": ["sweep", "--delta", "all", "--points", "3", "--board", "{board}", "--faces", "3"],
    "grids": ["sweep", "--at", "0,0,1", "--toward", "0,1,0", "--points", "3", "--board", "{board}"],
    "boards": ["survey", "--size", "20", "--boards", "3", "--seed", "3", "--delta", "2"],
    "sections": ["reproduce", "-o", "{out}"],
}
TIMERS = {"grids"}  # one piece of work the bar times: it never moves


@pytest.mark.parametrize("unit", sorted(COMMANDS))
def test_every_bar_moves_forward_to_its_total_and_no_further(tmp_path, capsys, light_report, bars, unit):
    board = tmp_path / "board.toml"
    board.write_text(BOARD_TOML)
    argv = [a.format(board=board, out=tmp_path / "out") for a in COMMANDS[unit]]
    assert main(argv) == 0, capsys.readouterr().err
    assert [bar.unit for bar in bars] == [f" {unit}"] and bars[0].closed
    bar = bars[0]
    if unit in TIMERS:
        assert bar.moves == [] and bar.total == 1
        return
    _counts_up([n for n, _ in bar.moves], bar.total)
    assert all(n <= total for n, total in bar.moves)


def test_every_bar_of_the_command_line_is_drawn_here_and_documented():
    source = "\n".join(p.read_text("utf-8") for p in pathlib.Path(limits.cli.__file__).parent.glob("*.py"))
    units = re.findall(r'progress\(args, [^,]+, "(\w+)"\)', source)
    assert len(units) == len(COMMANDS) and {f"{u}s" for u in units} == set(COMMANDS), units
    page = " ".join((pathlib.Path(__file__).parents[1] / "docs" / "cli.md").read_text("utf-8").split())
    listed = re.search(r"((?:`[^`]+`(?:, | and ))+`[^`]+`) draw a progress bar", page).group(1)
    assert set(re.findall(r"`(\w+)", listed)) == {argv[0] for argv in COMMANDS.values()}, listed
