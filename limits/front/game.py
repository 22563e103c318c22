"""The game front door: :class:`Chain`, one game with every analysis as a verb, and :func:`build_chain`.

A game is a board, a die, a movement rule, a start square and, optionally, a
coin policy with the coin's chance of heads. :func:`build_chain` validates
them once and walks the board once; the chain then holds its rows and the
structure every answer needs (:class:`~limits.model.chain.AbsorbingChain`),
and each verb is a thin call into the module that computes it:

==================================== ==========================================
``expected_duration``, ``moments``   the mean (and variance) of the length
``expected_durations``               the mean from every square
``expected_visits``                  turns spent on each square
``survival``, ``pmf``                ``P(M > m)`` and ``P(M = m)``
``median``, ``mode``, ``quantile``   the law's landmarks, exact
``min_turns``                        the fewest turns a game can take
``players``                          k players: spins, rounds, each seat's chance
``stats``                            chutes, ladders, squares slid, overshoots
``classify``                         the P(delta) = 1 walk of this game's loaded die
``strategies``                       the paper's coin strategies, exactly
``optimal_policy``                   the best coin policy, by exact policy iteration
``simulate``                         Monte Carlo games from a seed
``plot_survival``, ``plot_pmf``      pictures (matplotlib, the ``plot`` extra)
``plot_board``                       the board with its chutes and ladders
==================================== ==========================================

Every verb's ``start`` defaults to the game's own start square.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable

from ..checks import instance, start_square
from ..errors import one_line
from ..game import distribution, duration
from ..limit.perturbed_chain import DELTA
from ..model.board import Board
from ..model.chain import AbsorbingChain, chain_of, game_of
from ..model.die import Die, as_probability
from ..model.rules import Rule

if TYPE_CHECKING:  # pragma: no cover
    from ..coin.best_policy import OptimalPolicy
    from ..coin.simulate import Simulation
    from ..coin.strategies import StrategyTable
    from ..game.counts import GameCounts
    from ..game.players import PlayersResult
    from ..limit.walk import Classification

__all__ = ["Chain", "build_chain"]


@dataclass(frozen=True, repr=False)
class Chain(AbsorbingChain):
    """One game of Chutes & Ladders as an absorbing chain, with every analysis as a verb.

    Build it with :func:`build_chain`. Cheap properties describe the
    structure; the verbs solve. ``start`` is the square games start on (a
    verb's own ``start`` overrides it); ``policy`` the coin policy the rows
    were built with (None: no coin) and ``coin`` the coin's chance of heads.

    Examples
    --------
    >>> c = build_chain()
    >>> c
    Chain(standard: 100 squares, 9 ladders, 10 chutes; fair d6; stay)
    >>> float(c.expected_duration())
    39.5983656...
    >>> c.players(2)
    PlayersResult(2 players: 26.513296089 expected rounds; seats win 0.507802773461, 0.492197226539)

    In Jupyter a chain shows what it is built from and its board (``_repr_html_``).
    """

    start: int = 0
    policy: Callable[[int, int], Any] | None = None
    coin: Fraction = Fraction(1, 2)

    @classmethod
    def of(cls, chain: AbsorbingChain, **extra: Any) -> "Chain":
        """A chain of the lower layers (its rows and structure kept) with the verbs; ``extra``: start, policy, coin."""
        values = {f.name: getattr(instance(chain, AbsorbingChain, "the chain"), f.name) for f in fields(AbsorbingChain)}
        made = cls(**values, **extra)
        for name in ("index", "_closed_classes", "fewest_turns"):  # structure found already is kept
            if name in chain.__dict__:
                made.__dict__[name] = chain.__dict__[name]
        return made

    def __post_init__(self) -> None:
        start_square(self.start, self.board.size)
        object.__setattr__(self, "coin", as_probability(self.coin))

    def _start(self, start: int | None) -> int:
        return self.start if start is None else start

    def __repr__(self) -> str:
        die = f"fair d{self.die.faces}" if self.die.name in ("fair", f"fair{self.die.faces}") else self.die.name
        parts = [self.board.summary(), die if len(die) <= 40 else f"a {self.die.faces}-faced die",
                 self.rule.value]
        if self.start:
            parts.append(f"start {self.start}")
        if self.policy is not None:
            name = getattr(self.policy, "name", "a coin policy")
            parts.append(f"{name if len(str(name)) <= 40 else 'a coin policy'}, heads {self.coin}")
        return one_line(f"Chain({'; '.join(parts)})")[:200]

    # ---- the length of one game ---------------------------------------------------------------
    def expected_duration(self, start: int | None = None, *, exact: bool = True) -> Any:
        """Expected number of turns; see :func:`limits.game.duration.expected_duration`."""
        return duration.expected_duration(self, self._start(start), exact=exact)

    def expected_durations(self, *, exact: bool = True) -> dict[int, Any]:
        """Expected number of turns from every transient square; see :func:`limits.game.duration.expected_durations`."""
        return duration.expected_durations(self, exact=exact)

    def moments(self, start: int | None = None, *, exact: bool = True) -> duration.Moments:
        """Mean, variance and std of the length; see :func:`limits.game.duration.moments`."""
        return duration.moments(self, self._start(start), exact=exact)

    def expected_visits(self, start: int | None = None, *, exact: bool = True) -> dict[int, Any]:
        """Expected turns that end on each square; see :func:`limits.game.duration.expected_visits`."""
        return duration.expected_visits(self, self._start(start), exact=exact)

    def survival(self, turns: int, start: int | None = None, *, exact: bool = True) -> list[Any]:
        """``P(M > m)`` for m = 0..turns; see :func:`limits.game.distribution.survival`."""
        return distribution.survival(self, turns, self._start(start), exact=exact)

    def pmf(self, turns: int, start: int | None = None, *, exact: bool = True) -> list[Any]:
        """``P(M = m)`` for m = 0..turns; see :func:`limits.game.distribution.pmf`."""
        return distribution.pmf(self, turns, self._start(start), exact=exact)

    def median(self, start: int | None = None) -> int | float:
        """The median number of turns; see :func:`limits.game.distribution.median`."""
        return distribution.median(self, self._start(start))

    def mode(self, start: int | None = None) -> int | None:
        """The most likely number of turns; see :func:`limits.game.distribution.mode`."""
        return distribution.mode(self, self._start(start))

    def quantile(self, q: Any, start: int | None = None) -> int | float:
        """The q-quantile of the number of turns; see :func:`limits.game.distribution.quantile`."""
        return distribution.quantile(self, q, self._start(start))

    def min_turns(self, start: int | None = None) -> int | None:
        """The fewest turns a game can take; see :func:`limits.game.distribution.min_turns`."""
        return distribution.min_turns(self, self._start(start))

    # ---- players and counts -----------------------------------------------------------------------
    def players(self, k: int = 2, *, tolerance: Fraction | None = None) -> "PlayersResult":
        """k players taking turns: spins, rounds, each seat's chance; see :func:`limits.game.players.players`."""
        from ..game.players import TOLERANCE, players

        return players(self, k, self.start, tolerance=TOLERANCE if tolerance is None else tolerance)

    def stats(self, *, law_upto: int = 10) -> "GameCounts":
        """Chutes, ladders, squares slid, overshoots and their laws; see :func:`limits.game.counts.game_counts`.

        Raises
        ------
        LimitsError
            For a game with a coin policy (the counts follow the die's rolls alone).
        """
        from ..game.counts import game_counts

        return game_counts(self, self.start, law_upto=law_upto)

    # ---- the walk of this game's loaded die ---------------------------------------------------------
    def classify(self, delta: int = DELTA) -> "Classification":
        """The P(delta) = 1 walk on this game's board, rule, faces and start: loops, on-ramps, the win path.

        The family itself, with the limit's other verbs, is
        :meth:`Perturbation.loaded(chain.board, delta, ...) <limits.limit.perturbed_chain.PerturbedChain.loaded>`.

        Examples
        --------
        >>> build_chain().classify(5).psi
        16
        """
        from ..limit.perturbed_chain import PerturbedChain
        from ..limit.walk import classify

        return classify(PerturbedChain.loaded(self.board, delta, rule=self.rule, faces=self.die.faces,
                                              start=self.start, policy=self.policy, coin=self.coin))

    # ---- the coin -----------------------------------------------------------------------------
    def strategies(self, *, flip: Any = Fraction(1, 2)) -> "StrategyTable":
        """The paper's coin strategies -1..6 played on this game, exactly; see :func:`limits.coin.strategies.strategy_table`."""
        from ..coin.strategies import strategy_table

        return strategy_table(self.board, self.die, rule=self.rule, coin=self.coin, flip=flip, start=self.start)

    def optimal_policy(self, *, maximise: bool = False, engine: str = "auto") -> "OptimalPolicy":
        """The coin policy that makes the game shortest (or longest); see :func:`limits.coin.best_policy.optimal_policy`."""
        from ..coin.best_policy import optimal_policy

        return optimal_policy(self.board, self.die, coin=self.coin, rule=self.rule, maximise=maximise,
                              start=self.start, engine=engine)

    def simulate(self, games: int = 100_000, *, seed: Any = None, **options: Any) -> "Simulation":
        """Monte Carlo games of this game (its policy too); see :func:`limits.coin.simulate.simulate`."""
        from ..coin.simulate import simulate

        return simulate(self.board, self.die, games=games, seed=seed, rule=self.rule, policy=self.policy,
                        coin=self.coin, start=self.start, **options)

    # ---- pictures -------------------------------------------------------------------------------
    def plot_survival(self, turns: int | None = None, *, ax: Any = None) -> Any:
        """``P(M > m)`` with the mean and the median marked (matplotlib); ``turns`` defaults to the 99% quantile."""
        from ..display.plot import plot_survival

        turns = self.quantile("0.99") if turns is None else turns
        return plot_survival(self.survival(turns, exact=False), mean=float(self.expected_duration()),
                             median=self.median(), ax=ax)

    def plot_pmf(self, turns: int | None = None, *, ax: Any = None) -> Any:
        """``P(M = m)`` (matplotlib); ``turns`` defaults to the 99% quantile."""
        from ..display.plot import plot_pmf

        turns = self.quantile("0.99") if turns is None else turns
        return plot_pmf(self.pmf(turns, exact=False), ax=ax)

    def plot_board(self, *, ax: Any = None) -> Any:
        """The board with its chutes and ladders (matplotlib)."""
        from ..display.plot import plot_board

        return plot_board(self.board, ax=ax)

    # ---- Jupyter ----------------------------------------------------------------------------------
    def _repr_svg_(self) -> str | None:
        """The board (see :meth:`limits.model.board.Board._repr_svg_`)."""
        return self.board._repr_svg_()

    def _repr_html_(self) -> str:
        """What the chain is built from, its size and its traps (nothing is solved), and the board."""
        from ..markup.jupyter import summary_html
        from ..model.picture import picture_html

        traps = "; ".join("{" + ", ".join(map(str, t)) + "}" for t in self.traps) or "none"
        rows = [("board", self.board.summary()), ("die", self.die.summary()), ("rule", self.rule.value),
                ("start", str(self.start)), ("transient squares", str(len(self.states))),
                ("loops that can trap a player", traps)]
        if self.policy is not None:
            rows.append(("coin policy", f"{getattr(self.policy, 'name', 'custom')}, heads {self.coin}"))
        picture = picture_html(self._repr_svg_(), self.board.size)
        return summary_html("The absorbing chain of one game", rows, picture)


def build_chain(board: Board | None = None, die: Die | None = None, rule: Rule | str = Rule.STAY, *,
                start: int = 0, policy: Any = None, coin: Any = Fraction(1, 2)) -> Chain:
    """The game of ``board`` played with ``die`` under ``rule`` from ``start``, perhaps with a coin policy.

    Parameters
    ----------
    board : Board, optional
        Default :func:`limits.model.board.standard`.
    die : Die, optional
        Default :func:`limits.model.die.fair` with six faces.
    rule : Rule or str, optional
        ``stay`` (default, the paper's), ``bounce`` or ``pass``.
    start : int, optional
        The square games start on (default 0).
    policy : int or callable, optional
        A coin policy: one of the paper's strategies -1..6 by number, or
        ``policy(start, landing) -> probability of flipping``.
    coin : probability, optional
        The coin's chance of heads (default 1/2).

    Raises
    ------
    BoardError
        If square N cannot be reached from ``start`` using every face of the die (and the policy's flips).
    RuleError, StartError, LimitsError
        For an unknown rule, a start off the board, or an unknown strategy.

    Examples
    --------
    >>> c = build_chain()
    >>> len(c.states), c.row(0)[38], c.row(97)[97]
    (81, Fraction(1, 6), Fraction(1, 2))
    >>> float(build_chain(policy=6).expected_duration())
    17.386106977...
    """
    board, die = game_of(board, die)
    if policy is None:
        return Chain.of(chain_of(board, die, rule, start), start=start, coin=coin)
    from ..coin.rule import policy_chain
    from ..coin.strategies import strategy

    if isinstance(policy, int) and not isinstance(policy, bool):
        policy = strategy(policy, board)
    return Chain.of(policy_chain(board, die, policy, coin=coin, rule=rule, start=start), start=start, policy=policy,
                    coin=coin)
