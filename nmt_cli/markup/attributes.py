"""An HTML start tag's attributes, read from the tag as written, and what its ``translate``
attribute says: whether the element's text is translated.

The HTML standard's ``translate`` attribute is inherited: an element with ``translate="no"``
and all it holds are left as written, unless an element inside says ``translate="yes"`` (or
``translate=""``); any other value says nothing and the parent's state holds. An element whose
``class`` holds ``notranslate`` (the convention Google Translate and Firefox Translations
honour) is not translated either. fr-en was given ``<p translate="no">Ne pas traduire ce
texte.</p>`` and wrote "Don't translate this text.", and ``<p class="notranslate">Nom de la
marque</p>`` came out as "Book name".

An element's ``lang`` (HTML's, read where the page's source language is known) says the same:
one in another language than the source's is not translated (translated as the source
language, ``<q lang="en">Hello world</q>`` came back "New Hello"), unless its ``translate``
says otherwise.

Each attribute keeps where its value is written in the tag (``span``, quotes left out) and
its quote, so that a value can be written back in place with the rest of the tag as it was.
Only HTML is read so: an XML page's attributes are data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from html import unescape

from nmt_cli.markup.tree import Element

_NAME = re.compile(r"<\s*[^\s/>]*")
_ATTRIBUTE = re.compile(r"""[\s/]*([^\s/>=][^\s/>=]*)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]*))?""")


@dataclass(frozen=True)
class Attribute:
    """``name`` in lower case; ``value`` with its entities read (``""``: none written);
    ``span``: where the value is written in the tag, inside its quotes; ``quote``: ``"``,
    ``'`` or none."""

    name: str
    value: str
    span: tuple[int, int]
    quote: str


@lru_cache(maxsize=4096)
def read_attributes(tag: str) -> tuple[Attribute, ...]:
    """The attributes of start tag ``tag`` (as written), in order; of a name written twice,
    the first (as browsers read it)."""
    out: list[Attribute] = []
    names: set[str] = set()
    pos = name.end() if (name := _NAME.match(tag)) else 0
    while (m := _ATTRIBUTE.match(tag, pos)) and m.end() > pos:
        pos = m.end()
        name = m[1].lower()
        if name in names:
            continue
        names.add(name)
        raw = m[2] or ""
        quote = raw[:1] if raw[:1] in ("'", '"') else ""
        start = m.start(2) + len(quote) if m[2] is not None else m.end()
        stop = m.end(2) - len(quote) if m[2] is not None else m.end()
        out.append(Attribute(name, unescape(tag[start:stop]), (start, stop), quote))
    return tuple(out)


def attribute(element: Element, name: str) -> str | None:
    """The value of ``element``'s attribute ``name`` (lower case), None if it has none."""
    return next((a.value for a in read_attributes(element.open) if a.name == name), None)


def translated(element: Element, inherited: bool, source: str | None = None) -> bool:
    """Whether ``element``'s text is translated, within a parent whose is (``inherited``):
    not with ``class="notranslate"``; else as its ``translate`` says, if yes, no or empty;
    else, given the page's ``source`` language, as its ``lang`` says: not in another language
    (an English quotation, ``lang="en"``, in a French page), yes in the source's."""
    if "notranslate" in (attribute(element, "class") or "").split():
        return False
    said = attribute(element, "translate")
    if said is not None and said.strip().lower() in ("yes", "", "no"):
        return said.strip().lower() != "no"
    lang = primary(attribute(element, "lang") or attribute(element, "xml:lang") or "")
    return inherited if not (source and lang) else lang == primary(source)


def primary(language: str) -> str:
    """``fr`` of ``fr``, ``fr-CA``, ``fr_CA``."""
    return re.split(r"[-_]", language.strip())[0].lower()
