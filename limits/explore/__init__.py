"""The explorer: one self-contained page (and a Jupyter widget) where p slides and the game changes.

``fragment`` (the view as text: exact values of p, the slider's grids, the
URL fragment), ``mathml`` (series as MathML), ``views`` (each end's limit:
expansions, law, the board coloured by the limit game), ``data`` (all the
page's data, computed exactly once), ``page`` (the HTML page, its script and
style inlined) and ``widget`` (the same explorer as an anywidget, the
``widget`` extra).

May import: :mod:`limits.display`, :mod:`limits.limit` and the layers below.
"""
