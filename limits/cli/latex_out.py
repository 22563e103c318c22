"""``--format latex`` for the coin's commands, ``strategies`` and ``optimal``, until their results render themselves.

Each writes its JSON-ready answer as a document of the one document model
(:class:`~limits.markup.document.Document`): a sentence naming the game, then
the values in prose or a table (:func:`~limits.markup.numerals.value_math`).
"""

from __future__ import annotations

from typing import Any

from ..exact.digits import ratio_value
from ..markup.document import latex_document
from ..markup.latex import tex_number
from ..markup.numerals import relation_math, value_math
from ..markup.prose import literal

__all__ = ["relation_math", "strategies_latex", "optimal_latex"]


def _cell(q: Any) -> str:
    return "-" if q is None else f"${value_math(q)}$"


def _game(r: dict[str, Any]) -> str:
    die = f", die $({', '.join(tex_number(ratio_value(p)) for p in r['die'])})$" if r.get("die") else ""
    start = f", start square {r['start']}" if r.get("start") is not None else ""
    return f"Board {literal(r['board'])}, rule {r['rule']}{die}{start}."  # a name's dollars start no math


def strategies_latex(r: dict[str, Any]) -> str:
    """``limits strategies``: the expected length of each coin strategy, and of the board without chutes."""
    rows = [[str(s["id"]), s["name"], _cell(s["expected_turns"])] for s in r["strategies"]]
    rows.append(["", "the base game on this board with every chute removed",
                 _cell(r["no_chutes_board"]["expected_turns"])])
    return latex_document("The coin strategies", [_game(r)], (["id", "strategy", "expected turns"], rows))


def optimal_latex(r: dict[str, Any]) -> str:
    """``limits optimal``: the best (or worst) expected length and the squares where the policy flips."""
    what = "longest" if r["maximise"] else "shortest"
    turns = r["expected_turns"]
    flips = (f"Flip on landing on the squares {', '.join(map(str, r['flip']))}." if r["flip"]  # text breaks at commas
             else "The policy never flips.")
    reason = f" ({turns['reason']})" if turns.get("infinite") else ""
    return latex_document(f"The {what} game with the coin", [
        _game(r), f"Expected turns: ${value_math(turns)}${reason}.", flips])
