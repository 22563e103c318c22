"""Formulas written in ASCII inside prose (``sigma -> 93 as P(5) -> 1``), typeset as ``$...$`` for Markdown pages.

The claims of the paper are kept as plain text (the command line prints
them); the docs' errata page shows their formulas as mathematics. A formula
is a run of symbols the project's prose uses (``sigma``, ``psi``,
``pi_Win``, ``eps^-2``, ``delta``, ``P(...)``, ``E_5(x)``, ``c_5``, ``p``,
``lim``) joined by numbers, operators and brackets; words end it.

Examples
--------
>>> myst_math("delta for which sigma -> infinity as P(delta) -> 1")
'$\\\\delta$ for which $\\\\sigma \\\\to \\\\infty$ as $P(\\\\delta) \\\\to 1$'
>>> myst_math("3 fastest (5/26 eps^-2)")
'3 fastest $(5/26\\\\, \\\\varepsilon^{-2})$'
>>> myst_math("the limit is psi / pi_Win = 93")
'the limit is $\\\\psi / \\\\pi_{\\\\mathrm{Win}} = 93$'
>>> myst_math("21.843, and strategy 4 lower")  # no formula: unchanged
'21.843, and strategy 4 lower'
"""

from __future__ import annotations

import re

__all__ = ["myst_math"]

_SYMBOLS = {
    "sigma": "\\sigma", "psi": "\\psi", "pi_Win": "\\pi_{\\mathrm{Win}}", "delta": "\\delta", "infinity": "\\infty",
    "lim": "\\lim", "eps": "\\varepsilon", "->": "\\to", "<=": "\\le", ">=": "\\ge",
}
_SYMBOL = (r"(?:\bP\((?:Win|Loop) -> (?:Win|\{[\d, ]+\})\)|\bP\((?:delta|\d)\)|\bE_\d\(x\)|\bc_\d\b|\bsigma\b|\bpsi\b"
           r"|\bpi_Win\b|\beps(?:\^-?\d+)?\b|\bdelta\b|\binfinity\b|\blim\b|\bp\b)")
_GLUE = r"(?:\d+(?:\.\d+)?(?:e-\d+)?\b|->|<=|>=|[-+*/=<>()]|\s)"
_LEAD = r"(?:(?<![\w.])[(\d][\d./()+\- ]*?)?"  # a coefficient or an opening bracket before the first symbol
_RUN = re.compile(rf"{_LEAD}{_SYMBOL}(?:{_GLUE}*{_SYMBOL})*(?:{_GLUE}*(?:\d+(?:\.\d+)?(?:e-\d+)?\b|\)))?")
_ATOM = re.compile(r"P\((Win|Loop) -> (Win|\{[\d, ]+\})\)|pi_Win|E_(\d)\(x\)|c_(\d)|eps\^(-?\d+)|\d+e-(\d+)|->|<=|>=|"
                   r"sigma|psi|delta|infinity|lim|eps")


def _latex(run: str) -> str:
    def atom(m: re.Match) -> str:
        text = m.group(0)
        if m.group(1):
            to = m.group(2)
            target = "\\" + to[:-1] + "\\}" if to.startswith("{") else "\\mathrm{" + to + "}"
            return "P(\\mathrm{" + m.group(1) + "} \\to " + target + ")"
        if m.group(3):
            return f"E_{m.group(3)}(x)"
        if m.group(4):
            return f"c_{m.group(4)}"
        if m.group(5):
            return f"\\varepsilon^{{{m.group(5)}}}"
        if m.group(6):
            return f"10^{{-{m.group(6)}}}"
        return _SYMBOLS[text]

    out = _ATOM.sub(atom, run.strip())
    out = re.sub(r"(\d) (\\varepsilon)", r"\1\\, \2", out)  # a coefficient and its power of eps
    return out


def _balanced(run: str) -> str:
    """Drop unmatched closing brackets at the end of a run (they belong to the prose)."""
    while run.endswith(")") and run.count(")") > run.count("("):
        run = run[:-1]
    return run


def myst_math(text: str) -> str:
    """``text`` with each ASCII formula in ``$...$`` (MyST's dollar math), the prose around it untouched."""
    out, i = "", 0
    for m in _RUN.finditer(text):
        run = _balanced(m.group(0).rstrip())
        if run.count("(") != run.count(")"):
            continue
        out += text[i:m.start()] + f"${_latex(run)}$"
        i = m.start() + len(run)
    return out + text[i:]
