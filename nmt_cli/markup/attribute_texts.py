"""The attributes of an HTML page whose values are text a reader reads, translated as texts of
their own and written back into their tags.

Which (as Firefox Translations translates them): ``title``, ``alt``, ``placeholder``,
``aria-label`` and ``aria-description`` of any element; ``label`` of ``<option>``,
``<optgroup>`` and ``<track>``; ``abbr`` of ``<th>``; ``value`` of an ``<input>`` whose type is
button, submit or reset; ``content`` of a ``<meta>`` whose ``name`` or ``property`` is
description, og:title, og:description, twitter:title or twitter:description, or the alt text
of the image a link to the page is shared with (og:image:alt, twitter:image:alt). Not one of an
element not translated (``translate="no"``: attributes.py), nor of a verbatim one or what it
holds (elements.VERBATIM), nor a value that holds no letter. fr-en's page came out with
``alt="Un chat noir sur le canapé"``, ``placeholder="Votre adresse e-mail"`` and its
description as written, in French.

The model reads a value with its entities read and each run of white space one space; a
translation is written back in the value's place, between the white space it had at its ends,
in its quotes (an unquoted value in double quotes), ``&`` and its quote escaped. A translation
that is the text given is not written: the tag stays as it was, byte for byte. Only HTML pages
are read so: an XML page's attributes are data, a line's (``--markup``) are kept as written.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from nmt_cli.markup.attributes import Attribute, attribute, read_attributes, translated
from nmt_cli.markup.elements import VERBATIM
from nmt_cli.markup.line_breaks import rewrapped
from nmt_cli.markup.tree import Element

ANY_ELEMENT = frozenset(("title", "alt", "placeholder", "aria-label", "aria-description"))
ON_ELEMENTS = {"label": frozenset(("option", "optgroup", "track")), "abbr": frozenset(("th",))}
BUTTONS = frozenset(("button", "submit", "reset"))  # an <input>'s types whose value is read
META = frozenset(
    ("description", "og:title", "og:description", "twitter:title", "twitter:description")
    + ("og:image:alt", "twitter:image:alt")  # a shared image's alt text
)
_ESCAPES = {'"': {"&": "&amp;", '"': "&quot;"}, "'": {"&": "&amp;", "'": "&#39;"}}


@dataclass(frozen=True)
class AttributeText:
    """An attribute of ``element`` whose value is text; ``text``: what the model reads."""

    element: Element
    attribute: Attribute

    @property
    def text(self) -> str:
        return " ".join(self.attribute.value.split())


def attribute_texts(root: Element, source: str | None = None) -> list[AttributeText]:
    """The attributes under ``root`` whose values are text to translate, in the page's order
    (``source``: the page's language, as attributes.translated reads it)."""
    out: list[AttributeText] = []

    def walk(element: Element, translating: bool) -> None:
        for child in element.children:
            if isinstance(child, Element) and child.key not in VERBATIM:
                here = translated(child, translating, source)
                if here:
                    out.extend(AttributeText(child, a) for a in text_attributes(child))
                walk(child, here)

    walk(root, True)
    return out


def text_attributes(element: Element) -> list[Attribute]:
    key = element.key
    kind = (attribute(element, "type") or "").strip().lower()
    meta = (attribute(element, "name") or attribute(element, "property") or "").strip().lower()
    return [
        a
        for a in read_attributes(element.open)
        if any(c.isalpha() for c in a.value)
        and (
            a.name in ANY_ELEMENT
            or key in ON_ELEMENTS.get(a.name, ())
            or (key, a.name) == ("input", "value")
            and kind in BUTTONS
            or (key, a.name) == ("meta", "content")
            and meta in META
        )
    ]


@contextmanager
def written_back(found: Sequence[AttributeText], translations: Sequence[str]) -> Iterator[None]:
    """Within it, the tags of the ``found`` attributes' elements with their ``translations``
    (in order) in place of their values; as they were after."""
    changes: dict[int, list[tuple[Attribute, str]]] = {}
    elements: dict[int, Element] = {}
    for each, translation in zip(found, translations):
        if translation.strip() and translation != each.text:
            said = rewrapped(each.attribute.value, translation)  # its lines as many
            changes.setdefault(id(each.element), []).append((each.attribute, said))
            elements[id(each.element)] = each.element
    kept = {k: element.open for k, element in elements.items()}
    try:
        for k, element in elements.items():
            element.open = with_values(element.open, changes[k])
        yield
    finally:
        for k, element in elements.items():
            element.open = kept[k]


def with_values(tag: str, changes: list[tuple[Attribute, str]]) -> str:
    """``tag`` with each attribute's value the text given, escaped for its quotes."""
    for a, text in sorted(changes, key=lambda change: -change[0].span[0]):
        value = a.value
        text = value[: len(value) - len(value.lstrip())] + text + value[len(value.rstrip()) :]
        quote = a.quote or '"'
        written = "".join(_ESCAPES[quote].get(c, c) for c in text)
        start, stop = a.span
        if not a.quote:
            written = f'"{written}"'
        tag = tag[:start] + written + tag[stop:]
    return tag
