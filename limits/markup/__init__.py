"""Text formats: the one JSON encoder of computed quantities, prose with inline mathematics, and the one document model.

``quantities`` (values as the JSON every command prints, by ``to_json``),
``prose`` (text with ``$...$`` mathematics as plain text, LaTeX, MathJax and
HTML), ``latex`` (exact numbers and polynomials as LaTeX that breaks),
``document`` (the document model: blocks rendered as text, Markdown, HTML,
LaTeX and MathJax), ``jupyter`` (values as text and the HTML
summaries Jupyter shows) and ``svg``.

May import: :mod:`limits.errors`, :mod:`limits.checks` and :mod:`limits.exact`.
"""
