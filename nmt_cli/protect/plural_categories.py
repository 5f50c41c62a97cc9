"""CLDR's plural categories by language (Unicode CLDR, "Language Plural Rules"), read from
Babel's copy of CLDR: the quantities an Android ``<plurals>`` gives (documents/localization.py)
and the branches an ICU MessageFormat ``plural`` or ``selectordinal`` message has
(icu_categories.py).

    plural_categories("fr")                 ("one", "many", "other")
    plural_categories("en")                 ("one", "other")
    plural_categories("en", ordinal=True)   ("one", "two", "few", "other")
    plural_categories("ja")                 ("other",)

Babel is optional (the ``documents`` extra): without it, or for a language CLDR gives no rules
for, there are none (None), and the caller keeps the source's categories.
"""

from __future__ import annotations

from typing import Any

# CLDR's categories in CLDR's order; ``other`` is every language's
ORDER = ("zero", "one", "two", "few", "many", "other")


def plural_categories(language: str, ordinal: bool = False) -> tuple[str, ...] | None:
    """The cardinal (``ordinal``: ordinal) plural categories of ``language`` (``fr``,
    ``pt-BR``, ``pt_BR``), in CLDR's order, ``other`` last; None where Babel is not installed
    or CLDR has no such rules for the language."""
    rule = _rule(language, ordinal)
    if rule is None:
        return None
    return tuple(c for c in ORDER if c in rule.tags or c == "other")


def category_of(language: str, number: int, ordinal: bool = False) -> str | None:
    """The category of ``number`` in ``language`` (``category_of("en", 2, ordinal=True)``:
    ``two``); None where its rules are not known (plural_categories)."""
    rule = _rule(language, ordinal)
    return rule(number) if rule is not None else None


def _rule(language: str, ordinal: bool) -> Any:
    """Babel's PluralRule of ``language``, or None (plural_categories)."""
    try:
        from babel import Locale, UnknownLocaleError, localedata
    except ImportError:
        return None
    parts = language.replace("-", "_").split("_")
    try:
        locale = Locale.parse("_".join([parts[0].lower(), *parts[1:]]))
    except (ValueError, TypeError, UnknownLocaleError):
        return None
    key = "ordinal_form" if ordinal else "plural_form"
    rule = getattr(locale, key, None)  # a Babel without ordinal rules has none
    # A locale whose language CLDR gives no rules for inherits the root's, ``other`` alone:
    # that means unknown (Occitan), not a language without plurals (Japanese has its own)
    if rule is None or rule is localedata.load("root").get(key):
        return None
    return rule
