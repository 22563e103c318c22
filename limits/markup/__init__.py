"""Text formats: computed quantities as JSON objects, LaTeX, HTML tables and the report's document model.

May import: :mod:`limits.errors` and :mod:`limits.exact`.
"""
