"""References of trades outside software, quoted in French prose, pass through as written
(protect/references.py): a media type, a currency pair, a code's article, a page or a volume
cited, a race's time; and words of prose that look like one are no span."""

from __future__ import annotations

import pytest
from conftest import translated_lines

from nmt_cli.protect.spans import SpanFinder

FRENCH = SpanFinder(language="fr")


def spans(line: str) -> list[tuple[str, str]]:
    return [(s.kind, s.text) for s in FRENCH.find(line)]


# A line, and the facts its translation must hold as written
KEPT = {
    "Le type MIME doit être application/json.": ["application/json"],
    "Le fichier doit être au format image/png ou image/jpeg.": ["image/png", "image/jpeg"],
    "L'EUR/USD s'échange à 1,0850 ce matin.": ["EUR/USD", "1.0850"],
    "Conformément à l'art. L. 121-1 du Code de la consommation.": ["L. 121-1"],
    "Voir p. 12-15 du vol. 3, n° 2 de la revue.": ["p. 12-15", "vol. 3"],
    "Citation : Martin et al., 2020, p. 45.": ["p. 45"],
    'Il termine 3e du 100 m en 9"95.': ['9"95'],
}


@pytest.fixture(scope="module")
def translations(run_cli) -> dict[str, str]:
    return dict(zip(KEPT, translated_lines(run_cli, list(KEPT))))


@pytest.mark.parametrize("line", KEPT)
def test_a_reference_comes_out_of_the_default_model_as_written(translations, line):
    for fact in KEPT[line]:
        assert translations[line].count(fact) == 1, translations[line]


@pytest.mark.parametrize(
    "line, mime",
    [
        ("Ajoutez l'en-tête Accept: application/json à la requête.", "application/json"),
        ("Le header Content-Type: text/html; charset=utf-8 manque.", "text/html"),
        ("Envoyez-le en multipart/form-data.", "multipart/form-data"),
        ("Une icône image/svg+xml ou image/*.", "image/svg+xml"),
        ("Un classeur application/vnd.ms-excel.", "application/vnd.ms-excel"),
    ],
)
def test_a_media_type_is_one_span(line, mime):
    """fr-en wrote application/json "applied/json", image/jpeg "image/ppeg"."""
    assert ("mime", mime) in spans(line)


@pytest.mark.parametrize(
    "line",
    ["Une bonne qualité image/son.", "Le matériel audio/video est prêt.", "Le texte/image."],
)
def test_two_words_joined_by_a_slash_are_no_media_type(line):
    assert spans(line) == []


@pytest.mark.parametrize(
    "line, pair",
    [
        ("L'EUR/USD s'échange à 1,0850 ce matin.", "EUR/USD"),
        ("Le BTC/EUR recule, le GBP/JPY aussi.", "BTC/EUR"),
    ],
)
def test_a_currency_pair_is_one_span(line, pair):
    """fr-en wrote "L'EUR/USD" as "The UR/USDA"."""
    assert ("pair", pair) in spans(line)


def test_a_group_of_capitals_is_no_currency_pair():
    assert spans("Au nom du groupe GUE/NGL et du Conseil ECO/FIN.") == []


@pytest.mark.parametrize(
    "line, article",
    [
        ("Conformément à l'art. L. 121-1 du Code de la consommation.", "L. 121-1"),
        ("En application de l'article R 4127-1 du code de la santé.", "R 4127-1"),
        ("Voir les articles L.3121-27 et D. 3121-5.", "L.3121-27"),
        ("Voir les articles L.3121-27 et D. 3121-5.", "D. 3121-5"),
        ("Selon l'article A. 2 de l'annexe.", "A. 2"),
    ],
)
def test_a_codes_article_is_one_span_with_its_parts_letter(line, article):
    """fr-en wrote "art. L. 121-1" as "art. Line. 121-1"."""
    assert ("article", article) in spans(line)


@pytest.mark.parametrize(
    "line",
    [
        "Il a pris la D 906 puis l'A 7.",
        "M. Dupont et A. Martin arrivent.",
        "L. 12 ans.",
        "Réponses : A. 12-15 ans",  # a list's answers, ranges of ages
        "Votre âge ? C. 26-35 ans D. 36-45 ans",
    ],
)
def test_an_initial_a_road_or_a_lists_answer_is_no_article(line):
    assert not [kind for kind, _ in spans(line) if kind == "article"]


@pytest.mark.parametrize(
    "line, cited",
    [
        ("Voir p. 12-15 du vol. 3, n° 2 de la revue.", ["p. 12-15", "vol. 3"]),
        ("Revue française, vol. 12, no 4, p. 233.", ["vol. 12", "p. 233"]),
        ("Voir Dupont (2019), pp. 45-67 et fig. 2.", ["pp. 45-67", "fig. 2"]),
    ],
)
def test_a_page_or_a_volume_cited_is_one_span(line, cited):
    """fr-en wrote "p. 45" as "% 45", "vol. 12" as "volume. 12"."""
    assert [text for kind, text in spans(line) if kind == "citation"] == cited


@pytest.mark.parametrize(
    "line",
    [
        "Le chômage atteint 9 p. 100 au Québec.",
        "Dix p. 100 seulement des électeurs.",
        "Il a raté son vol. 3 heures plus tard, il repartait.",
    ],
)
def test_a_canadian_per_cent_or_a_flight_is_no_citation(line):
    assert not [kind for kind, _ in spans(line) if kind == "citation"]


@pytest.mark.parametrize(
    "line, times",
    [
        ('Il termine 3e du 100 m en 9"95.', ['9"95']),
        ("Elle gagne en 1'43\"21, devant Dupont en 1'44\"02.", ["1'43\"21", "1'44\"02"]),
        ('Il a dit "12"34 fois.', []),  # a quotation's closing mark
        # a match's minute, its added time with it
        ("Le PSG gagne 2-1 (but de Mbappé à la 12').", ["12'"]),
        ("Égalisation à la 45'+2, puis but à la 90’.", ["45'+2", "90’"]),
        ("Il mesure 5'10\".", []),  # feet and inches
        ("Il a répété '12' fois, l'an 12.", []),  # a quotation's marks, an apostrophe
        ('Un écran de 15"6 pour 499 €, ou de 13"3.', []),  # a screen's inches
        ("Il gagne en 1'43\"2.", ["1'43\"2"]),  # tenths after minutes
    ],
)
def test_a_races_time_is_one_span_with_its_seconds_mark(line, times):
    """fr-en wrote 9"95 as "9 “95", the seconds' mark curled as a quotation's."""
    assert [text for kind, text in spans(line) if kind == "chrono"] == times


@pytest.mark.parametrize(
    "line, rates",
    [
        ("L'API est limitée à 100 requêtes/min.", ["/min"]),
        ("La caméra filme à 60 images/s en 4K.", ["/s"]),
        ("des vitesses pouvant atteindre 100 mégabits/s, ce qui", ["/s"]),
        ("Cochez oui/non et/ou annulez.", []),  # words, no number before
        ("Il roule à 90 km/h.", []),  # a measure's unit
    ],
)
def test_a_counts_time_after_its_slash_is_one_span(line, rates):
    """fr-en wrote "100 requêtes/min" as "100 query/mine"."""
    assert [text for kind, text in spans(line) if kind == "per"] == rates


@pytest.mark.parametrize(
    "line, tickers",
    [
        ("Le titre LVMH (MC.PA) cède 2,1 %.", ["MC.PA"]),
        ("Apple (AAPL.O) et Berkshire (BRK.B) montent.", ["AAPL.O", "BRK.B"]),
        ("La société (S.A.) est cotée.", []),  # an abbreviation's letters
        ("Voir le fichier (README.md) joint.", []),
    ],
)
def test_a_stock_ticker_in_brackets_is_one_span(line, tickers):
    """fr-en wrote "LVMH (MC.PA)" as "LVMH (UPA)"."""
    assert [text for kind, text in spans(line) if kind == "ticker"] == tickers
