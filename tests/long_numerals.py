"""Numerals a person reads in an HTML page: the longest of each paragraph and table cell, outside ``<details>``."""

import re
from html.parser import HTMLParser

__all__ = ["longest_numerals"]

_NUMERAL = re.compile(r"\d+(?:/\d+)?")


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__()
        self.open: list[tuple[str, list[str]]] = []  # the paragraphs, cells and items being read, with their text
        self.details = 0
        self.found: list[tuple[str, int, str]] = []

    def handle_starttag(self, tag, attrs):
        if tag == "details":
            self.details += 1
        elif tag in ("p", "td", "th", "li"):
            self.open.append((tag, []))

    def handle_endtag(self, tag):
        if tag == "details":
            self.details -= 1
        elif tag in ("p", "td", "th", "li") and self.open and self.open[-1][0] == tag:
            kind, parts = self.open.pop()
            text = "".join(parts)
            numerals = _NUMERAL.findall(text) or [""]
            longest = max(numerals, key=lambda n: sum(c.isdigit() for c in n))
            self.found.append((kind, sum(c.isdigit() for c in longest), text))

    def handle_data(self, data):
        if self.open and not self.details:
            self.open[-1][1].append(data)


def longest_numerals(page: str) -> list[tuple[str, int, str]]:
    """``(tag, digits, text)`` for every paragraph, cell and item: the digits of its longest numeral (a whole
    number or a fraction ``a/b``, ``<wbr>`` break chances ignored) outside any ``<details>``."""
    reader = _Reader()
    reader.feed(page)
    return reader.found
