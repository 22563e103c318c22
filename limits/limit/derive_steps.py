"""The steps of the structural derivation, built from a family's hierarchy.

The family; the game at eps = 0 and its closed classes; each level of the
hierarchy as a table of rates with the moves that make them; the routes
that give the order and the leading coefficient; the next coefficient; the
variance; the law of the game length; for the paper's loaded die, its
collapsed Win/Loop chain; and the check against the whole chain's rational
function. Every number is computed; the text never names a board.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..checks import MAX_FUNCTION_STATES
from ..exact.digits import decimal, digit_count
from ..exact.rational import Laurent
from ..markup.document import Step, Table
from ..markup.latex import tex_set, tex_shown
from ..markup.numerals import counted
from .collapse_steps import collapsed_steps
from .derive import Derivation
from .expansion import exact_expansion, mean_expansion, variance_expansion
from .hierarchy import Hierarchy, HierarchyLevel, Route, hierarchy
from .length_law import LengthLaw, PhaseType, length_law
from .limit_report import check_cost
from .perturbed_chain import Perturbation
from .structure import Side
from .walk import overshoots

__all__ = ["derive_family"]

SHOWN = 8
"""How many moves, routes or squares a list shows before it says how many more there are."""


def _v(x: Fraction | int) -> str:
    """A result: the exact value, and its first digits when the fraction is long."""
    x, shown = Fraction(x), tex_shown(x)
    return shown + (f" \\approx {decimal(x, 6)}" if "ldots" not in shown and digit_count(x.denominator) > 6 else "")


def _power(coefficient: Fraction, j: int) -> str:
    if j == 0:
        return tex_shown(coefficient)
    return f"{tex_shown(coefficient)}\\,\\varepsilon" + ("" if j == 1 else f"^{{{j}}}")


def _eps(j: int) -> str:
    return "1" if j == 0 else "\\varepsilon" if j == 1 else f"\\varepsilon^{{{j}}}"


def _die(chain: Perturbation, side: Side) -> str:
    die = chain.at if side is Side.AT else chain.toward
    return "(" + ", ".join(tex_shown(p) for p in die.probabilities) + ")"


def _family(chain: Perturbation) -> str:
    loaded = getattr(chain, "loaded_face", None)
    k = chain.faces
    if loaded is not None:
        d, end = loaded
        other = "every other face" if k > 2 else "the other face"
        share = "" if k == 2 else f"/{k - 1}"
        text = (f"$P({d}) = 1 - \\varepsilon$, {other} $\\varepsilon{share}$" if end == 1 else
                f"$P({d}) = \\varepsilon$, {other} $(1 - \\varepsilon){share}$")
    else:
        text = (f"$(1 - \\varepsilon)\\,A + \\varepsilon\\,B$ with $A = {_die(chain, Side.AT)}$ and "
                f"$B = {_die(chain, Side.TOWARD)}$")
    return text + (", a coin policy held fixed" if chain.policy is not None else "")


def _family_step(chain: Perturbation) -> Step:
    st = chain.structure
    b = chain.board
    return Step(
        "The family",
        f"The die is {_family(chain)}. On this board (last square {b.size}, {len(b.jumps)} chutes and ladders, "
        f"the rule '{chain.rule.value}') the game from square {chain.start} can rest on {counted(len(st.states), 'square')} "
        "for $0 < \\varepsilon < 1$, and its one-turn matrix over them is exactly linear in $\\varepsilon$.",
        "T(\\varepsilon) = T_0 + \\varepsilon\\,T_1",
        "$T_0$ is the chain of the limit die, $T_1$ that of the other die minus that of the limit die: "
        "the chain is linear in the die")


def _kind(chain: Perturbation, squares: tuple[int, ...]) -> str:
    if not chain.deterministic:
        return "closed class"
    if len(squares) > 1:
        return f"c-loop of {counted(len(squares), 'square')}"
    return "f-loop (the roll overshoots)" if overshoots(chain, squares[0]) else "c-loop"


def _eps0_step(chain: Perturbation, h: Hierarchy) -> Step:
    st = chain.structure
    start = st.index[st.entry]
    absorption = h.reduction.matrix.absorption[start] if h.classes else []
    fate = {c: Fraction(int(x.p), int(x.q)) for c, x in enumerate(absorption) if x}
    if chain.deterministic:
        path, psi = chain.walk
        shown = ", ".join(map(str, path[:20])) + (", ..." if len(path) > 20 else "")
        statement = (f"With the limit die alone every turn has one outcome. From square {chain.start} the walk visits "
                     f"{shown} and " + (f"wins after $\\psi = {psi}$ turns." if psi is not None else
                                        f"is caught in $\\{{{', '.join(map(str, h.classes[next(iter(fate))]))}\\}}$ "
                                        "for ever."))
    else:
        goal = 1 - sum(fate.values(), Fraction(0))
        statement = (f"With the limit die alone, the game from square {chain.start} reaches the goal with probability "
                     f"${_v(goal)}$" + (f" (in ${_v(h.time(0, start))}$ turns on average)" if goal == 1 else "")
                     + "".join(f", and is caught in ${tex_set(h.classes[c])}$ with probability ${_v(p)}$"
                               for c, p in fate.items()) + ".")
    if not h.classes:
        statement += (" There is no closed class: from every square the game at $\\varepsilon = 0$ ends, so "
                      "$(I - T(\\varepsilon))^{-1}$ has no pole at $\\varepsilon = 0$ and $\\sigma$ tends to the mean "
                      "length of the game at $\\varepsilon = 0$.")
        return Step("The game at eps = 0", statement, justification="the chain at eps = 0 has no closed class")
    weights = h.levels[0].states
    rows = []
    for c, squares in enumerate(h.classes[:30]):
        w = weights[c].weights
        share = "uniform" if len(set(w.values())) == 1 else ", ".join(f"{s}: ${tex_shown(x)}$" for s, x in w.items())
        rows.append((f"${tex_set(squares)}$", _kind(chain, squares), share, f"${tex_shown(fate.get(c, 0))}$"))
    count = "one closed class, a loop" if len(h.classes) == 1 else f"{len(h.classes)} closed classes, the loops"
    statement += f" At $\\varepsilon = 0$ the chain has {count}: once in one, the limit die never leaves it."
    return Step("The game at eps = 0", statement,
                tables=(Table(("class", "kind", "share of time", f"from square {chain.start}"), tuple(rows)),),
                justification="closed classes are the strongly connected components with no way out (networkx); "
                              "shares of time are their stationary distributions and the last column the "
                              "probabilities of absorption, exact rational solves")


def _reasons(lv: HierarchyLevel) -> tuple[str, ...]:
    notes = []
    for (i, j), reasons in sorted(lv.reasons.items(), key=lambda kv: (kv[0][0], -1 if kv[0][1] is None else kv[0][1])):
        rate = lv.to_goal[i] if j is None else lv.rates[i][j]
        if not rate:
            continue
        target = "the goal" if j is None else f"${tex_set(lv.states[j].squares)}$"
        ordered = sorted(reasons, key=lambda r: -abs(r.contribution))
        moves = "; ".join(f"from {r.square}, roll {r.move} to {r.target} "
                          f"(${tex_shown(r.weight)} \\cdot {tex_shown(r.probability)} \\cdot {tex_shown(r.onward)}$)" for r in ordered[:SHOWN])
        more = f"; and {len(ordered) - SHOWN} more moves" if len(ordered) > SHOWN else ""
        notes.append(f"${tex_set(lv.states[i].squares)}$ to {target}, rate ${tex_shown(rate)}$: {moves}{more}.")
    return tuple(notes)


def _level_step(lv: HierarchyLevel) -> Step:
    k = lv.depth
    if k == 1:
        how = ("Each closed class at $\\varepsilon = 0$ becomes one state, left only by a move of the other die "
               "(a chance of order $\\varepsilon$ per turn). A move from square $s$ (its share of time $w$ in the "
               "class), of probability $q$ under the other die, to a square from which the game at "
               "$\\varepsilon = 0$ ends in class $c$ with probability $h$, adds $w\\,q\\,h$ to the rate to $c$ "
               "(the goal counts as a class).")
    else:
        how = (f"Each closed class of level {k - 1} (states no move of order $\\varepsilon^{{{k - 1}}}$ leaves) "
               f"becomes one state, with rates of order $\\varepsilon^{{{k}}}$: a first move of the other die from "
               "square $s$ (its share of time $w$), of probability $q$, then further moves on the way, which the "
               "reduction process weighs exactly (the onward weight $h$); the move adds $w\\,q\\,h$.")
    closed = [lv.states[i] for c in lv.closed for i in c]
    end = (" Closed at this level: " + ", ".join(f"${tex_set(s.squares)}$" for s in closed)
           + f": they are the states of level {k + 1}." if lv.closed else
           " No state is closed: each is left at this order, and the hierarchy ends here.")
    return Step(f"Level {k}: rates of order eps^{k}", how + end, tables=(lv.table(),), notes=_reasons(lv),
                justification=f"the leading term of the aggregated matrix $D^{{({k})}}(\\varepsilon)$ of the reduction "
                              "process, from exact rational solves on the classes of the level below")


def _route(h: Hierarchy, route: Route, start: int) -> str:
    parts = []
    for s in route.entries:
        label = tex_set(h.levels[s.depth - 1].states[s.state].squares)
        chance = tex_shown(s.amplitude) if s.order == 0 else _power(s.amplitude, s.order)
        parts.append(f"enters ${label}$ (level {s.depth}) with chance ${chance}$")
    scale = f"\\,\\varepsilon^{{-{route.depth}}}" if route.depth else ""
    where = "there" if route.entries else "at this scale"
    return (f"from square {start} the game " + ", then ".join(parts) + (" and " if parts else "")
            + f"spends ${tex_shown(route.time)}{scale}$ turns {where} on the way to the goal")


def _order_step(chain: Perturbation, h: Hierarchy, mean: Laurent) -> Step:
    routes = h.routes()
    listed = "; ".join(_route(h, r, chain.start) for r in routes[:SHOWN])
    more = f"; and {len(routes) - SHOWN} more routes" if len(routes) > SHOWN else ""
    m, a = h.order, h.leading_coefficient
    total = " + ".join(tex_shown(r.contribution) for r in routes[:SHOWN]) + (" + \\ldots" if len(routes) > SHOWN else "")
    limit = f"${total} = {_v(a)}$" if len(routes) > 1 else f"${_v(a)}$"
    verdict = (f"So $\\sigma$ has the finite limit {limit}." if m == 0 else
               f"So $m = {m}$: $\\sigma \\sim {_v(a)}\\,\\varepsilon^{{-{m}}}$"
               + (f", with ${total} = {_v(a)}$" if len(routes) > 1 else "") + ", and there is no finite limit.")
    return Step("The order and the leading coefficient",
                f"The routes that carry the leading term: {listed}{more}. {verdict}",
                f"\\sigma(\\varepsilon) = {_power(a, -m)} + O({_eps(1 - m)})",
                "a route's chance times its time; the order is the largest number of levels climbed minus the orders "
                "of the chances, and every term is positive, so nothing cancels")


def _next_step(mean: Laurent) -> Step:
    j, a = mean.coefficients[1]
    return Step("The next coefficient",
                f"One order further the same reduction gives $a_{{{j}}} = {_v(a)}$.",
                f"\\sigma(\\varepsilon) = {mean.latex(number=tex_shown)}",
                "the coefficients of the reduction's series, computed exactly on demand")


def _variance_step(var: Laurent, law: LengthLaw) -> Step:
    predicted = None
    if law.excursions:
        e = max(law.excursions, key=lambda x: x.chance_order)
        predicted = (2 * e.length_order - e.chance_order, e.probability * e.length.second_moment,
                     f"the rare excursions: ${tex_shown(e.probability)} \\cdot {tex_shown(e.length.second_moment)}$, the chance "
                     "times the mean square of their scaled length")
    elif law.scaled is not None:
        x = law.scaled
        predicted = (2 * law.typical_order, x.second_moment - x.mean ** 2,
                     f"the limit law's variance, ${tex_shown(x.second_moment)} - ({tex_shown(x.mean)})^2$")
    statement = (f"The variance of the length has order {var.order}: "
                 f"$\\mathrm{{Var}}\\,M = {_power(var.leading_coefficient, -var.order)} + \\ldots$")
    if predicted is not None and (var.order, var.leading_coefficient) == predicted[:2]:
        statement += f", which is {predicted[2]}."
    else:
        statement += "."
    return Step("The variance", statement, f"\\mathrm{{Var}}\\,M = {var.latex(number=tex_shown)}",
                "$(I - T) m_2 = 2 m_1 - 1$ solved with the same levels, and $\\mathrm{Var}\\,M = m_2 - m_1^2$")


def _ph(x: PhaseType) -> str:
    if x.law == "exponential":
        return f"an exponential law of mean ${tex_shown(x.mean)}$"
    atom = f" with an atom ${tex_shown(x.atom)}$ at 0" if x.atom else ""
    return f"a phase-type law on ${', '.join(tex_set(s) for s in x.states)}${atom}, of mean ${tex_shown(x.mean)}$"


def _ph_table(x: PhaseType) -> Table:
    labels = [f"${tex_set(s)}$" for s in x.states]
    rows = tuple((labels[i], f"${tex_shown(x.initial[i])}$") + tuple(f"${tex_shown(v)}$" if v else "" for v in x.matrix[i])
                 for i in range(len(labels)))
    return Table(("state", "start") + tuple(labels), rows)


def _law_step(chain: Perturbation, law: LengthLaw) -> Step:
    parts, tables = [], []
    if law.scaled is None:
        parts.append(f"At $\\varepsilon = 0$ the game lasts $\\psi = {law.psi}$ turns, so $P(M = {law.psi}) \\to 1$."
                     if law.psi is not None else
                     f"The length tends in law to that of the game at $\\varepsilon = 0$, of mean ${tex_shown(law.typical_mean)}$.")
    else:
        parts.append(f"${_eps(law.typical_order)} M$ tends in law to {_ph(law.scaled)}.")
        if len(law.scaled.initial) > 1:
            tables.append(_ph_table(law.scaled))
    for e in law.excursions:
        parts.append(f"With probability ${_power(e.probability, e.chance_order)}$ the game makes an excursion, and "
                     f"${_eps(e.length_order)}$ times its length tends to {_ph(e.length)}.")
        if len(e.length.initial) > 1 and len(e.length.initial) <= SHOWN:
            tables.append(_ph_table(e.length))
    if law.excursions:
        typical = tex_shown(law.typical_mean) + " + " if law.typical_order == law.order else ""
        terms = " + ".join(f"{tex_shown(e.probability)} \\cdot {tex_shown(e.length.mean)}" for e in law.excursions)
        parts.append(f"The mean's leading coefficient is ${typical}{terms} = {tex_shown(law.explained())}$: "
                     "rare excursions, long enough to count.")
    return Step("The length of a game in the limit", " ".join(parts), tables=tuple(tables),
                justification="the leading routes of the hierarchy: chances of order 1 give the typical game, "
                              "chances of positive order the excursions; each ends in a phase-type law "
                              "$P(X > t) = \\alpha\\,e^{tG}\\,1$ with G the rates of its level")


def _check_step(mean: Laurent, exact: Laurent) -> Step:
    same = exact.order == mean.order and exact.coefficients == mean.coefficients[:len(exact.coefficients)]
    return Step("Check against the full chain",
                f"The whole chain's rational function, expanded at $\\varepsilon = 0$ without the hierarchy, gives "
                f"$\\sigma = {exact.latex(number=tex_shown)}$: " + ("the same as the hierarchy's." if same else
                                                      "NOT the same as the hierarchy's."),
                justification="the rational function from modular determinants and the Chinese remainder theorem")


def _infinite(chain: Perturbation, title: str, trap: tuple[int, ...]) -> Derivation:
    step = Step("Infinite for every eps",
                f"With both dice, the game from square {chain.start} can be caught in ${tex_set(trap)}$, which no move "
                "of either die leaves: the last square is never reached from there, so $\\sigma$ is infinite for "
                "every $\\varepsilon > 0$.",
                justification="a closed class of the chain of the mixed die, reachable from the start")
    return Derivation(title, (step,), None, None, trap=trap)


def derive_family(chain: Perturbation, h: Hierarchy | None = None, *, check: bool | None = None,
                  terms: int = 2) -> Derivation:
    """The structural derivation of sigma's behaviour as eps -> 0, for any family.

    Parameters
    ----------
    chain : Perturbation
        The family (a :class:`~limits.limit.perturbed_chain.Perturbation`).
    h : Hierarchy, optional
        Its hierarchy, if already computed.
    check : bool, optional
        Whether to compare with the whole chain's rational function; by
        default when the chain has at most ``MAX_FUNCTION_STATES`` squares.
    terms : int
        How many coefficients to state (at least 2).

    Raises
    ------
    TooLargeError
        For the loaded die, when its derivation is predicted past the budget (:func:`limits.cost.limit`).

    Examples
    --------
    >>> from limits import Perturbation
    >>> d = Perturbation.loaded(delta=3).derive()
    >>> d.order, d.leading_coefficient, d.check.leading_coefficient
    (2, Fraction(5, 26), Fraction(5, 26))
    """
    check_cost(chain, 4 if chain.loaded_as is not None else 3)  # as the limit's four terms, or about three
    title = f"The game length as $\\varepsilon \\to 0$: {_family(chain)}"
    if chain.trap is not None:
        return replace(_infinite(chain, title, chain.trap), family=chain)
    st = chain.structure
    if st.entry == chain.goal:
        step = Step("The start is the goal", f"A game started on square {chain.start} is already won: $\\sigma = 0$.")
        return Derivation(title, (step,), 0, Fraction(0), family=chain)
    h = hierarchy(chain) if h is None else h
    mean = mean_expansion(h, max(terms, 2))
    law = length_law(h)
    steps = [_family_step(chain), _eps0_step(chain, h)]
    steps += [_level_step(lv) for lv in h.levels]
    steps += [_order_step(chain, h, mean), _next_step(mean), _variance_step(variance_expansion(h, 2), law),
              _law_step(chain, law)]
    steps += collapsed_steps(chain)
    exact = None
    if check or (check is None and len(st.states) <= MAX_FUNCTION_STATES):
        exact = exact_expansion(chain, max(terms, 2))
        steps.append(_check_step(mean, exact))
    return Derivation(title, tuple(steps), h.order, h.leading_coefficient, h.levels, exact, family=chain,
                      loop=h.deepest_loop())
