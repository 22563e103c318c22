"""One game as an absorbing Markov chain: :class:`Chain`, with every analysis as a verb.

The chain walks the board once (:mod:`limits.model.moves`) and holds its rows; what every answer needs (the
loops that can trap a player, the fewest turns) is derived once, on first use (:mod:`limits.model.traps`). Each
verb is a thin call into the module that computes it, imported inside the verb so that this class stays low in
the layers; every verb's ``start`` defaults to the game's own. Build one with :func:`~limits.model.build.build_chain`.
"""

from __future__ import annotations

from dataclasses import InitVar, dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, Mapping

from ..checks import callback, instance, one_of, start_square
from ..errors import BoardError, DieError, SymbolicError, one_line
from .board import Board
from .die import Die
from .moves import Policy, TurnOutcomes, check_coin, coin_moves, policy_rows, transition_rows, turn_table
from .picture import chain_html
from .reach import check_reachable
from .rules import Rule, as_rule
from .traps import closed_classes, fewest_turns

if TYPE_CHECKING:  # pragma: no cover
    import networkx
    import numpy
    import sympy

    from ..coin.best_policy import OptimalPolicy
    from ..coin.simulate import Simulation
    from ..coin.strategies import StrategyTable
    from ..game.counts import GameCounts
    from ..game.duration import Moments
    from ..game.paths import GamePath
    from ..game.players import PlayersResult
    from ..limit.walk import Classification
    from ..race.result import Race, RaceTable

__all__ = ["Chain", "DELTA"]

DELTA = 5
"""The loaded face every function and verb takes by default: the paper's worked example (sigma -> 93)."""

Rows = tuple[tuple[tuple[int, Any], ...], ...]


@dataclass(frozen=True, repr=False)
class Chain:
    """One game of Chutes & Ladders as an absorbing chain, with every analysis as a verb.

    Build it with :func:`~limits.model.build.build_chain` (the paper's board and a fair die by default) or
    directly. Cheap properties describe the structure; the verbs solve.

    Parameters
    ----------
    board : Board
    die : Die
    rule : Rule or str
        ``stay`` (the paper's), ``bounce`` or ``pass``.
    start : int
        The square games start on (a jump square moves at once); each verb's own ``start`` overrides it.
    policy : int or callable, optional
        A coin policy: one of the paper's strategies -1..6 by number, or ``policy(start, landing) -> probability
        of flipping`` (None: no coin).
    coin : probability
        The coin's chance of heads.
    rows, table : tuple, optional
        Keyword only, not checked: the rows a family has built, or the turn table (:attr:`turns`) of this game
        :meth:`with_policy` passes on.

    Raises
    ------
    BoardError, DieError, RuleError, StartError, LimitsError
        For anything but a board and a die, an unknown rule, a start off the board, a policy that is not callable,
        a coin outside [0, 1], or a goal no move reaches from the start (with a policy, the coin's flips too:
        ``policy=0``, never flipping, asks the coin's questions of a board only the coin can win).

    Examples
    --------
    >>> from limits import build_chain
    >>> c = build_chain()
    >>> c
    Chain(standard: 100 squares, 9 ladders, 10 chutes; fair d6; stay)
    >>> len(c.states), c.row(0)[38], float(c.expected_duration())
    (81, Fraction(1, 6), 39.5983656...)
    >>> c.players(2)
    PlayersResult(2 players: 26.513296089 expected rounds; seats win 0.507802773461, 0.492197226539)
    """

    board: Board
    die: Die
    rule: Rule = Rule.STAY
    start: int = 0
    policy: Policy | None = None
    coin: Fraction = Fraction(1, 2)
    rows: Rows = field(default=None, compare=False, kw_only=True)  # type: ignore[assignment]
    table: InitVar[Any] = field(default=None, kw_only=True)

    def __post_init__(self, table: Any) -> None:
        instance(self.board, Board, "the board", BoardError)
        instance(self.die, Die, "the die", DieError)
        object.__setattr__(self, "rule", as_rule(self.rule))
        start_square(self.start, self.board.size)
        if isinstance(self.policy, int) and not isinstance(self.policy, bool):
            from ..coin.strategies import strategy
            object.__setattr__(self, "policy", strategy(self.policy, self.board))
        callback(self.policy, "the coin policy")
        object.__setattr__(self, "coin", check_coin(self.coin))
        if table is not None:
            self.__dict__["turns"] = table
        coin = self.policy is not None  # then the coin's flips count among the moves
        if self.rows is None:  # a family's rows are its own
            if table is None or not coin:  # the goal must be reachable from the start (a shared table's game is)
                check_reachable(self.board, self.die.faces, self.rule, self.start, coin_moves(self) if coin else None,
                                f" and the coin (heads {self.coin})" if coin else "")
            object.__setattr__(self, "rows", policy_rows(self) if coin else transition_rows(self))

    @cached_property
    def turns(self) -> tuple[tuple[TurnOutcomes, ...], ...]:
        """Where each roll can end from each transient square, with no flip and with either side of the coin: the
        one walk every coin question reads (:func:`~limits.model.moves.turn_table`; a :class:`SymbolicError` for
        a die with symbols).

        Examples
        --------
        >>> from limits import build_chain
        >>> build_chain().turns[0][0]  # from 0 a 1 lands on the ladder at 1; tails goes back to 0
        TurnOutcomes(landing=1, no_flip=38, heads=2, tails=0)
        """
        if self.die.is_symbolic:
            raise SymbolicError("the coin, the simulator and the race need a numeric die")
        return turn_table(self.board, self.rule, self.die.faces)

    def with_policy(self, policy: Any) -> "Chain":
        """This game played with the coin policy ``policy`` (a strategy -1..6 by number, ``policy(start, landing) ->
        probability of flipping``, or None), its rows made from this chain's :attr:`turns`.

        >>> from limits import build_chain
        >>> float(build_chain().with_policy(6).expected_duration())
        17.386106977...
        """
        return Chain(self.board, self.die, self.rule, self.start, policy, self.coin, table=self.turns)

    @property
    def states(self) -> tuple[int, ...]:
        """The transient squares, in increasing order."""
        return self.board.squares

    @property
    def goal(self) -> int:
        """The absorbing square N."""
        return self.board.size

    @cached_property
    def index(self) -> dict[int, int]:
        """Position of each transient square in ``states``."""
        return {s: i for i, s in enumerate(self.states)}

    @property
    def is_symbolic(self) -> bool:
        """Whether the transition probabilities contain sympy symbols."""
        return self.die.is_symbolic

    def entry(self, square: int) -> int:
        """The state a game started on ``square`` is in: a jump square moves at once (a :class:`StartError` off 0..N).

        Examples
        --------
        >>> from limits import build_chain
        >>> build_chain().entry(0), build_chain().entry(1), build_chain().entry(80)
        (0, 38, 100)
        """
        return self.board.land(start_square(square, self.goal))

    def row(self, square: int) -> dict[int, Any]:
        """The transitions out of a transient square, as ``{target: probability}``."""
        return dict(self.rows[self.index[square]])

    def __repr__(self) -> str:
        die = f"fair d{self.die.faces}" if self.die.name in ("fair", f"fair{self.die.faces}") else self.die.name
        parts = [self.board.summary(), die if len(die) <= 40 else f"a {self.die.faces}-faced die", self.rule.value]
        if self.start:
            parts.append(f"start {self.start}")
        if self.policy is not None:
            name = getattr(self.policy, "name", "a coin policy")
            parts.append(f"{name if len(str(name)) <= 40 else 'a coin policy'}, heads {self.coin}")
        return one_line(f"Chain({'; '.join(parts)})")[:200]

    # ---- structure, derived once ------------------------------------------
    @cached_property
    def _closed_classes(self) -> tuple[tuple[tuple[int, ...], ...], Mapping[int, tuple[int, ...]]]:
        return closed_classes(self)

    def successors(self) -> dict[int, list[int]]:
        """The chain as a graph on squares: each square's possible next squares (the goal has none; e.g. from 0
        on the paper's board, ``[2, 3, 5, 6, 14, 38]``)."""
        g = {s: [t for t, _ in row] for s, row in zip(self.states, self.rows)}
        g[self.goal] = []
        return g

    @cached_property
    def fewest_turns(self) -> Mapping[int, int]:
        """The fewest turns from each square to the goal (read-only); squares that cannot reach it are absent.

        Examples
        --------
        >>> from limits import build_chain, weighted
        >>> build_chain().fewest_turns[0], build_chain().fewest_turns[100]
        (7, 0)
        >>> 53 in build_chain(die=weighted(3, 1)).fewest_turns
        False
        """
        return fewest_turns(self)

    @property
    def traps(self) -> tuple[tuple[int, ...], ...]:
        """The closed sets of transient squares (loops that trap the player), each sorted, in order."""
        return self._closed_classes[0]

    @property
    def trapped(self) -> Mapping[int, tuple[int, ...]]:
        """Every transient square from which a trap can be reached, with that trap (read-only).

        Where several traps are reachable the one with the smallest square is named.
        """
        return self._closed_classes[1]

    # ---- the length of one game ---------------------------------------------------------------
    def expected_duration(self, start: int | None = None, *, exact: bool = True) -> Fraction | float | sympy.Expr:
        """The expected number of turns: a Fraction, a float with ``exact=False``, an expression of the die's symbols
        (:func:`limits.game.duration.expected_duration`; an :class:`InfiniteExpectationError` naming the loop when
        one can trap the player)."""
        from ..game.duration import expected_duration
        return expected_duration(self, start, exact=exact)

    def expected_durations(self, *, exact: bool = True) -> dict[int, Fraction | float | sympy.Expr]:
        """The expected number of turns from every transient square (:func:`limits.game.duration.expected_durations`)."""
        from ..game.duration import expected_durations
        return expected_durations(self, exact=exact)

    def moments(self, start: int | None = None, *, exact: bool = True) -> "Moments":
        """The mean, variance and std of the length (:func:`limits.game.duration.moments`)."""
        from ..game.duration import moments
        return moments(self, start, exact=exact)

    def expected_visits(self, start: int | None = None, *, exact: bool = True) -> dict[int, Any]:
        """The expected turns that end on each square (:func:`limits.game.duration.expected_visits`)."""
        from ..game.duration import expected_visits
        return expected_visits(self, start, exact=exact)

    def survival(self, turns: int, start: int | None = None, *, exact: bool = True) -> list[Any]:
        """``P(M > m)`` for m = 0..turns (:func:`limits.game.distribution.survival`)."""
        from ..game.distribution import survival
        return survival(self, turns, start, exact=exact)

    def pmf(self, turns: int, start: int | None = None, *, exact: bool = True) -> list[Any]:
        """``P(M = m)`` for m = 0..turns (:func:`limits.game.distribution.pmf`)."""
        from ..game.distribution import pmf
        return pmf(self, turns, start, exact=exact)

    def median(self, start: int | None = None) -> int | float:
        """The median number of turns (:func:`limits.game.distribution.median`)."""
        from ..game.distribution import median
        return median(self, start)

    def mode(self, start: int | None = None) -> int | None:
        """The most likely number of turns (:func:`limits.game.distribution.mode`)."""
        from ..game.distribution import mode
        return mode(self, start)

    def quantile(self, q: Any, start: int | None = None) -> int | float:
        """The q-quantile of the number of turns (:func:`limits.game.distribution.quantile`)."""
        from ..game.distribution import quantile
        return quantile(self, q, start)

    def min_turns(self, start: int | None = None) -> int | None:
        """The fewest turns a game can take (:func:`limits.game.distribution.min_turns`)."""
        from ..game.distribution import min_turns
        return min_turns(self, start)

    def fewest_turns_path(self, start: int | None = None) -> "GamePath | None":
        """A game of the fewest turns move by move, their number and chance (:func:`limits.game.paths.fewest_turns_path`)."""
        from ..game.paths import fewest_turns_path
        return fewest_turns_path(self, start)

    def most_likely_path(self, start: int | None = None) -> "GamePath | None":
        """The most likely way to finish, its exact chance, and the number of ties (:func:`limits.game.paths.most_likely_path`)."""
        from ..game.paths import most_likely_path
        return most_likely_path(self, start)

    # ---- players, counts, and the walk of this game's loaded die ------------------------------------------
    def players(self, k: int = 2, *, tolerance: Fraction | None = None) -> "PlayersResult":
        """k players taking turns: spins, rounds, each seat's chance (:func:`limits.game.players.players`)."""
        from ..game.players import TOLERANCE, players
        return players(self, k, self.start, tolerance=TOLERANCE if tolerance is None else tolerance)

    def stats(self, *, law_upto: int = 10) -> "GameCounts":
        """Chutes, ladders, squares slid, overshoots and their laws (:func:`limits.game.counts.game_counts`); a
        :class:`LimitsError` for a game with a coin policy (the counts follow the die's rolls alone)."""
        from ..game.counts import game_counts
        return game_counts(self, self.start, law_upto=law_upto)

    def classify(self, delta: int = DELTA) -> "Classification":
        """The P(delta) = 1 walk on this game's board, rule, faces and start: loops, on-ramps, the win path (the
        family itself is :meth:`Perturbation.loaded <limits.limit.perturbed_chain.Perturbation.loaded>`).

        Examples
        --------
        >>> from limits import build_chain
        >>> build_chain().classify(5).psi
        16
        """
        from ..limit.perturbed_chain import Perturbation
        return Perturbation.loaded(self.board, delta, rule=self.rule, faces=self.die.faces, start=self.start,
                                   policy=self.policy, coin=self.coin).classify()

    # ---- the coin and the race (its policy aside: each question names its own) --------------------------------
    def strategies(self, *, flip: Any = Fraction(1, 2)) -> "StrategyTable":
        """The paper's coin strategies -1..6 played on this game, exactly (:func:`limits.coin.strategies.strategy_table`)."""
        from ..coin.strategies import strategy_table
        return strategy_table(self, flip=flip)

    def optimal_policy(self, *, maximise: bool = False, engine: str = "auto") -> "OptimalPolicy":
        """The coin policy that makes the game shortest (or longest) (:func:`limits.coin.best_policy.optimal_policy`)."""
        from ..coin.best_policy import optimal_policy
        return optimal_policy(self, maximise=maximise, engine=engine)

    def policy_map(self, over: str = "coin", *, maximise: bool = False) -> Any:
        """The optimal coin policy over the chance of heads in (0, 1), exactly (:class:`~limits.coin.policy_map.PolicyMap`)."""
        from ..coin.policy_map import LinearCoin

        one_of(over, ("coin",), "over")
        game = Chain(self.board, self.die, self.rule, self.start, 0, Fraction(1, 2), table=self.turns)
        return LinearCoin(game, tuple((p, Fraction(0)) for p in self.die.probabilities), (Fraction(0), Fraction(1)),
                          maximise).optimal_map("heads")

    def race(self, first: Any = "win", second: Any = "win", *, flip: Any = Fraction(1, 2), digits: int = 30,
             exact: bool = False) -> "Race":
        """Two players racing on this game, each with a coin policy (:func:`limits.race.race.race`)."""
        from ..race.race import race
        return race(self, first, second, flip=flip, digits=digits, exact=exact)

    def race_table(self, policies: Any = None, *, flip: Any = Fraction(1, 2), digits: int = 20, exact: bool = False,
                   progress: Any = None) -> "RaceTable":
        """Every policy against every one, the first seat's chance (:func:`limits.race.race.race_table`)."""
        from ..race.race import race_table
        return race_table(self, policies, flip=flip, digits=digits, exact=exact, progress=progress)

    def simulate(self, games: int = 100_000, *, seed: Any = None, **options: Any) -> "Simulation":
        """Monte Carlo games of this game, its policy too (:func:`limits.coin.simulate.simulate`)."""
        from ..coin.simulate import simulate
        return simulate(self, games, seed=seed, **options)

    # ---- pictures, exports, Jupyter ------------------------------------------------------------------
    def plot_survival(self, turns: int | None = None, *, ax: Any = None) -> Any:
        """``P(M > m)`` with the mean and the median marked (matplotlib); ``turns`` defaults to the 99% quantile."""
        from ..display.plot import plot_survival
        return plot_survival(self.survival(self.quantile("0.99") if turns is None else turns, exact=False),
                             mean=float(self.expected_duration()), median=self.median(), ax=ax)

    def plot_pmf(self, turns: int | None = None, *, ax: Any = None) -> Any:
        """``P(M = m)`` (matplotlib); ``turns`` defaults to the 99% quantile."""
        from ..display.plot import plot_pmf
        return plot_pmf(self.pmf(self.quantile("0.99") if turns is None else turns, exact=False), ax=ax)

    def plot_board(self, *, ax: Any = None) -> Any:
        """The board with its chutes and ladders (matplotlib)."""
        from ..display.plot import plot_board
        return plot_board(self.board, ax=ax)

    def plot_path(self, path: "GamePath | None" = None, *, ax: Any = None) -> Any:
        """A game's path on the board (matplotlib): ``path`` defaults to :meth:`most_likely_path`."""
        from ..display.plot import plot_path
        return plot_path(self.board, path or self.most_likely_path(), ax=ax)

    def to_sympy(self) -> "sympy.Matrix":
        """The full transition matrix (transient states, then N) as a sympy Matrix (:func:`~limits.model.export.to_sympy`)."""
        from .export import to_sympy
        return to_sympy(self)

    def to_numpy(self) -> "numpy.ndarray":
        """The full transition matrix (transient states, then N) as float64 (:func:`~limits.model.export.to_numpy`)."""
        from .export import to_numpy
        return to_numpy(self)

    def to_networkx(self) -> "networkx.DiGraph":
        """The chain as a DiGraph on squares, edges weighted by ``probability`` (:func:`~limits.model.export.to_networkx`)."""
        from .export import to_networkx
        return to_networkx(self)

    def _repr_svg_(self) -> str | None:
        """The board (see :meth:`limits.model.board.Board._repr_svg_`)."""
        return self.board._repr_svg_()

    def _repr_html_(self) -> str:
        """What the chain is built from, its size and its traps (nothing is solved), and the board."""
        return chain_html(self, self._repr_svg_())
