"""Every link ``limits explore`` prints opens its page on the view it names, written as the page writes it.

The class: the command prints ``open FILE#FRAGMENT``, the first view of the
page it wrote. A link that names another view than the page opens on, or
writes a key the page's own script leaves out, is a second spelling of the
same view: a link copied from the page and one the command printed differ.
For every combination of the options that choose the first view (``--delta``
or none, ``--p-to`` 0, 1 or none, ``--p`` or none; ``--at``/``--toward``
with ``--p`` or without, and naming a loaded face's family at either end), the fragment

* reads back (:func:`~limits.explore.fragment.parse_fragment`, what is left
  out read as the page reads it: the end ``to=1``, the linear scale) to the
  state the options name: the face given, the end given (default 1), the
  value given exactly (default 0.99, for a family's eps 0.01);
* is the text the page's script writes for that state (``fragment()`` in
  ``explorer.js``, as docs/explorer.md gives the keys: ``delta=D`` or
  ``family=1``, ``to=0`` only for a loaded face tending to 0, ``p=`` or
  ``eps=`` in the shortest exact text, ``scale=log`` only on the log scale);
* is the view the page opens on (the ``initial`` of the page's data).

Modules: ``limits.cli.explore``, ``limits.explore.fragment``.
"""

import json
import re
from fractions import Fraction
from itertools import product

import pytest

from limits.cli import main
from limits.explore.fragment import parse_fragment, value_text

BOARD = {"size": 8, "jumps": [[2, 6], [7, 3]]}
"""A board of a moment, with a ladder and a chute."""
FACES = 2

VALUES = {None: Fraction(99, 100), "1-1e-9": 1 - Fraction(1, 10**9), "1/3": Fraction(1, 3), "0": Fraction(0),
          "1": Fraction(1)}
"""``--p`` as typed (None: not given) and the value it names (the documented default 0.99 when not given)."""
FAMILY_VALUES = {None: Fraction(1, 100), "1e-9": Fraction(1, 10**9), "1/3": Fraction(1, 3)}
"""``--p`` with ``--at``: eps (the documented default 0.01 when not given)."""
FAMILY = ["--at", "0,1", "--toward", "1/2,1/2"]


def page_writes(state: dict) -> str:
    """The fragment the page's script writes for ``state`` (explorer.js, ``fragment()``)."""
    if state.get("family"):
        parts = ["family=1", f"eps={value_text(state['eps'])}"]
    else:
        parts = [f"delta={state['delta']}"] + (["to=0"] if state["to"] == 0 else []) + [f"p={value_text(state['p'])}"]
    return "&".join(parts + (["scale=log"] if state["scale"] == "log" else []))


def _explore(tmp_path, capsys, options):
    board = tmp_path / "board.json"
    board.write_text(json.dumps(BOARD), encoding="utf-8")
    out = tmp_path / "page.html"
    faces = [] if "--at" in options else ["--faces", str(FACES)]
    assert main(["explore", "-o", str(out), "--board", str(board), *faces, *options]) == 0
    said = capsys.readouterr().out.splitlines()[-1]
    assert said.startswith(f"open {out}#"), said
    page = out.read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script type="application/json" id="explorer-data">(.*?)</script>', page,
                                re.S).group(1))
    return said.partition("#")[2], data["initial"]


def _check(fragment, initial, state):
    defaults = {"scale": "lin"} if state.get("family") else {"to": 1, "scale": "lin"}
    assert {**defaults, **parse_fragment(fragment)} == state, fragment
    assert fragment == page_writes(state)
    if state.get("family"):
        assert initial["family"] == "family" and Fraction(initial["value"]) == state["eps"]
    else:
        assert (initial["family"], initial["to"], Fraction(initial["value"])) == (f"d{state['delta']}", state["to"],
                                                                               state["p"])


@pytest.mark.parametrize("delta, p_to", list(product([None, "1"], [None, "0", "1"])))
def test_every_link_of_a_loaded_face_names_the_view_the_page_opens_on(tmp_path, capsys, delta, p_to):
    for p, value in VALUES.items():
        options = [*(["--delta", delta] if delta else []), *(["--p-to", p_to] if p_to else []),
                   *(["--p", p] if p else [])]
        fragment, initial = _explore(tmp_path, capsys, options)
        face = int(delta) if delta else int(initial["family"][1:])  # no --delta: the page's own first face
        assert 1 <= face <= FACES
        _check(fragment, initial, {"delta": face, "to": int(p_to or 1), "p": value, "scale": "lin"})


def test_every_link_of_a_family_names_the_view_the_page_opens_on(tmp_path, capsys):
    for p, value in FAMILY_VALUES.items():
        fragment, initial = _explore(tmp_path, capsys, [*FAMILY, *(["--p", p] if p else [])])
        _check(fragment, initial, {"family": True, "eps": value, "scale": "lin"})


@pytest.mark.parametrize("at, toward, to", [("0,0,1", "1/2,1/2,0", 1), ("1/2,1/2,0", "0,0,1", 0)],
                         ids=["P(3) -> 1", "P(3) -> 0"])
def test_a_family_that_is_a_loaded_face_links_to_that_face_at_its_end(tmp_path, capsys, at, toward, to):
    """``--at``/``--toward`` naming a loaded face's family open the page on that face at the family's end (the
    link once wrote the end of ``--p-to``, which a family does not take)."""
    fragment, initial = _explore(tmp_path, capsys, ["--at", at, "--toward", toward])
    _check(fragment, initial, {"delta": 3, "to": to, "p": VALUES[None], "scale": "lin"})
