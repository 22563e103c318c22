"""The report's section on racing: who wins a two-player game, exactly, and the coin played to win.

One section of the report (:mod:`limits.paper.sections`), kept in its own
module: the first seat's exact chance without a coin beside the 50 places
published with the only earlier exact computation, the races of ``length``
and ``win`` in each seat, what ``win`` gains over ``length`` from either
seat, the game's value with its certificate, and the map of the game's
policy. Long exact fractions go to ``results.json`` only; the prose shows
certified decimals.
"""

from __future__ import annotations

from typing import Any

from ..exact.digits import decimal, digit_count

__all__ = ["PUBLISHED_FIRST_SEAT", "RACES", "racing"]

PUBLISHED_FIRST_SEAT = "0.50780277346091397787392387841954080716542767187942"
"""The first 50 places of the first of two players' chance to win on the paper's board, as published with the
only earlier exact computation of its fraction (4,453 digits over 4,453)."""

RACES = (("length", "length"), ("win", "length"), ("length", "win"), ("win", "win"))
"""The races of the section, (first, second): the game's value last."""

DIGITS = 15
"""Digits of the values in the section's prose and tables (the certified values carry 30)."""


def racing(sheet: Any) -> None:
    """8. Racing: the seats' exact chances without a coin, and the coin played to win against the other seat.

    ``sheet`` is the report being built (a :class:`~limits.paper.sections.Sheet`, which lists this section).
    """
    from ..display.race_map import plot_race_policy
    from ..game.seat_chances import seat_chances
    from ..model.build import build_chain
    from ..race.result import shown

    doc = sheet.doc
    doc.heading("8. Racing: who wins, and the coin played to win")
    chances = seat_chances(build_chain(), 2)
    first, second = chances.exact
    places = decimal(first, 50)
    digits = (digit_count(first.numerator), digit_count(first.denominator))
    agrees = places == PUBLISHED_FIRST_SEAT
    doc.paragraph(
        f"Without a coin, the first of two players wins with probability {decimal(first, 20)}, an exact fraction "
        f"of {digits[0]:,} digits over {digits[1]:,} in lowest terms (results.json holds it), found as "
        "$(1 + \\sum_t f(t)^2) / 2$ with $f(t)$ the chance that one player finishes on turn $t$: the sum of "
        "squares is a sum of residues of the generating function of $f$. Its first 50 places "
        + ("agree with" if agrees else "differ from")
        + " those published with the only earlier exact computation, which took 100 minutes to 9.3 hours.")
    paper = build_chain()
    results = {pair: paper.race(*pair, digits=30) for pair in RACES}
    game = results["win", "win"]
    doc.paragraph(
        "With the paper's coin, each player has a policy: length, the policy with the fewest expected turns of "
        "one's own game (section 5), or win, the best chance to beat the other seat as it plays, which may look "
        f"at the opponent's square. The race is a chain of both squares and whose turn it is ({game.states:,} "
        "states). A win policy is found by strategy iteration and certified: at every decision, its chance is "
        "proven no smaller than the alternative's, so no strategy whatever of that seat does better. The values "
        "are certified to the digits shown; length against length is exact. A win policy is named by the policy "
        "it answers: win against length is another policy than win against win, the game's.")
    doc.table(["first", "second", "first wins", "second wins", "expected rounds"],
              [[_named(a, b), _named(b, a), shown(r.first_wins, DIGITS), shown(r.second_wins, DIGITS),
                shown(r.expected_rounds, DIGITS)] for (a, b), r in results.items()])
    gains = _gains(results)
    doc.table(["seat", "against (kept)", "chance with length", "with win", "gain"],
              [[g["seat"], _named(g["against"], "win"), shown(g["with_length"], DIGITS), shown(g["with_win"], DIGITS),
                shown(g["gain"], 6)] for g in gains])
    one, two = game.first.certificate, game.second.certificate
    versus = game.first.versus_length
    doc.paragraph(
        f"The game's value: both seats playing win, the first wins with probability {shown(game.first_wins, DIGITS)}. "
        f"Every one of the {one.decisions:,} decisions of the first seat and the {two.decisions:,} of the second "
        "is proven no worse than its alternative"
        + (" and, under each seat's policy, the race ends surely whatever the other does: so the first can make "
           f"its chance at least {shown(game.first_wins, 10)} against any play of the second, and the second its "
           f"own at least {shown(game.second_wins, 10)}." if game.first.guaranteed and game.second.guaranteed
           else ": each seat's policy is a best answer to the other's.")
        + f" The first seat's win parts from length at {versus.decisions:,} decisions (its square, the opponent's, "
        f"the roll), on {len(versus.differences)} pairs of a square and a roll: on "
        f"{sum(d.flips for d in versus.differences)} it flips where length does not, on "
        f"{sum(not d.flips for d in versus.differences)} it keeps still where length flips, each for some of the "
        "opponent's squares (limits race --format json lists them).")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(12, 3.6))
    plot_race_policy(game, 1, ax=fig.add_subplot())
    sheet.figure(fig, "race_policy", "The game's policy of the first seat: its square (rows) against the "
                 "opponent's (columns), one tile per roll; in colour where it parts from length")
    sheet.record("race", {
        "inputs": game.inputs.to_dict(),
        "seat_chances": {"players": 2, "win_probability": [first, second], "route": chances.route,
                         "digits": {"numerator": digits[0], "denominator": digits[1]},
                         "published_50_places": PUBLISHED_FIRST_SEAT, "agrees_with_published": agrees},
        "races": [{"first": a, "second": b, "first_wins": r.first_wins, "second_wins": r.second_wins,
                   "expected_rounds": r.expected_rounds, "method": r.method} for (a, b), r in results.items()],
        "gains": gains,
        "value": {"first_wins": game.first_wins, "second_wins": game.second_wins,
                  "guaranteed": [game.first.guaranteed, game.second.guaranteed],
                  "statement": game.value_statement(),
                  "certificates": [c.to_dict() for c in (one, two)]}})


def _named(policy: str, other: str) -> str:
    """A policy by what it answers: ``win`` is the best answer to the other seat's policy."""
    return f"win against {other}" if policy == "win" else policy


def _gains(results: dict[tuple[str, str], Any]) -> list[dict[str, Any]]:
    """What win gains over length from each seat, against length and in the game."""
    out = []
    for (a, b), seat, against in ((("win", "length"), 1, "length"), (("length", "win"), 2, "length"),
                                  (("win", "win"), 1, "win"), (("win", "win"), 2, "win")):
        r = results[a, b]
        play = r.first if seat == 1 else r.second
        v = play.versus_length
        out.append({"seat": seat, "against": against, "with_length": v.with_length,
                    "with_win": r.first_wins if seat == 1 else r.second_wins, "gain": v.gain,
                    "decisions": v.decisions, "squares_and_rolls": len(v.differences)})
    return out
