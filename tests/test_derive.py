import os
import re
import shutil
import subprocess
from fractions import Fraction

import pytest

from limits import Board, Perturbation, althoen, empty, standard, uniform_on
from limits.paper.derivation import is_paper_game
from tests.loaded import derive

HAVE_PDFLATEX = shutil.which("pdflatex") is not None
BOARDS = {"standard": standard(), "althoen": althoen(), "empty": empty(), "small": Board(30, {3: 17, 11: 2, 25: 8, 14: 29})}


def test_text_steps():
    d = derive(delta=4)
    assert d.finite
    text = d.text()
    assert "113/155" in text and "40634/865" in text and "the same as the hierarchy's" in text
    assert "49.97" in text  # the paper's own number, reproduced from its chain
    assert "31 + 42/5 * 13819/7266 = 40634/865" in text  # the limit explained by excursions


@pytest.mark.parametrize("delta", [1, 2, 3, 6])
def test_no_finite_limit_is_derived_not_quoted(delta):
    d = derive(delta=delta)
    assert not d.finite and d.order >= 1
    assert d.check is not None and (d.check.order, d.check.leading_coefficient) == (d.order, d.leading_coefficient)
    titles = [s.title for s in d.steps]
    assert "Level 1: rates of order eps^1" in titles and "The order and the leading coefficient" in titles


def test_delta_3_is_explained_by_two_levels():
    d = derive(delta=3)
    text = d.text()
    assert "Level 2: rates of order eps^2" in text and "{53} to the goal, rate 26/5" in text
    assert "So m = 2: sigma ~ 5/26 eps^-2, and there is no finite limit." in text


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("rule", ["stay", "bounce", "pass"])
def test_every_case_derives(name, rule):
    board = BOARDS[name]
    for p_to in (1, 0):
        for delta in range(1, 7):
            f = Perturbation.loaded(board, delta, p_to=p_to, rule=rule)
            d = f.derive(check=False)
            text = d.text()
            assert "81-state" not in text and board.name not in text.replace("standard deviation", "")
            if f.trap is not None:
                assert d.trap == f.trap and "infinite for every eps > 0" in text
            else:
                assert (d.order, d.leading_coefficient) == (f.expansion(1).order, f.expansion(1).leading_coefficient)


def test_walks_without_loops():
    for f in (Perturbation.loaded(empty(), 1), Perturbation.loaded(delta=6, rule="pass")):
        d = f.derive()
        assert d.finite and d.levels == () and "There is no closed class" in d.text()
        assert d.leading_coefficient == f.walk[1] == d.check.leading_coefficient


def test_infinite_for_every_eps_is_reported():
    f = Perturbation.between(uniform_on([4]), uniform_on([6]))  # only even moves
    d = f.derive()
    assert d.trap == f.trap and not d.finite and d.to_dict()["infinite"]
    assert f.expansion().to_dict() == {"infinite": True, "loop": f.trap,
                                       "reason": "a loop can hold the player forever for every eps > 0"}
    assert f.expansion()._repr_latex_() == "$\\infty$"


def test_jupyter_reprs_stay_in_the_mathjax_subset():
    for d in (derive(delta=4), derive(delta=3), Perturbation.between(uniform_on([2, 5]), uniform_on([1, 3])).derive()):
        latex = d._repr_latex_()
        assert latex.startswith("$$\\begin{array}") and latex.endswith("\\end{array}$$")
        assert "\\textbf" not in latex and "tabular" not in latex and "\\section" not in latex
        assert latex.count("$") == 4  # one display block, no text-mode math inside
        assert "<table>" in d._repr_html_()


def test_json_keys():
    d = derive(delta=3).to_dict()
    assert {"order", "leading_coefficient", "levels", "check", "steps"} <= set(d)
    assert d["levels"][1]["to_goal"] == (d["levels"][1]["to_goal"][0],) and d["check"]["order"] == 2


@pytest.mark.slow(reason="runs pdflatex on seven derivations")
@pytest.mark.skipif(not HAVE_PDFLATEX and not os.environ.get("CI"), reason="pdflatex is not installed here")
@pytest.mark.parametrize("which", ["delta3", "delta4", "delta5", "zero1", "two", "infinite", "empty"])
def test_latex_document_compiles(which, tmp_path):
    d = {"delta3": lambda: derive(delta=3), "delta4": lambda: derive(delta=4), "delta5": lambda: derive(delta=5),
         "zero1": lambda: derive(delta=1, p_to=0),
         "two": lambda: Perturbation.between(uniform_on([2, 5]), uniform_on([1, 3, 4, 6])).derive(),
         "infinite": lambda: Perturbation.between(uniform_on([4]), uniform_on([6])).derive(),
         "empty": lambda: Perturbation.loaded(empty(), 1).derive()}[which]()
    (tmp_path / "d.tex").write_text(d.latex())
    proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "d.tex"],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert (tmp_path / "d.pdf").stat().st_size > 1000


def test_the_derivation_says_what_it_computed():
    from tests.loaded import collapse

    d = derive(delta=4)
    text = d.text()
    lines = text.splitlines()
    # numbered steps from 1, and every line of a step indented by three spaces
    assert [line.split(". ")[0] for line in lines if line[:1].isdigit()] == [str(i) for i in range(1, 14)]
    assert all(line.startswith("   ") for line in lines[2:] if line and not line[:1].isdigit())
    # tables: columns two spaces apart, a rule of dashes under the heading
    assert ("\n   class                 kind                          share of time  from square 0\n"
            "   --------------------  ----------------------------  -------------  -------------\n"
            "   {60}                  c-loop                        uniform        0\n") in text
    assert "   {97}                  f-loop (the roll overshoots)  uniform        0\n" in text
    assert "\n   Q                     Win      {60}   {73, 77, 81, 85, 89}" in text
    assert "\n10. Stationary proportions\n" in text
    assert ("left only by a move of the other die (a chance of order eps per turn). A move from square s (its share "
            "of time w in the class), of probability q") in text
    assert "a phase-type law on {60}, {73, 77, 81, 85, 89}, {78, 82, 86, 90, 94}, {97}, {99}, of mean" in text
    assert lines[0] == "The game length as eps -> 0: P(4) = 1 - eps, every other face eps/5"
    assert ("\n   - {60} to the goal, rate 2/5: from 60, roll 2 to 19 (1 * 1/5 * 1); from 60, roll 3 to 63 "
            "(1 * 1/5 * 1).\n") in text
    assert ("\n   - {60} to {73, 77, 81, 85, 89}, rate 2/5: from 60, roll 1 to 61 (1 * 1/5 * 1); from 60, roll 5 to 65 "
            "(1 * 1/5 * 1).\n") in text
    assert ("The routes that carry the leading term: from square 0 the game spends 31 turns at this scale on the way "
            "to the goal; from square 0 the game enters {60} (level 1) with chance 3/5 eps") in text
    assert "\n5. The next coefficient\n" in text and ", a coin policy held fixed" not in text
    # the exact limit from the collapsed chain, with its own pi_Win, and the check that agrees with it
    c = collapse(delta=4)
    assert f"psi/pi_Win = {c.psi}/{c.stationary()[0]} = {c.first_order_limit()}\n" in text
    assert "O(eps^2): the same as the hierarchy's." in text and "NOT" not in text
    three = derive(delta=3).text()
    assert "which the reduction process weighs exactly (the onward weight h); the move adds w q h. No state" in three
    assert ("the game enters {53} (level 1) with chance 1, then enters {53} (level 2) with chance 1 and spends "
            "5/26 eps^-2 turns there on the way to the goal") in three


def test_the_derivation_in_html_markdown_and_latex():
    d = derive(delta=4)
    page = d._repr_html_()
    assert "<h4>1. The family</h4>" in page and "<h4>13. Check against the full chain</h4>" in page
    assert "\\cdot 1\\)).</li><li>\\(\\{60\\}\\) to \\(\\{73, 77, 81, 85, 89\\}\\), rate" in page
    assert "\n\n#### 1. The family\n\nThe die is $P(4) = 1 - \\varepsilon$" in d._repr_markdown_()
    assert "#### 13. Check against the full chain\n\n" in d._repr_markdown_()
    body = d.latex_body()
    assert body.startswith("\\subsection*{1. The family}\n\nThe die is") and "\n\\subsection*{2. The game at" in body


def test_a_check_that_disagrees_is_shouted():
    from limits.limit.derive_steps import _check_step

    mean, other = Perturbation.loaded(delta=4).expansion(1), Perturbation.loaded(delta=3).expansion(1)
    assert "NOT the same as the hierarchy's." in _check_step(mean, other).statement
    assert _check_step(mean, mean).statement.endswith(": the same as the hierarchy's.")


def test_a_family_with_a_coin_policy_says_so():
    from limits.coin.strategies import flip_on

    assert "a coin policy held fixed" in Perturbation.loaded(standard(), 3, policy=flip_on({56})).derive().text()
    assert "a coin policy held fixed" not in Perturbation.loaded(standard(), 3).derive(check=False).text()


def test_an_exponential_excursion_has_no_table():
    # one excursion, whose scaled length is exponential (one initial state): no phase-type table for it
    d = Perturbation.loaded(BOARDS["small"], 3, rule="pass").derive(check=False)
    (law,) = [s for s in d.steps if s.title == "The length of a game in the limit"]
    assert law.statement.count("makes an excursion") == 1 and "an exponential law" in law.statement
    assert law.tables == ()


def test_a_closed_class_of_a_random_limit_die_is_named_so():
    from fractions import Fraction

    from limits import Die, Perturbation, fair

    h = Fraction(1, 2)
    d = Perturbation(Board(10, {5: 2, 6: 2}), Die((h, h, 0, 0, 0, 0)), fair()).derive()
    assert "   {2, 3, 4}  closed class  2: 4/9, 3: 2/9, 4: 1/3  1" in str(d.text()).splitlines()


def test_the_collapse_step_gives_a_fractional_limit_its_decimal():
    from limits import Perturbation

    assert "\\approx 46.9757225433526" in Perturbation.loaded(delta=4).derive()._repr_markdown_()


def test_the_derivation_s_words_for_the_paper_s_loaded_dice():
    five = Perturbation.loaded(delta=5).derive()._repr_markdown_()
    assert "| c-loop of 2 squares |" in five  # the loop {6, 11}
    assert "= 93$: rare excursions, long enough to count." in five
    assert "$T_0$ is the chain of the limit die, $T_1$ that of the other die minus that of the limit die" in five
    six = Perturbation.loaded(delta=6).derive()._repr_markdown_()
    assert "which is the limit law's variance, $50 - (5)^2$." in six


def test_the_derivation_of_a_random_limit_die_without_a_closed_class():
    from limits import fair, weighted

    d = Perturbation(Board(10, ((3, 8), (9, 2))), fair(), weighted(5, 1)).derive()
    assert [s.title for s in d.steps][:3] == ["The family", "The game at eps = 0",
                                             "The order and the leading coefficient"]
    assert "So $\\sigma$ has the finite limit $\\frac{301}{36}$." in d._repr_markdown_()  # one route: no sum


def test_the_derivation_shows_as_many_terms_as_asked():
    from limits.limit.derive_steps import derive_family

    text = derive_family(Perturbation.loaded(delta=6), terms=3)._repr_markdown_()
    assert "\\sigma(\\varepsilon) = 5\\,\\varepsilon^{-1} + \\frac{17}{2} + 28\\,\\varepsilon + O(\\varepsilon^{2})" in text


def test_a_derivation_checks_against_the_full_chain_only_up_to_max_function_states(monkeypatch):
    from limits import Perturbation
    from limits.limit import derive_steps

    f = Perturbation.loaded(delta=5)
    assert derive_steps.derive_family(f).steps[-1].title == "Check against the full chain"
    monkeypatch.setattr(derive_steps, "MAX_FUNCTION_STATES", 5)  # the paper's board has more states than that
    assert derive_steps.derive_family(f).steps[-1].title != "Check against the full chain"
    assert derive_steps.derive_family(f, check=True).steps[-1].title == "Check against the full chain"


@pytest.mark.parametrize("rule, kind", [("bounce", "c-loop"), ("stay", "f-loop")])
def test_a_one_square_loop_is_named_as_classify_names_it(rule, kind):
    # from 8 a roll of 3 overshoots 10; under bounce it comes back to 9, and the chute returns it to 8
    family = Perturbation.loaded(Board(10, {9: 8}), 3, rule=rule, start=8)
    loop = family.classify().loops[0]
    assert loop.squares == (8,) and f"{loop.kind}-loop" == kind
    rows = [line for line in family.derive().text().splitlines() if line.strip().startswith("{8}")]
    assert rows and kind in rows[0] and ("overshoots" in rows[0]) == (kind == "f-loop")


_JUMPS = dict(standard().jumps)
PAPER_GAME_CHANGES = {  # one component changed at a time: (board, rule, faces, still the paper's game)
    "the paper's own": (standard(), "stay", 6, True),
    "its board under another name": (Board(100, _JUMPS, name="mine"), "stay", 6, True),
    "a chute dropped": (Board(100, {a: b for a, b in _JUMPS.items() if a != 16}), "stay", 6, False),
    "a ladder added": (Board(100, {**_JUMPS, 2: 3}), "stay", 6, False),
    "a chute moved": (Board(100, {**_JUMPS, 16: 7}), "stay", 6, False),
    "four squares more": (Board(104, {**_JUMPS, 80: 104}), "stay", 6, False),  # the top ladder still wins
    **{f"the {rule} rule": (standard(), rule, 6, False) for rule in ("bounce", "pass")},
    **{f"{faces} faces": (standard(), "stay", faces, False) for faces in (5, 7)},
}


@pytest.mark.parametrize("change", PAPER_GAME_CHANGES)
def test_the_paper_s_game_is_its_board_its_rule_and_six_faces_and_any_one_change_is_another_game(change):
    """The class: whatever decides that a game is the paper's (the predicate, and the derivation that adds what
    the paper printed) says so of its board by content, its rule and its six faces, and of nothing one change
    away."""
    board, rule, faces, paper = PAPER_GAME_CHANGES[change]
    assert is_paper_game(board, rule, faces) is paper
    d = Perturbation.loaded(board, 4, rule=rule, faces=faces).derive(check=False)
    assert d.finite  # so that nothing but the game decides whether the paper's numbers are added
    titles, text = [s.title for s in d.steps], " ".join(s.statement for s in d.steps).lower()
    assert ("The paper's Win row, corrected" in titles) is paper and ("the paper printed" in text) is paper


def _win_row_outcomes(delta: int) -> tuple[list[int], dict[str, set]]:
    """The P(delta) = 1 walk's win path on the paper's board and, for each place an outcome (square on it, another
    face) ends up by its own P(delta) = 1 walk, those outcomes: from the board's jumps and the stay rule alone."""
    from tests.oracle import start_of, turn

    def label(square: int) -> str:
        seen: list[int] = []
        while square != 100 and square not in seen:
            seen.append(square)
            square = turn(100, _JUMPS, "stay", square, delta)
        return "Win" if square == 100 else "{" + ", ".join(map(str, sorted(seen[seen.index(square):]))) + "}"

    path, square = [], start_of(100, _JUMPS, 0)
    while square != 100:
        path.append(square)
        square = turn(100, _JUMPS, "stay", square, delta)
    into: dict[str, set] = {}
    for s in path:
        for face in set(range(1, 7)) - {delta}:
            into.setdefault(label(turn(100, _JUMPS, "stay", s, face)), set()).add((s, face))
    return path, into


def _tex_state(text: str) -> str:
    return text.replace("\\{", "{").replace("\\}", "}").replace("\\mathrm{Win}", "Win")


def _tex_fraction(text: str) -> Fraction:
    found = re.fullmatch(r"\\frac\{(\d+)\}\{(\d+)\}|(\d+)", text)
    assert found, text
    return Fraction(int(found[1]), int(found[2])) if found[3] is None else Fraction(int(found[3]))


def test_every_corrected_win_row_lists_exactly_the_outcomes_that_make_up_its_entry():
    """The class: where the paper's printed Win row is corrected, the entries said to differ are exactly those
    where the printed row and the row counted from the board differ, each with both values, and the outcomes
    listed into a state are exactly the outcomes from the win path whose walk ends there, as many as the
    statement says and as the entry's numerator over (faces - 1) times the win path's length."""
    from limits.paper.printed import PAPER_COLLAPSED

    corrected = []
    for delta in range(1, 7):
        family = Perturbation.loaded(delta=delta)
        d = family.derive(check=False)
        steps = [s for s in d.steps if s.title == "The paper's Win row, corrected"]
        printed = PAPER_COLLAPSED.get(delta, {}).get("win_row")
        if printed is None or not d.finite:
            assert not steps
            continue
        path, into = _win_row_outcomes(delta)
        row = {state: Fraction(len(outcomes), 5 * len(path)) for state, outcomes in into.items()}
        states = family.collapse().states  # the order of the printed row's entries
        differ = [(s, p, row.get(s, Fraction(0))) for s, p in zip(states, printed) if p != row.get(s, Fraction(0))]
        assert len(steps) == (1 if differ else 0)
        if not differ:
            continue
        corrected.append(delta)
        statement = steps[0].statement
        listed = re.findall(r"to \$(.+?)\$: paper \$(.+?)\$, here \$(.+?)\$", statement)
        assert [(_tex_state(s), _tex_fraction(p), _tex_fraction(h)) for s, p, h in listed] == differ
        count, state, outcomes = re.search(r"The (\d+) outcomes from the win path into \$(.+?)\$ are \(square\+roll\)"
                                           r": ([\d+, ]+)\.", statement).groups()
        state = _tex_state(state)
        pairs = {tuple(map(int, o.split("+"))) for o in outcomes.split(", ")}
        assert pairs == into[state] and int(count) == len(pairs) == row[state] * 5 * len(path)
    assert corrected == [4]  # the paper's one printed Win row, which is wrong
