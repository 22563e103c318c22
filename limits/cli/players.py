"""Several players: ``limits players`` (a table across the number of players)."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from ..exact.digits import decimal, ratio
from ..game.players import MAX_PLAYERS, players_table
from ..markup.quantities import level_key, quantity_text, to_json
from ..model.build import build_chain
from ..model.die import parse_die
from ..paper.results import party_data
from .latex_out import players_latex
from .options import add_board_options, add_command, integer_arg, probability_text
from .output import board_of, render

__all__ = ["register", "game_json", "tolerance_for"]

RULES = {
    "lower": "the smallest m with P(M <= m) >= q",
    "upper": "the smallest m with P(M <= m) > q",
    "midpoint": "halfway between the lower and upper quantiles",
}


def register(sub: Any) -> None:
    """Add ``players`` to the subparsers ``sub``."""
    p = add_command(sub, "players", "how long a game of 1..8 players lasts (spins, rounds) and who wins",
                    ["players", "players --players 2 --quantile 0.5 --quantile 0.9",
                     "players --players 1,3,5 --format json"])
    add_board_options(p, ("text", "json", "latex"), digits=6)
    p.add_argument("--die", default="fair", help="as for duration (default fair)")
    p.add_argument("--start", type=integer_arg(), default=0, help="where every player starts (default 0)")
    p.add_argument("--players", default="1..4", type=_player_counts, help="e.g. 2, 1..4 or 1,3,5 (default 1..4)")
    p.add_argument("--quantile", action="append", default=None, type=probability_text,
                   help="a quantile level to show; repeat it for more (--quantile 0.5 --quantile 0.9) (default 0.9)")
    p.add_argument("--quantile-rule", default="lower", choices=("lower", "upper", "midpoint"),
                   help="lower (default): the smallest m with P(M <= m) >= q")
    p.set_defaults(run=_players)


def _player_counts(text: str) -> tuple[int, ...]:
    try:
        if ".." in text:
            lo, hi = (int(x) for x in text.split(".."))
            counts = tuple(range(lo, hi + 1))
        else:
            counts = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of players, a range a..b or a list: {text!r}") from None
    if not counts or any(not 1 <= k <= MAX_PLAYERS for k in counts):
        raise argparse.ArgumentTypeError(f"numbers of players lie in 1..{MAX_PLAYERS}: {text!r}")
    return counts


def tolerance_for(digits: int) -> Fraction:
    """The widest enclosure of an infinite sum: ten digits narrower than what is shown (and at most 1e-30)."""
    return Fraction(1, 10 ** max(30, digits + 10))


def game_json(row: Any, args: argparse.Namespace) -> dict[str, Any]:
    """One game of k players as JSON (:func:`limits.paper.results.party_data`): the keys ``players`` and
    ``duration --players`` share."""
    return to_json(party_data(row), args.digits, args.exact_digits)


def _players(args: argparse.Namespace) -> str:
    from .budget import check_players

    board, die = board_of(args.board, args), parse_die(args.die)
    check_players(board, die, args.digits)
    chain = build_chain(board, die, args.rule, start=args.start)
    levels = args.quantile or ["0.9"]
    text = getattr(args, "format", "text") == "text"

    def table(exact_seats: bool) -> tuple[Any, ...]:
        return players_table(chain, args.players, args.start, levels=levels, rule=args.quantile_rule,
                             tolerance=tolerance_for(args.digits), exact_seats=exact_seats)

    # the text shows the exact seat chances rounded: certified enclosures give those digits without the
    # exact fractions (4,453 digits for two players on the paper's board), unless one straddles a rounding
    rows = table(exact_seats=not text)
    if text and not all(_rounding_known(row, args.digits) for row in rows):
        rows = table(exact_seats=True)
    result = {"board": chain.board.name, "rule": chain.rule.value,
              "die": [ratio(p) for p in chain.die.probabilities], "start": args.start,
              "quantile_rule": args.quantile_rule, "games": [game_json(row, args) for row in rows]}
    return render(args, "players", result, lambda r: _text(r, levels), players_latex)


def _rounding_known(row: Any, digits: int) -> bool:
    """Whether every seat chance of ``row`` that is exact but was not solved for has its enclosure's
    ``digits`` digits all certain: then they are the exact value's, rounded as the text rounds it."""
    from ..exact.known_digits import interval_text

    seats = row.seats
    if seats is None or seats.exact is not None or seats.route is None:
        return True
    return all(interval_text(w.lower, w.upper, digits).certain_digits == digits for w in row.win_probability)


def _short(value: Any) -> str:
    if value is None:
        return "-"
    return quantity_text(value) if isinstance(value, dict) else str(value)


def _text(result: dict[str, Any], levels: list[str]) -> str:
    from ..game.quantile import as_level

    keys = [level_key(as_level(q)) for q in levels]
    names = [f"{decimal(as_level(q) * 100, 6)}%" for q in levels]
    head = ["players", "mean spins", "median", *names, "mean rounds", "median", *names, "seat 1 wins",
            "longer (spins)", "longer (rounds)"]
    table = [head]
    for g in result["games"]:
        s, r = g["spins"], g["rounds"]
        longer = g["longer_than_one_player_fewer"] or {}
        seats = g["win_probability"] or [None]
        table.append([str(g["players"]), _short(s["expected_spins"]), _short(s["median"]),
                      *(_short(s["quantiles"][k]) for k in keys), _short(r["expected_rounds"]), _short(r["median"]),
                      *(_short(r["quantiles"][k]) for k in keys), _short(seats[0]),
                      _short(longer.get("spins")), _short(longer.get("rounds"))])
    widths = [max(len(row[i]) for row in table) for i in range(len(head))]
    lines = [f"every player starts on {result['start']}",
             "spins: every player's turns until someone wins; rounds: turns of every seat, the last one counted whole",
             f"quantiles ({result['quantile_rule']}): {RULES[result['quantile_rule']]}",
             "longer: the chance that the game lasts longer than one with a player fewer"]
    methods = [(g["players"], g.get("win_probability_method") or {}) for g in result["games"]]
    exact = [str(k) for k, m in methods if m.get("kind") == "exact" and k > 1]
    if exact:
        lines.append(f"seat 1 wins: exact fractions for {', '.join(exact)} players (--format json --exact-digits all), "
                     "rounded here")
    lines += [f"seat 1 wins, {k} players: certified digits ({m['reason']})" for k, m in methods
              if m.get("kind") == "certified"]
    lines.append("")
    lines += ["  ".join(cell.rjust(w) for cell, w in zip(row, widths)) for row in table]
    return "\n".join(lines)
