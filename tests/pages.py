"""What the tests ask of a page that must stand alone: every reference it makes to something outside it."""

import re

_NAMESPACES = ("http://www.w3.org/2000/svg", "http://www.w3.org/1998/Math/MathML")
_ATTRIBUTE = re.compile(r"""\b(src|href|action|poster|srcset|xlink:href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))""",
                        re.I)
_URL = re.compile(r"""url\(\s*["']?([^)"']*)""", re.I)


def external_references(page: str) -> list[str]:
    """Every reference in ``page`` to something outside it (empty for a self-contained page).

    An attribute ``src``, ``href`` (and the like) or a CSS ``url(...)`` must
    point inside the page (``#...``) or hold its data (``data:``); any other
    ``scheme://`` text but the SVG and MathML namespace names counts too.

    Examples
    --------
    >>> external_references('<img src="a.png"><a href="#x">x</a><svg xmlns="http://www.w3.org/2000/svg"/>')
    ['a.png']
    >>> external_references("<style>@import 'x.css'; p { background: url(https://e.org/i.png) }</style>")
    ['@import', 'https://e.org/i.png']
    """
    found = []
    for m in _ATTRIBUTE.finditer(page):
        value = next(g for g in m.groups()[1:] if g is not None).strip()
        several = m.group(1).lower() == "srcset" and not value.startswith("data:")
        targets = [c.split()[0] for c in value.split(",") if c.strip()] if several else [value]
        found += [t for t in targets if t and not t.startswith(("#", "data:"))]
    if "@import" in page:
        found.append("@import")
    for m in _URL.finditer(page):
        target = m.group(1).strip()
        if not target.startswith(("#", "data:")):
            found.append(target)
    for m in re.finditer(r"[a-z][a-z0-9+.-]*://[^\s\"'<>)\\]*", page, re.I):
        if m.group(0) not in _NAMESPACES and m.group(0) not in found:
            found.append(m.group(0))
    return found
