"""Facts written in French prose that are names or code, found as spans of their own
(spans.py): a street address, a setting, a function call, a short number, a product."""

from __future__ import annotations

import pytest

from nmt_cli.protect.spans import SpanFinder

FRENCH = SpanFinder(language="fr")


def spans(line: str) -> list[tuple[str, str]]:
    return [(s.kind, s.text) for s in FRENCH.find(line)]


@pytest.mark.parametrize(
    "line, address",
    [
        ("Rendez-vous au 12 rue de la Paix, 75002 Paris.", "12 rue de la Paix"),
        ("Il habite 5, avenue des Champs-Élysées.", "5, avenue des Champs-Élysées"),
        ("Au 10 place de l'Hôtel de Ville à Lyon.", "10 place de l'Hôtel de Ville"),
        ("Livrez au 3 bis bd Voltaire.", "3 bis bd Voltaire"),
        ("Écrivez au 7 Rue du Faubourg Saint-Honoré.", "7 Rue du Faubourg Saint-Honoré"),
    ],
)
def test_a_french_street_address_is_a_name_kept_whole(line, address):
    """fr-en wrote "12 rue de la Paix" as "12 laughing of Paix"."""
    assert ("address", address) in spans(line)


@pytest.mark.parametrize(
    "line",
    [
        "Il suit les 5 cours de Français du lycée.",  # lessons, counted
        "Il reste 12 places de Parking.",
        "Avant 70 av. J.-C., la ville était grecque.",  # avant, not avenue
        "Au 12 rue de la paix, sans capitale.",
    ],
)
def test_what_is_no_street_address_is_not_one(line):
    assert all(kind != "address" for kind, _ in spans(line))
