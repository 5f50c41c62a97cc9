"""A CSS framework's class names, as a page's markup lists them: ``btn btn-primary``,
``fa-solid fa-house``, ``col-md-6 text-center`` (kind ``css``, spans.py). The model read them
as words: fr-en wrote ``Ajoutez la classe btn btn-primary au bouton.`` "Add the btom btach clas
to the button.", ``fa-solid fa-house`` "faolidate spreadsheets".

A class name here is a word in small ASCII letters and digits that starts with a prefix of
Bootstrap's, Font Awesome's or Tailwind's (:data:`PREFIXES`) and a hyphen (``btn-primary``,
``fa-house``, ``bg-blue-500``), or one of their spacing and display classes (``mt-3``, ``p-0``,
``d-none``, ``w-100``); a run of them is one span, with the base classes a run holds
(``btn``, ``fa``, ``row``: :data:`BASES`) beside them. No French word is one: French writes no
such prefix before a hyphen (``peut-être``, ``celle-ci``, ``c'est-à-dire`` stay words; so
``table-ronde``: ``table`` is no prefix here), nor a verb before its subject (``font-ils``).
"""

from __future__ import annotations

PREFIXES = (
    "btn", "fa", "col", "row", "text", "bg", "border", "rounded", "shadow", "flex", "justify",
    "align", "alert", "badge", "card", "nav", "navbar", "form", "list", "dropdown",
    "modal", "container", "icon", "grid", "gap", "font", "display", "is", "has",
)  # fmt: skip
# a class alone that a run of them may hold: Bootstrap's and Font Awesome's bases
BASES = ("btn", "fa", "fas", "far", "fab", "row", "container", "navbar", "card", "alert")
# a French verb's subject after it, its hyphen: ``font-ils``, ``va-t-on`` (no class name)
_INVERTED = r"(?!(?:-t)?-(?:ils?|elles?|on|je|tu|nous|vous|ce)\b)"
_PREFIXED = rf"(?:{'|'.join(PREFIXES)}){_INVERTED}(?:-[a-z0-9]+)+"
_SPACING = r"(?:[mp][tbsexy]?|[dwh])-(?:\d+|auto|none|block|flex|inline|grid)"
_CLASS = rf"(?:{_PREFIXED}|{_SPACING})"
_BASE = rf"(?:{'|'.join(BASES)})"
PATTERN = rf"(?<![\w'’-])(?:{_BASE} )*{_CLASS}(?: (?:{_CLASS}|{_BASE}))*(?![\w'’-])"
NEEDS = rf"(?<![\w-])(?:{'|'.join(PREFIXES)}|[mp][tbsexy]?|[dwh])-[a-z0-9]"
