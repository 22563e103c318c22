"""Numbers others published about this board, as data, and their check against `limits`.

Each :class:`Published` number names its source, the game it is about
(board edition and overshoot rule, as the source describes them), what
`limits` computes for it and how to judge the two: an exact value must be
equal; a rounded one must be ours rounded; a simulation's estimate agrees or
lies within its sampling noise (three standard errors, decided exactly on
rationals: ``diff^2 N <= 9 Var``); a percentile agrees or is named by
another convention; the longest of N simulated games is judged by the exact
law of the longest of N. :func:`check_published` evaluates the table, and
:func:`published_markdown` writes the docs page from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from ..markup.document import Document
from .verdicts import Judge, Verdict, judge, measure

__all__ = ["Source", "SOURCES", "Published", "PUBLISHED", "PublishedCheck", "check_published", "published_markdown"]


@dataclass(frozen=True)
class Source:
    """Where numbers were published."""

    key: str
    cite: str
    url: str
    method: str
    read: str


SOURCES: tuple[Source, ...] = (
    Source("althoen", "S. C. Althoen, L. King and K. Schilling, \"How long is a game of Snakes and Ladders?\", "
           "The Mathematical Gazette 77 (478), 71-76 (1993)", "https://www.jstor.org/stable/3619261",
           "exact absorbing Markov chain, Milton Bradley board of the time (chute 47->26)",
           "as reported by Futility Closet, \"For What It's Worth\" (2018), "
           "https://www.futilitycloset.com/2018/09/21/for-what-its-worth-5/; the last two figures are as quoted "
           "from that post by words.philpin.com"),
    Source("byu", "J. Humpherys, \"Chutes and Ladders\", BYU Mathematics (undated)",
           "https://math.byu.edu/~jeffh/mathematics/games/chutes/chutes.html",
           "matrix powers of the 101-state chain, one player, exact landing on 100", "the results list of the page"),
    Source("broman", "K. Broman, \"Chutes & ladders: How long is this going to take?\" (2013)",
           "https://kbroman.org/blog/2013/05/17/chutes-ladders-how-long-is-this-going-to-take/",
           "simulation in R (number of games not stated)", "the post; its sequel (2013-05-20) gives formulas only"),
    Source("datagenetics", "DataGenetics, \"Analysis of Chutes and Ladders\" (2011)",
           "http://datagenetics.com/blog/november12011/",
           "simulation of a billion games under the family's rule: reaching or passing 100 wins",
           "the stored copy of the page we could read stops before its results; these figures are from copies "
           "of its text, and no other number of it could be checked"),
    Source("perlmonks", "toolic, \"Dial up some obscure stats for the Chutes and Ladders game\", PerlMonks (2009)",
           "https://www.perlmonks.org/?node_id=775760", "simulation of one million games in Perl, standard board",
           "the post's table; the last four figures are from a copy of its 'other observations'"),
)


@dataclass(frozen=True)
class Published:
    """One published number: its source, the game, what it is, as printed, and how to compute and judge ours."""

    source: str
    quantity: str
    printed: str
    measure: tuple[Any, ...]
    judge: Judge
    board: str = "standard"
    rule: str = "stay"
    games: int | None = None
    value: Fraction | None = None
    note: str = ""

    @property
    def game(self) -> str:
        """The game in words: the board edition and the overshoot rule."""
        board = GAMES.get(self.board, self.board)
        return f"{board}, {RULES[self.rule]}"


GAMES = {
    "standard": "standard board",
    "althoen": "1993 edition (chute 47->26)",
    "empty": "no chutes or ladders",
    "althoen+79-81": "1993 edition with a ladder 79->81",
}
RULES = {"stay": "exact landing on 100", "pass": "reaching or passing 100 wins", "bounce": "bounce back from 100"}


_ALTHOEN_EXACT = "225837582538403273407117496273279920181931269186581786048583/" \
                 "5757472998140039232950575874628786131130999406013041613400"

PUBLISHED: tuple[Published, ...] = (
    Published("althoen", "expected turns, one player", _ALTHOEN_EXACT, ("mean", 1), Judge.EXACT, "althoen"),
    Published("althoen", "fewest turns", "7", ("fewest",), Judge.EXACT, "althoen"),
    Published("althoen", "expected turns on a board without chutes or ladders", "almost exactly 33", ("mean", 1),
              Judge.EXACT, "empty", value=Fraction(33),
              note="the exact mean is 33 1/3 + 3.7e-14: almost exactly 33 1/3, so the copy we read may have lost "
                   "the fraction"),
    Published("althoen", "expected turns with a ladder 79->81 added", "about 41.9", ("mean", 1), Judge.ROUNDED,
              "althoen+79-81"),
    Published("byu", "fewest turns", "7", ("fewest",), Judge.EXACT),
    Published("byu", "expected turns", "39.5984", ("mean", 1), Judge.ROUNDED),
    *(Published("byu", f"{p}th percentile of turns", printed, ("quantile", 1, Fraction(p, 100)), Judge.PERCENTILE)
      for p, printed in ((25, "21"), (50, "32"), (75, "49"), (95, "89"))),
    *(Published("broman", f"expected spins, {k} players", printed, ("mean", k), Judge.SIMULATED)
      for k, printed in ((2, "52"), (3, "65"), (4, "76"))),
    *(Published("broman", f"90th percentile of spins, {k} players", printed, ("quantile", k, Fraction(9, 10)),
                Judge.PERCENTILE) for k, printed in ((2, "88"), (3, "103"), (4, "117"))),
    Published("broman", "chance that 3 players take more spins than 2", "63%", ("longer", 3), Judge.SIMULATED,
              value=Fraction(63, 100)),
    *(Published("broman", f"chance that seat 1 wins, {k} players", printed, ("seat", k), Judge.SIMULATED,
                value=Fraction(printed[:-1]) / 100) for k, printed in ((2, "50.9%"), (3, "34.4%"), (4, "25.9%"))),
    Published("datagenetics", "share of games over within 100 turns", "97.6%", ("cdf", 100), Judge.SIMULATED,
              rule="pass", games=10**9, value=Fraction(976, 1000)),
    Published("datagenetics", "longest of a billion games", "394", ("longest",), Judge.LONGEST, rule="pass",
              games=10**9),
    Published("perlmonks", "expected turns", "39.6", ("mean", 1), Judge.SIMULATED, games=10**6),
    Published("perlmonks", "median turns", "33", ("quantile", 1, Fraction(1, 2)), Judge.PERCENTILE, games=10**6),
    Published("perlmonks", "most likely number of turns", "22", ("mode",), Judge.EXACT, games=10**6),
    Published("perlmonks", "chance of the most likely number", "2.5%", ("pmf", 22), Judge.SIMULATED, games=10**6,
              value=Fraction(25, 1000)),
    Published("perlmonks", "fewest turns", "7", ("fewest",), Judge.EXACT, games=10**6),
    Published("perlmonks", "10th percentile of turns", "15", ("quantile", 1, Fraction(1, 10)), Judge.PERCENTILE),
    Published("perlmonks", "90th percentile of turns", "73", ("quantile", 1, Fraction(9, 10)), Judge.PERCENTILE),
    Published("perlmonks", "longest of a million games", "399", ("longest",), Judge.LONGEST, games=10**6),
    Published("perlmonks", "longest of two million games", "437", ("longest",), Judge.LONGEST, games=2 * 10**6),
    Published("perlmonks", "ladders climbed per game", "3.4", ("count", "ladders"), Judge.SIMULATED, games=10**6),
    Published("perlmonks", "chutes slid down per game", "4.3", ("count", "chutes"), Judge.SIMULATED, games=10**6),
    Published("perlmonks", "share of games with a turn that stays put", "37%", ("some", "overshoots"),
              Judge.SIMULATED, games=10**6, value=Fraction(37, 100)),
    Published("perlmonks", "share of games won in 7 turns", "1597 in 1000000", ("pmf", 7), Judge.SIMULATED,
              games=10**6, value=Fraction(1597, 10**6)),
)
"""Every published number checked, in the order of the docs page."""


@dataclass(frozen=True)
class PublishedCheck:
    """A published number beside ours, with the verdict and its reason."""

    source: Source
    quantity: str
    game: str
    printed: str
    ours: str
    verdict: Verdict
    reason: str
    value: Any = None
    """Our number itself where it is one: exact, an enclosure, a whole number, or (lower, upper) quantiles."""

    @property
    def said(self) -> str:
        """The verdict with its reason."""
        return self.verdict.value + (f": {self.reason}" if self.reason else "")


PLURAL = {Verdict.AGREES: "agree", Verdict.NOISE: "agree within sampling noise",
          Verdict.CONVENTION: "differ by convention", Verdict.DIFFERS: "differ"}


def check_published() -> list[PublishedCheck]:
    """Every published number beside ours, with a verdict.

    Where the source's game is another edition or another overshoot rule, the
    reason also gives our value on the standard board with exact landing.

    Examples
    --------
    >>> checks = check_published()
    >>> sorted({c.verdict.value for c in checks})
    ['agrees', 'agrees within sampling noise', 'differs', 'differs by convention']
    """
    from ..game.one_player import OnePlayer
    from ..model.board import Board, builtin_board
    from ..model.build import build_chain

    @cache
    def one(board: str, rule: str) -> Any:
        """The player of a game, made once."""
        name, *added = board.split("+")
        base = builtin_board(name)
        jumps = dict(base.jumps)
        for spec in added:  # "a-b": a ladder or chute from a to b added to the edition
            a, b = (int(x) for x in spec.split("-"))
            jumps[a] = b
        return OnePlayer(build_chain(Board(base.size, jumps, name=board) if added else base, rule=rule))

    sources = {s.key: s for s in SOURCES}
    out = []
    for p in PUBLISHED:
        ours, spread = measure(one(p.board, p.rule), p.measure)
        verdict, text, reason = judge(p.judge, p.printed, ours, spread, value=p.value, games=p.games)
        reasons = [r for r in (reason, p.note) if r]
        if p.board == "althoen" or p.rule != "stay":
            standard, spread = measure(one("standard", "stay"), p.measure)
            _, standard_text, _ = judge(p.judge, p.printed, standard, spread, value=p.value, games=p.games)
            reasons.append(f"on the standard board with exact landing: {standard_text}")
        value = ours if isinstance(ours, (Fraction, int, tuple)) or hasattr(ours, "upper") else None
        out.append(PublishedCheck(sources[p.source], p.quantity, p.game, p.printed, text, verdict, "; ".join(reasons),
                                  value))
    return out


def published_markdown(checks: list[PublishedCheck] | None = None) -> str:
    """The docs page: each source, its numbers beside ours, the verdicts and their reasons."""
    checks = check_published() if checks is None else checks
    counts = {v: sum(c.verdict is v for c in checks) for v in Verdict}
    doc = Document("Published numbers, checked")
    doc.paragraph("Generated by `limits.paper.published.published_markdown()` from the engine; "
                  "`tests/test_published.py` fails when this page drifts from it. Each number below was published by "
                  "others about this board; beside it stands what `limits` computes exactly for the same game (board "
                  "edition and overshoot rule), and a verdict. Simulated estimates agree when ours rounds to theirs, "
                  "and lie within sampling noise when what is left is at most three standard errors. Quantiles are "
                  "the smallest m with P(M <= m) >= q ([the conventions](questions.md)).")
    doc.paragraph(f"Of {len(checks)} numbers, " + ", ".join(f"{n} {PLURAL[v]}" for v, n in counts.items() if n) + ".")
    for source in SOURCES:
        doc.heading(source.cite)
        doc.paragraph(f"<{source.url}>. Method: {source.method}. What we read: {source.read}.")
        doc.table(["quantity", "game", "theirs", "ours", "verdict"],
                  [[c.quantity, c.game, c.printed, c.ours, f"**{c.said}**" if c.verdict is Verdict.DIFFERS else c.said]
                   for c in checks if c.source is source])
    return doc.markdown()
