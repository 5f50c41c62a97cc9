"""First names a translation lost where the source surely holds a person's first name.

A first name the model knows as a word too is translated or dropped: fr-en wrote ``Merci Jean, à
demain.`` "Thank you for tomorrow.", ``François est arrivé.`` "French arrived." (swapped.py puts
back only a misspelt name or one swapped for another first name). Where the source surely
addresses or names a person, a name of the model's first-names.txt (``first_names``) that the
translation lacks as written is passed through as a protected span in a second search
(names.py ``kept_names``, ``kept_spans``): ``Merci Jean, à demain.`` "Thanks Jean, at
tomorrow.". Surely a person's is a first name

- after a greeting (:data:`GREETINGS`) and before a punctuation mark or the end of the line:
  ``Merci Jean, ...``, ``Bonjour Marie !``;
- after a comma and before the end of its sentence: ``Merci beaucoup, Jean !``;
- starting a sentence before a verb or a pronoun that stands before one (:data:`VERBS`),
  unless it is a pronoun, a determiner or a verb (:data:`NO_SUBJECTS`: ``Il est``, ``Tel est
  le cas``, ``Lis l'article``): ``François est arrivé.``, ``Claire s'en va.``, ``Pierre a
  mangé une pomme.`` (a common noun starts a sentence after its article: "Pierre" is no stone
  there, though the model knows "pierre" and wrote "Paper ate an apple."); or before ``et``
  and another first name: ``Pierre et Marie sont arrivés.`` (fr-en: "Paper and Marie").

Elsewhere the table's words are often no person's (``Agence``, ``Europe``, a sentence's
``Grâce à``), and the model's translation stays.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from nmt_cli.protect.names import is_name

GREETINGS = ("Merci", "Bonjour", "Bonsoir", "Salut", "Coucou", "Bravo", "Bienvenue", "Adieu")
# what follows a sentence's subject: a verb's common forms, a pronoun or negation before a verb
VERBS = (
    "est", "a", "était", "avait", "sera", "aura", "va", "vient", "fait", "dit", "peut", "doit",
    "veut", "sait", "ne", "se", "lui", "leur", "y", "en", "n['’]", "s['’]", "l['’]", "m['’]",
    "t['’]",
)  # fmt: skip
# first names of the tables that start a sentence before a verb as no person's name: pronouns,
# determiners, an imperative
NO_SUBJECTS = frozenset(
    "Il Ils Elle Elles On Tu Nous Vous Ce Cela Ceci Ça Tout Toute Tous Rien Personne Chacun "
    "Aucun Nul Tel Telle Ma Ta Sa Mon Ton Son Lis Dis Fais Va Vois Sois".split()
)
_NAME = r"([^\W\d_a-zß-ÿ][^\W\d_]+(?:-[^\W\d_a-zß-ÿ][^\W\d_]+)*)"
_GREETING = "|".join(GREETINGS)
_VERB = "|".join(VERBS)
_SURE = re.compile(
    rf"(?:\b(?i:{_GREETING}),?\s+{_NAME}(?=\s*(?:[,.;:!?…]|$)))"
    rf"|(?:,\s+{_NAME}(?=\s*[.!?…]))"
    rf"|(?:(?:^|(?<=[.!?…]\s))[«“\"(]?\s*{_NAME}\s+(?=(?:{_VERB})\b|et\s+{_NAME}\b))"
)
_SUBJECT = 3  # the group of a name starting a sentence


def sure_first_names(
    source: str, first_names: Collection[str]
) -> list[tuple[int, int, str]]:
    """(start, end, name) of each first name of ``first_names`` that ``source`` surely holds as a
    person's (module docstring), in order; one starting a sentence only where it is none of
    :data:`NO_SUBJECTS` (``Il est``)."""
    found = []
    for m in _SURE.finditer(source):
        at = next(i for i, g in enumerate(m.groups(), 1) if g)
        name, start = m.group(at), m.start(at)
        partner = m.group(_SUBJECT + 1)  # Pierre et Marie: a first name too, or no person's
        if at == _SUBJECT and (name in NO_SUBJECTS or partner and partner not in first_names):
            continue
        if name in first_names and is_name(name):
            found.append((start, start + len(name), name))
    return found
