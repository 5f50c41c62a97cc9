"""The language tag a translated run is marked with: the target language with a region, as a word
processor writes its own (``en-US``), never bare (``en``): Word and LibreOffice pick a spelling
dictionary by region, and Word finds none for ``en``.

A source region that is also one of the target language's keeps (a ``fr-CA`` run becomes
``en-CA``, a ``fr-CH`` one ``de-CH``); any other, or none, gives the target's most common region
(``fr-FR`` becomes ``en-US``). A target that names its region (``en-GB``) is written as it is,
and so is a language this table does not know.
"""

from __future__ import annotations

# Each language's regions (where an office program has a dictionary for it), most common first
REGIONS: dict[str, tuple[str, ...]] = {
    "en": ("US", "GB", "CA", "AU", "NZ", "IE", "ZA", "IN", "SG", "PH", "JM", "BZ", "TT", "ZW"),
    "fr": ("FR", "CA", "BE", "CH", "LU", "MC"),
    "de": ("DE", "AT", "CH", "LU", "LI"),
    "es": ("ES", "MX", "AR", "CO", "CL", "PE", "VE", "US", "EC", "GT", "CU", "BO", "UY", "PY"),
    "it": ("IT", "CH"),
    "pt": ("BR", "PT"),
    "nl": ("NL", "BE"),
    "sv": ("SE", "FI"),
    "da": ("DK",),
    "fi": ("FI",),
    "pl": ("PL",),
    "cs": ("CZ",),
    "ru": ("RU",),
    "ja": ("JP",),
    "zh": ("CN", "TW", "HK", "SG", "MO"),
}


def language_of(tag: str | None) -> str:
    """The language of a language tag, without its region (``fr-CA``, ``fr_CA``: fr)."""
    return (tag or "").replace("_", "-").split("-")[0].lower()


def region_of(tag: str | None) -> str:
    """The region of a language tag (``fr-CA``, ``fr_CA``: CA; ``fr``, None: "")."""
    subtags = (tag or "").replace("_", "-").split("-")[1:]
    return next((s.upper() for s in subtags if len(s) == 2 and s.isalpha()), "")


def regional(target: str, source: str | None) -> str:
    """``target`` (the model's target language) with a region, for a run written in ``source``
    (its tag in the document, None: none): ``regional("en", "fr-CA")`` is ``en-CA``."""
    language = language_of(target)
    if region_of(target) or language not in REGIONS:
        return target
    region = region_of(source)
    return f"{language}-{region if region in REGIONS[language] else REGIONS[language][0]}"
