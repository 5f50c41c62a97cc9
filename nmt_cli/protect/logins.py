"""A person's name on a service, as a line quotes it (spans.py): a model reads its parts as
words and changes them, so each passes through as one span.

    handle      ``@name``, ``@jean-pierre.martin``, a fediverse account's server with it:
                ``@nom@mastodon.social``
    login       a user name written as two runs of small ASCII letters joined by a dot, no
                space: ``jean.dupont``, ``j.dupont``, ``prenom.nom`` (fr-en wrote ``(p. ex.
                jean.dupont)`` "(for example, girlfriend)", ``l'utilisateur jean.dupont`` "the
                girl user"). No sentence ends at such a dot: the next would start after a space,
                with a capital. Not an abbreviation (``p.ex.``, ``e.g.``: its second run is
                shorter than three letters), nor a call (``a.ln(x)``: code.py), nor a name of
                more parts (``os.path.join``: qualified), nor an address's
                (``jean.dupont@exemple.org``)
"""

from __future__ import annotations

# @a.b, @élodie, @Marie-Claire, a fediverse account's server: @nom@mastodon.social
HANDLE = r"(?<![\w@.])@\w(?:[\w.-]{0,38}\w)?(?:@\w+(?:[.-]\w+)*\.[a-z]{2,})?(?!\w)"
_RUN = r"[a-z]+(?:-[a-z]+)*"  # jean, jean-pierre
# a surname of three letters or more: not an abbreviation's letters (p.ex., e.g., i.e.)
LOGIN = rf"(?<![\w.@/-]){_RUN}\.(?=[a-z]{{3}}){_RUN}(?![\w(@-]|\.\w)"

# (kind, pattern, what a line must hold for it), spans.py's (one a kind)
PATTERNS = (
    ("handle", HANDLE, "@"),
    ("login", LOGIN, r"[a-z]\.[a-z]"),
)
