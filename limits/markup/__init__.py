"""Text formats: HTML tables and the report's document model (Markdown and HTML).

May import: :mod:`limits.errors` and :mod:`limits.exact`.
"""
