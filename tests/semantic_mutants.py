"""Hand-written semantic mutants of the core: plausible one-line bugs at the edges, each with its killing tests.

mutmut's random edits (``python -m tests.mutation``) mostly break something
obvious. These are the bugs people make at the edges of the input space: an
off-by-one, a tie broken the other way, a term dropped, rounding toward the
nearest instead of outward, heads and tails swapped, the bounce fold of a die
with more faces than twice the board, a start on a jump square. Each entry
names the module, the exact source it replaces (found exactly once there:
``tests/test_semantic_mutants.py`` keeps the catalogue from rotting), the
replacement, and the pytest node ids that kill it. ``python -m tests.mutation
--semantic`` applies each to a copy of the package and runs its tests
(:mod:`tests.semantic`).
"""

from __future__ import annotations

__all__ = ["Mutant", "CATALOGUE", "EQUIVALENT"]

from dataclasses import dataclass


@dataclass(frozen=True)
class Mutant:
    """One hand-made mutant: ``original`` (found once in ``module``) becomes ``replacement``."""

    name: str
    module: str
    original: str
    replacement: str
    tests: tuple[str, ...]
    why: str


E = "tests/test_edges.py::"
M, G, C, L, X, R = "limits/model/", "limits/game/", "limits/coin/", "limits/limit/", "limits/exact/", "limits/race/"

CATALOGUE: tuple[Mutant, ...] = (
    # ---- model -------------------------------------------------------------------------------------
    Mutant("step-exact-landing-overshoots", M + "rules.py", "    if target > n:\n        if rule is Rule.STAY:",
           "    if target >= n:\n        if rule is Rule.STAY:", (M + "rules.py", "tests/test_rules.py"),
           "an exact landing on N counted as an overshoot"),
    Mutant("step-bounce-no-fold", M + "rules.py", "        target %= period\n", "",
           (E + "test_bounce_folds_dice_longer_than_twice_the_board",),
           "bounce without the fold: wrong only past 2N, for dice with more faces than twice the board"),
    Mutant("trap-named-largest", M + "chain.py", "for trap in reversed(found):", "for trap in found:",
           (E + "test_smallest_trap_is_named",), "the tie between reachable traps broken the other way"),
    Mutant("no-trap-shortcut-off-by-one", M + "chain.py", "== len(self.states) + 1:", ">= len(self.states):",
           (E + "test_one_trapped_square_is_a_trap",), "one square that cannot reach N taken for none"),
    Mutant("entry-ignores-jump", M + "chain.py", "return self.board.land(start_square(square, self.goal))",
           "return start_square(square, self.goal)", (M + "chain.py",), "a start on a jump square not moved"),
    Mutant("rows-not-summed", M + "chain.py", "merged[t] = merged.get(t, 0) + p", "merged[t] = p",
           (M + "chain.py",), "faces that reach the same square not added up"),
    Mutant("reachable-largest-face-dropped", M + "chain.py",
           "        for face in range(1, faces + 1):\n            target = step(board, rule, square, face)",
           "        for face in range(1, faces):\n            target = step(board, rule, square, face)",
           (E + "test_largest_face_alone_reaches_the_goal",), "the reachability check forgets the largest face"),
    Mutant("survey-seed-plus-index", M + "random_board.py", "np.random.SeedSequence([int(seed), int(index)])",
           "np.random.SeedSequence(int(seed) + int(index))", (E + "test_boards_differ_by_seed_and_index",),
           "boards seeded by the sum seed + index"),
    Mutant("weighted-rest-over-k", M + "die.py", "rest: Probability = (1 - p) / (k - 1)",
           "rest: Probability = (1 - p) / k", (M + "die.py",), "the rest shared among all k faces"),
    Mutant("squares-include-goal", M + "board.py", "return tuple(s for s in range(self.size) if s not in self._landing)",
           "return tuple(s for s in range(self.size + 1) if s not in self._landing)", (M + "board.py",),
           "the last square counted as a square to rest on"),
    Mutant("ladder-to-goal-refused", M + "board.py", "if not 0 <= b <= size:", "if not 0 <= b < size:",
           (E + "test_ladder_to_the_last_square",), "a ladder that ends on N refused"),
    Mutant("chute-to-start-refused", M + "board.py", "if not 0 <= b <= size:", "if not 0 < b <= size:",
           ("tests/test_board.py::test_jump_ends_on_the_edges_of_the_board",),
           "a chute back to square 0, the start, refused"),
    # ---- game --------------------------------------------------------------------------------------
    Mutant("trap-check-on-jump-square", G + "duration.py", "trap = trap_reached_from(chain, square)",
           "trap = trap_reached_from(chain, start)", (E + "test_start_on_a_jump_square_into_a_trap",),
           "the trap check looks at the jump square instead of where it leads"),
    Mutant("mode-tie-largest", G + "distribution.py", "        if p > best:", "        if p >= best:",
           (E + "test_mode_tie_small_chain",), "the mode's tie broken toward the larger length"),
    Mutant("mode-tie-largest-large-chain", G + "distribution.py", "key=lambda m: (chances[m], -m))",
           "key=lambda m: (chances[m], m))", (E + "test_mode_tie_large_chain",),
           "the mode's tie on the large-chain path broken toward the larger length"),
    Mutant("quantile-strict", G + "distribution.py", ">= q.numerator * scale:", "> q.numerator * scale:",
           (G + "distribution.py",), "a quantile met exactly on its level not taken"),
    Mutant("quantile-never-at-equality", G + "distribution.py", "    if h < q:\n", "    if h <= q:\n",
           (G + "distribution.py",), "an absorption chance equal to the level read as never"),
    Mutant("upper-quantile-at-total", G + "quantile.py", "upper_never = level >= total", "upper_never = level > total",
           (E + "test_upper_quantile_at_the_limit_of_the_cdf",),
           "the upper quantile at a level equal to the cdf's limit looked for past the end"),
    Mutant("mode-candidates-low-bound", G + "float_stream.py", "highs.append(before_hi - lo)",
           "highs.append(before_lo - hi)", (E + "test_mode_tie_large_chain",),
           "a candidate kept on its lower bound: a tied length dropped"),
    Mutant("seat-tail-dropped", G + "players.py",
           "min(Fraction(1), Fraction(high, scale) + tail)", "min(Fraction(1), Fraction(high, scale))",
           (E + "test_seat_enclosures_contain_exact",), "the tail past the last round left out of the upper bound"),
    Mutant("rounds-tail-dropped", G + "game_length.py",
           "return Enclosure(lo1, hi1 + tail1), Enclosure(lo2, hi2 + tail2)",
           "return Enclosure(lo1, hi1), Enclosure(lo2, hi2 + tail2)", (E + "test_rounds_enclosures_contain_exact",),
           "the mean's tail left out of its upper bound"),
    Mutant("float-bounce-no-fold", M + "rules.py", "        t = t % (2 * n)\n", "",
           (E + "test_float_moment_bounds_hold_against_exact",),
           "the float moments' bounce without the fold (numpy reads a negative square from the end)"),
    Mutant("float-upper-bound-sign", G + "float_bounds.py", "upper = x / (1.0 - rho)", "upper = x / (1.0 + rho)",
           (E + "test_moment_bounds_hold_for_any_approximation",), "the mean's upper bound divided the wrong way"),
    Mutant("float-variance-spread-without-mean", G + "float_bounds.py", "spread = width * mh * (1.0 + 4 * _U)",
           "spread = width * (1.0 + 4 * _U)", (E + "test_moment_bounds_hold_for_any_approximation",),
           "the variance's error bound ||w|| m without the mean m"),
    Mutant("fewest-spins-off-by-one", G + "players.py", "(fastest - 1) * k + 1", "(fastest - 1) * k",
           ("tests/test_players.py",), "seat 1's first spin not counted"),
    Mutant("rewards-trap-on-jump-square", G + "rewards.py", "trap = self.chain.trapped.get(square)",
           "trap = self.chain.trapped.get(self.start)", (E + "test_start_on_a_jump_square_into_a_trap",),
           "the trap looked up on the jump square"),
    Mutant("one-player-trap-on-jump-square", G + "one_player.py", "self.chain.trapped.get(self.square)",
           "self.chain.trapped.get(self.start)", (E + "test_start_on_a_jump_square_into_a_trap",),
           "the trap looked up on the jump square"),
    Mutant("min-turns-on-jump-square", G + "distribution.py", "return chain.fewest_turns.get(square)",
           "return chain.fewest_turns.get(start)", (E + "test_min_turns_from_a_jump_square",),
           "the fewest turns looked up on the jump square"),
    Mutant("tail-ratio-least", G + "one_player.py", "Fraction(max(alive[index[s]] for s in reach)",
           "Fraction(min(alive[index[s]] for s in reach)",
           ("tests/test_game_length.py::test_a_cdf_that_settles_below_one",),
           "the tail ratio q taken at the square that finishes fastest, not the slowest: tails bounded too low"),
    Mutant("horizon-upper-rounded-down", G + "one_player.py", "-(-(y >> shift) // every)", "(y >> shift) // every",
           ("tests/test_players.py::test_the_rounds_checked_are_those_of_the_horizon",),
           "the upper survival vector rounded down at the end of a block of turns, not up: no longer above the "
           "exact one"),
    Mutant("horizon-upper-sum-rounded-down", G + "one_player.py", "highs.append(-(-(total >> shift) // scale))",
           "highs.append((total >> shift) // scale)",
           ("tests/test_players.py::test_the_rounds_checked_are_those_of_the_horizon",),
           "the upper bound of a turn's survival rounded down, not up"),
    Mutant("integer-rows-largest-denominator", G + "mass_stream.py",
           "den = math.lcm(*{Fraction(p).denominator for row in chain.rows for _, p in row})",
           "den = max({Fraction(p).denominator for row in chain.rows for _, p in row})",
           ("tests/test_players.py::test_a_die_whose_largest_denominator_is_not_the_common_one",),
           "the rows' integers over the largest denominator, not the common one: the bounds no longer hold"),
    Mutant("horizon-round-limit-per-block", G + "one_player.py",
           "            for total in sums:  # the limit holds turn by turn, wherever a block ends\n"
           "                if len(highs) > most:",
           "            for total in sums:  # the limit holds turn by turn, wherever a block ends\n"
           "                if len(highs) > most and len(highs) % ROUNDED == 1:",
           ("tests/test_game_length.py::test_the_horizon_stops_at_its_round_limit_wherever_a_block_ends",),
           "the round limit looked at only where a block starts: the horizon runs up to a block past it"),
    # ---- coin --------------------------------------------------------------------------------------
    Mutant("pass-exact-landing-flippable", C + "rule.py", "        if x >= n:\n", "        if x > n:\n",
           (E + "test_pass_exact_landing_wins_without_a_flip",),
           "under pass, an exact landing on N may still be flipped away"),
    Mutant("stay-one-past-void", C + "rule.py", "if x > n + 1:", "if x > n:", (C + "rule.py",),
           "a landing one past N not flippable"),
    Mutant("coin-bounce-no-fold", C + "rule.py", "    x %= period\n", "",
           (E + "test_coin_bounce_folds_dice_longer_than_twice_the_board",),
           "the coin's bounce without the fold"),
    Mutant("policy-rows-heads-tails", C + "rule.py", "(p * (1 - q), p * q * coin, p * q * (1 - coin))",
           "(p * (1 - q), p * q * (1 - coin), p * q * coin)", (E + "test_biased_coin_relabelled",),
           "heads and tails swapped in the chain's rows (a fair coin hides it)"),
    Mutant("choices-heads-tails", C + "best_policy.py", "((out.heads, h), (out.tails, 1 - h))",
           "((out.heads, 1 - h), (out.tails, h))", (E + "test_biased_coin_optimal_policy_relabelled",),
           "heads and tails swapped in the optimal policy's choices"),
    Mutant("sampling-heads-tails", C + "rule.py",
           "(self.heads, q * coin), (self.tails, q * (1 - coin))",
           "(self.tails, q * coin), (self.heads, q * (1 - coin))",
           (E + "test_biased_coin_sampling_tables",), "heads and tails swapped in a turn's ends (the simulation's tables)"),
    Mutant("sparse-slack-wrong-side", C + "sparse_policy.py", "(alt < now - slack)", "(alt < now + slack)",
           (E + "test_sparse_policy_rounds_bounded",),
           "the float rounds switch on a tie: right values after the exact check, but 500 rounds"),
    Mutant("labels-heads-tails", C + "rule.py",
           'zip(("no flip", "heads", "tails"), o.ends(', 'zip(("no flip", "tails", "heads"), o.ends(', (C + "rule.py",),
           "the labelled outcomes name the sides the other way"),
    Mutant("stay-landing-on-goal-void", C + "rule.py", "return start if y > n else board.land(y)",
           "return start if y >= n else board.land(y)", (C + "rule.py", "tests/test_coin.py"),
           "a flip onto N itself void under stay"),
    Mutant("coin-bounce-landing-unfolded", C + "rule.py",
           "        x = _reflect(x, n)\n\n        def settle", "\n        def settle",
           (E + "test_coin_bounce_folds_dice_longer_than_twice_the_board",),
           "under bounce, the flip from the unreflected landing"),
    Mutant("keeping-prefers-flip", C + "best_policy.py", "out[key] = min(flip for flip", "out[key] = max(flip for flip",
           ("tests/test_optimal.py",), "the unbounded policy's tie broken toward flipping"),
    Mutant("sparse-rounds-count", C + "sparse_policy.py", "rounds += 0 if settled else 1", "rounds += 1",
           (E + "test_sparse_policy_rounds_bounded",), "a settled policy counted twice"),
    # ---- limit -------------------------------------------------------------------------------------
    Mutant("variance-square-term-dropped", L + "expansion.py", "range(x.start, j - x.start + 1)",
           "range(x.start, j - x.start)", (E + "test_variance_expansion_with_a_pole",),
           "the last product of m1^2 dropped: wrong where the mean has a pole (delta = 3 gives 50/676)"),
    Mutant("variance-rhs-at-start", L + "expansion.py", "(1 if j == 0 else 0)", "(1 if j == x.start else 0)",
           (E + "test_variance_expansion_with_a_pole",),
           "the 1 of 2 m1 - 1 put at the first coefficient, not at eps^0"),
    Mutant("same-length-two-lengths", L + "expansion.py", "return len(lengths[st.entry]) == 1",
           "return len(lengths[st.entry]) <= 2", (E + "test_variance_expansion_on_tiny_boards",),
           "games of two lengths taken for games of one length (variance 0) on an acyclic walk"),
    Mutant("overshoot-exact-landing", L + "walk.py", "square + f > n for f", "square + f >= n for f",
           ("tests/test_walk.py",), "an exact landing on N counted as an overshoot"),
    Mutant("order-leave-max", L + "order.py", "leave = min(d for s, d", "leave = max(d for s, d",
           (L + "order.py", "tests/test_order.py"), "the cheapest way out of a loop's basin taken as the dearest"),
    Mutant("order-enter-dropped", L + "order.py", "[lp.leave - lp.enter for lp", "[lp.leave for lp",
           (L + "order.py", "tests/test_order.py"), "the cost of entering a loop not subtracted"),
    Mutant("moves-default-cost", L + "order.py", "row[t] = min(row.get(t, 1), cost)",
           "row[t] = min(row.get(t, 0), cost)", (L + "order.py", "tests/test_order.py"), "every move free"),
    Mutant("sparse-lu-no-singular-test", L + "certified_value.py",
           "tiny = max(columns.values(), default=ctx.zero) * ctx.eps",
           "tiny = ctx.zero",
           (E + "test_the_sparse_elimination_calls_singular_a_pivot_within_eps_of_the_largest_column_sum",),
           "mpmath's cross-check solves with a pivot lost in rounding instead of asking for more precision"),
    Mutant("loaded-face-share", L + "perturbed_chain.py", "share = Fraction(1, self.faces - 1)",
           "share = Fraction(1, self.faces)", (L + "perturbed_chain.py",),
           "the loaded die not recognised: its other faces share among k"),
    Mutant("grid-end-missed", L + "sweep.py", "(b - a) * i / (points - 1)", "(b - a) * i / points",
           (L + "sweep.py",), "the grid stops one step short of its end"),
    Mutant("rank-tie-larger-p", L + "best_loading.py", "else 1, c.p)", "else 1, -c.p)",
           (E + "test_least_value_ties_take_the_smaller_p",),
           "an exact tie between loadings broken toward the larger p"),
    Mutant("near-slack-tighter", L + "certified_value.py", "slack = abs(e.upper) / Fraction(10) ** digits",
           "slack = abs(e.upper) / Fraction(10) ** (digits + 3)",
           (E + "test_mpmath_value_accepts_one_unit_off_the_enclosure",),
           "the cross-check of mpmath against the ball asks for more than the digits"),
    Mutant("rank-tie-end-first", L + "best_loading.py", "(0 if c.attained is Attained.INTERIOR else 1, c.p)",
           "(1 if c.attained is Attained.INTERIOR else 0, c.p)",
           ("tests/test_optimum.py::test_an_exact_tie_with_an_end_is_attained_inside",),
           "an exact tie between an interior minimum and an end's limit given to the end"),
    Mutant("variance-rhs-sign", L + "expansion.py", "2 * r[0] - (1 if j == 0 else 0)",
           "2 * r[0] + (1 if j == 0 else 0)",
           ("tests/test_length_law.py::test_variance_expansion_against_exact_moments",),
           "the second moment solved from 2 m1 + 1, not 2 m1 - 1"),
    # ---- exact -------------------------------------------------------------------------------------
    Mutant("certain-digits-strict", X + "digits.py", "while d < EXACT_DIGITS and width * 10 ** (d + 1) <= size:",
           "while d < EXACT_DIGITS and width * 10 ** (d + 1) < size:", (E + "test_certain_digits_boundary",),
           "a width exactly 10^-d of the value loses a digit"),
    Mutant("exponent-at-power", X + "digits.py", "while Fraction(10) ** (e + 1) <= x:",
           "while Fraction(10) ** (e + 1) < x:", (E + "test_estimate_digits_at_powers_of_ten",),
           "an exact power of ten one decade low"),
    Mutant("render-exponent-edge", X + "digits.py", "if exp < -6 or exp >= 21:", "if exp < -6 or exp > 21:",
           (E + "test_decimal_exponent_edges",), "1e21 written out"),
    Mutant("render-small-unpadded", X + "digits.py", "if shift >= len(text):", "if shift > len(text):",
           (X + "digits.py",), "a value below one with as many decimals as digits printed without its 0"),
    Mutant("mpf-sign-dropped", X + "digits.py", "man = -int(man) if sign else int(man)", "man = int(man)",
           (X + "digits.py",), "the sign of a negative mpf lost"),
    Mutant("floor-ceiling-swapped", X + "digits.py", "        step = math.floor\n", "        step = math.ceil\n",
           (X + "digits.py", "tests/test_digits.py"), "the lower bound rounded up"),
    Mutant("bounds-to-nearest", X + "known_digits.py",
           '    low, up = decimal(lo, bd, "floor"), decimal(hi, bd, "ceiling")\n    if lo == hi:',
           "    low, up = decimal(lo, bd), decimal(hi, bd)\n    if lo == hi:",
           (X + "known_digits.py", E + "test_interval_text_bounds_outward"),
           "an enclosure's printed bounds rounded to nearest, not outward"),
    Mutant("interval-digits-short", X + "known_digits.py", "_exponent(width) + 2", "_exponent(width) + 1",
           (E + "test_interval_text_most_digits",), "one certain digit fewer looked at"),
    Mutant("interval-digits-two-short", X + "known_digits.py", "_exponent(width) + 2", "_exponent(width)",
           (E + "test_interval_text_half_even_agreement",),
           "two digits fewer looked at: ends one unit apart that round half to even together lose their digit"),
    Mutant("estimate-digits-short", X + "known_digits.py", "_exponent(value) - _exponent(error) + 1))",
           "_exponent(value) - _exponent(error)))", (X + "known_digits.py",),
           "the estimate printed one place short of its error's leading digit"),
    Mutant("float-digits-trailing-zeros", X + "known_digits.py", '.lstrip("0").rstrip("0")', '.lstrip("0")',
           (X + "known_digits.py",), "trailing zeros of a float counted as carried digits"),
    Mutant("contains-open-lower", X + "enclosure.py", "return self.lower <= Fraction(value) <= self.upper",
           "return self.lower < Fraction(value) <= self.upper", (E + "test_enclosure_contains_its_ends",),
           "an enclosure does not hold its lower end (nor an exact point)"),
    Mutant("from-arb-swapped", X + "enclosure.py",
           "return cls(mid - rad, mid + rad)", "return cls(mid + rad, mid - rad)", (X + "enclosure.py",),
           "a ball's ends swapped"),
    Mutant("accepted-ball-digit-short", X + "precision.py", "certain_digits(lo, hi) >= digits and",
           "certain_digits(lo, hi) >= digits - 1 and", (E + "test_accepted_ball_width",),
           "a ball one digit short of the digits asked accepted"),
    Mutant("precisions-past-limit", X + "precision.py", "while 2 * bits <= limit:", "while bits < limit:",
           (X + "precision.py",), "precision doubled past its bound"),
    Mutant("precisions-bound-excluded", X + "precision.py", "while 2 * bits <= limit:", "while 2 * bits < limit:",
           ("tests/test_sigma_precision.py::test_the_precisions_double_up_to_their_bound_inclusive",),
           "a precision exactly at the bound never tried: one doubling short before giving up"),
    Mutant("laurent-division-term-dropped", X + "series_pairing.py", "min(t, len(d) - 1) + 1)", "min(t, len(d) - 1))",
           ("tests/test_rational.py::test_laurent_matches_sympy_series",),
           "the series division forgets the last term of the denominator"),
    Mutant("prevprime-parity", X + "primes.py", "q = n - 1 if n % 2 == 0 else n - 2",
           "q = n - 1 if n % 2 else n - 2", (E + "test_prevprime_against_trial_division",),
           "the search starts on an even number"),
    Mutant("gth-diagonal-leaves", X + "gth.py", "rest = p[k, k + 1:]", "rest = p[k, k:]",
           (X + "gth.py", "tests/test_gth.py"), "a self-loop counted as leaving"),
    Mutant("gth-stuck-divides", X + "gth.py", "np.inf if s[k] <= 0.0 else", "np.inf if s[k] < 0.0 else",
           ("tests/test_gth.py",), "a state that cannot leave divided by zero"),
    # ---- race --------------------------------------------------------------------------------------
    Mutant("race-entry-ignores-jump", R + "moves.py", "square = self.board.land(start)", "square = start",
           ("tests/test_race.py::test_a_start_on_the_goal_and_the_results_show_themselves",),
           "a race started on a jump square not moved"),
    Mutant("with-length-other-seat", R + "race.py", "return r.first_wins if seat == 1 else r.second_wins",
           "return r.second_wins if seat == 1 else r.first_wins",
           ("tests/test_race.py::test_what_win_gains_is_measured_against_length_in_the_same_seat",),
           "what win gains measured against the other seat's chance with length"),
    Mutant("certified-race-second-low-late", R + "independent.py", "max(0, lo2[t - 1] - hi2[t]) * lo1[t] for t",
           "max(0, lo2[t - 1] - hi2[t]) * lo1[t - 1] for t",
           ("tests/test_race.py::test_the_certified_sums_hold_the_exact_race_of_two_different_players",),
           "the second seat's lower bound reads the first's survival a turn early: ties counted as its wins"),
    Mutant("walk-from-the-jump-foot", L + "walk.py", "walk, square, seen = [], family.structure.entry, set()",
           "walk, square, seen = [], family.start, set()",
           ("tests/test_collapse.py::test_a_start_on_a_jump_is_collapsed_from_where_it_lands",
            "tests/test_collapse.py::test_a_start_on_a_ladder_to_the_goal_has_nothing_to_collapse"),
           "the limit walk begins on the foot of the start's jump, a turn the game never plays"),
    Mutant("derive-loop-kind-ignores-rule", L + "derive_steps.py",
           '"f-loop (the roll overshoots)" if overshoots(chain, squares[0]) else "c-loop"',
           '"f-loop (the roll overshoots)" if all(squares[0] + f > chain.board.size for f in chain.at.support)'
           ' else "c-loop"',
           ("tests/test_derive.py::test_a_one_square_loop_is_named_as_classify_names_it",),
           "the derivation calls a loop an f-loop by the roll alone, under bounce too"),
    Mutant("race-rows-heads-tails", R + "product.py", "rw * g * heads, rw * g * (cu - heads)",
           "rw * g * (cu - heads), rw * g * heads",
           ("tests/test_race.py::test_the_chain_of_both_positions_flips_a_biased_coin_the_right_way",
            "tests/test_race.py::test_win_is_the_best_answer_to_a_fixed_policy_over_every_policy"),
           "heads and tails swapped in the chain of both positions (a fair coin hides it)"),
)
"""The hand-made mutants; :data:`EQUIVALENT` holds those that no test can tell from the original, with why."""

EQUIVALENT: dict[str, str] = {
    "overshoot-exact-landing": (
        "overshoots is asked only of a one-square sink s of the limit walk (walk.py, the f-loop test); a roll of"
        " the limit die with s + f = N would take the walk to the goal, so s would not be a sink: no roll of a"
        " sink lands exactly on N, and s + f > N and s + f >= N agree on every roll asked about"),
    "certain-digits-strict": (
        "certain_digits starts from d = _exponent(size / width), which is exactly the largest d with"
        " 10^d <= size / width, i.e. with width 10^d <= size (or 0 below it); so the loop that lowers d never runs"
        " and the loop that raises it stops at once (width 10^(d+1) > size), whether it compares with <= or <"),
    "interval-digits-short": (
        "with e = the exponent of min(|lo|, |hi|) and w = that of the width, the ends cannot round to one"
        " decimal at d = e - w + 2 digits: the rounding unit there is 10^(w-1) at the smaller end (10^w at most at"
        " the larger), so both ends within half a unit of one value are at most 5.5 10^(w-1) < 10^w <= width"
        " apart; the loop's first d, e - w + 2 or e - w + 1, therefore finds the same largest agreeing d"),
}
"""Name -> the argument that the mutant behaves as the original on every input."""
