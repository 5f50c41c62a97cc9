"""What `nmt translate` protects: the span detector, read as a spec (nmt_cli/protect/spans.py).

Each case is a line and the spans found on it, as (kind, text), in order.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from conftest import translated_lines
from hypothesis import given, settings
from hypothesis import strategies as st

from nmt_cli.protect.spans import NEEDS, PATTERNS, SpanFinder, compile_patterns

FIND = SpanFinder()


def spans(line: str, finder: SpanFinder = FIND) -> list[tuple[str, str]]:
    found = finder.find(line)
    for s in found:
        assert line[s.start : s.end] == s.text
    return [(s.kind, s.text) for s in found]


@pytest.mark.parametrize(
    "line, expected",
    [
        (
            "Le rapport complet est en ligne sur https://www.insee.fr/fr/statistiques/7654321.",
            [("url", "https://www.insee.fr/fr/statistiques/7654321")],
        ),
        (
            "Les inscriptions se font par courriel à inscriptions@universite-rennes.fr.",
            [("email", "inscriptions@universite-rennes.fr")],
        ),
        (
            "Le correctif se trouve dans le commit 9f2c1ab de la branche release-7.3.",
            [("identifier", "9f2c1ab"), ("identifier", "release-7.3")],
        ),
        (
            "Le budget 2025 prévoit 27 306,5 millions d'euros pour la recherche.",
            [("number", "2025"), ("number", "27 306,5")],
        ),
        (
            "Tapez ls -la /var/log dans le terminal pour voir les journaux.",
            [("command", "ls -la /var/log")],
        ),
        (
            "Le mot &lt;em&gt;urgent&lt;/em&gt; doit apparaître en gras.",
            [("markup", "&lt;em&gt;"), ("markup", "&lt;/em&gt;")],
        ),
    ],
)
def test_the_issue_lines_have_their_spans_found_whole(line, expected):
    assert spans(line) == expected


@pytest.mark.parametrize(
    "line, expected",
    [
        ("Voir :func:`os.path.join`.", [("code", ":func:`os.path.join`")]),
        (
            "Lancez ``nmt translate`` ou `x = 1`.",
            [("code", "``nmt translate``"), ("code", "`x = 1`")],
        ),
        ("AT&amp;T dit <b>non</b>.", [("markup", "&amp;"), ("markup", "<b>"), ("markup", "</b>")]),
        ("Tapez \ue000\ue001 puis \uf8ff.", [("markup", "\ue000\ue001"), ("markup", "\uf8ff")]),
        ("Menu Format ▸ Cellules ▸ Police", [("menu", "Format ▸ Cellules ▸ Police")]),
        ("Outils → Options", [("menu", "Outils → Options")]),
        ("Outils > Options > Général", [("menu", "Outils > Options > Général")]),
        ("menu ▸ cellules", [("markup", "▸")]),  # no label with a capital: no path
        ("si a → b", [("markup", "→"), ("letter", "b")]),  # a: a French word
        ("Utilisez * du pavé, pas ###.", [("markup", "*"), ("markup", "###")]),
        ("Affichés comme ### ici", [("markup", "###")]),
        ("@ constitue le caractère de ce type.", [("markup", "@")]),
        ("A | B", [("markup", "|"), ("letter", "B")]),
        ("« { » requis", [("markup", "{")]),  # a bracket alone is named, not opened
        ('Saisissez un tilde (~) ou "*"', [("markup", "~"), ("markup", "*")]),  # bracketed
        (  # an exponent's letter and sign, whole: fr-en wrote e- as "waters"
            "Les symboles E-, E+, e- ou e+ ; le e-commerce et C++.",
            [
                ("letter", "E-"),
                ("letter", "E+"),
                ("letter", "e-"),
                ("letter", "e+"),
                ("identifier", "C++"),
            ],
        ),
        (  # a list's first item after its bracket, as the others: fr-en wrote @ as $
            "Les caractères de chaînes (@, &, <, >, !) et de nombres (#, 0, %) sont littéraux.",
            [("markup", "@"), ("markup", "<"), ("markup", ">"), ("markup", "#"), ("number", "0")],
        ),
        (  # a bound's sign after its bracket: fr-en dropped the < of "(< 40 kg)"
            "Pour les moins de 12 ans (< 40 kg) ou les adultes (>18 ans).",
            [
                ("number", "12"),
                ("markup", "<"),
                ("measure", "40 kg"),
                ("markup", ">"),
                ("number", "18"),
            ],
        ),
        # signs a model writes byte by byte, wherever they stand: a run of them, emoji whole
        (
            "© Dupont, LibreOffice® et J'♥ Paris",
            [("markup", "©"), ("markup", "®"), ("markup", "♥")],
        ),
        ("Notez ★★★★☆ 👍🏽", [("markup", "★★★★☆"), ("markup", "👍🏽")]),
        ("Ajoutez ½ tasse et 1 ¼ litre", [("markup", "½"), ("number", "1"), ("markup", "¼")]),
        (  # a currency symbol with no amount beside it: fr-en wrote € as "#" or "upper"
            "Le prix en € est fixé : 5&nbsp;€ ou 12,50 €, pas $.",
            [
                ("markup", "€"),
                ("number", "5"),
                ("markup", "&nbsp;"),
                ("markup", "€"),
                ("amount", "12,50 €"),
            ],
        ),
        ("Texte <!-- caché --> ici", [("markup", "<!-- caché -->")]),  # not "<! Hidden ->"
        ("Double &amp;amp; et &amp;lt;", [("markup", "&amp;amp;"), ("markup", "&amp;lt;")]),
        ("Écrivez à mailto:jean@exemple.fr.", [("email", "mailto:jean@exemple.fr")]),
        ("si x ≤ 5, ou ≤ 20", [("formula", "x ≤ 5"), ("markup", "≤"), ("number", "20")]),
        ("Voir (page 3) et f(x)", [("number", "3")]),
        ("~Grammaire par (~Fichier)", []),  # access keys: taken out before (access_keys.py)
        ("&Fichier, AT&T, R&D", []),
        ("Mise à jo~ur, ~/notes", [("path", "~/notes")]),
        (
            "L'URL <%1> est invalide — voir *.jar",
            [("markup", "<%1>"), ("markup", "—"), ("file", "*.jar")],
        ),
        ("a<b et x=1", [("setting", "x=1")]),  # not standing alone: no symbol span
        ("Voir www.example.org/a?b=1, puis...", [("url", "www.example.org/a?b=1")]),
        ("Le dépôt est sur github.com/nmt/cli.", [("url", "github.com/nmt/cli")]),
        # a scheme alone (fr-en wrote « https:// » "“Https:///”")
        ("Commencez par « https:// » ou ftp://.", [("url", "https://"), ("url", "ftp://")]),
        # a scheme without slashes (fr-en wrote "about: snow", "that:+33123456789")
        (
            "Tapez about:config ou tel:+33123456789.",
            [("url", "about:config"), ("url", "tel:+33123456789")],
        ),
        ("Le lien magnet:?xt=urn:btih:abc123 échoue.", [("url", "magnet:?xt=urn:btih:abc123")]),
        (
            "(voir https://fr.wikipedia.org/wiki/Paris_(ville)).",
            [("url", "https://fr.wikipedia.org/wiki/Paris_(ville)")],
        ),
        ("Ouvrez ~/notes et ../a/b.txt", [("path", "~/notes"), ("path", "../a/b.txt")]),
        (
            "Dans C:\\Temp\\x.txt ou docs/index.html.",
            [("path", "C:\\Temp\\x.txt"), ("path", "docs/index.html")],
        ),
        (
            "Lisez rapport.pdf, main.c et insee.fr.",
            [("file", "rapport.pdf"), ("file", "main.c"), ("file", "insee.fr")],
        ),
        # a name with spaces, in quotation marks after a word that names it a file's, whole
        # with its marks (fr-en wrote "“My notes file (copia)” .docx")
        (
            "Le fichier « Mes notes (copie).docx » a été restauré.",
            [("file", "« Mes notes (copie).docx »")],
        ),
        (
            'Open the file "Annual report 2024.xlsx" or the attachment “Plan v2.pdf”.',
            [("file", '"Annual report 2024.xlsx"'), ("file", "“Plan v2.pdf”")],
        ),
        # the naming word at a line's start, capitalized (fr-en wrote "“report final.pdf”")
        (
            "Fichier « rapport final.pdf » supprimé. Document “Notes de réunion.docx”",
            [("file", "« rapport final.pdf »"), ("file", "“Notes de réunion.docx”")],
        ),
        # one without a space is the name alone: its marks the quotation's, the target's
        # (the fact audit counted « GraphicTestResults.zip » lost in "“GraphicTestResults.zip”")
        (
            "Enregistré dans le fichier « GraphicTestResults.zip » !",
            [("file", "GraphicTestResults.zip")],
        ),
        ("Il a dit « Ouvrez config.ini » hier.", [("file", "config.ini")]),  # a quotation
        # after a verb that acts on a file, whole (fr-en wrote "The “final.pdf could not be
        # opened”", "rapport" lost); not a quotation a verb of writing gives, nor a host's
        (
            "Impossible d'ouvrir « rapport final.pdf ». Enregistré “Notes 2024.xlsx”.",
            [("file", "« rapport final.pdf »"), ("file", "“Notes 2024.xlsx”")],
        ),
        ("Il a écrit « Lisez notes.txt ».", [("file", "notes.txt")]),
        # or a colon after such a word, a label's (fr-en wrote "Overt: “réunion.docx Notes”")
        (
            "Ouvert : « Notes de réunion.docx » ; Partager « Présentation Q3.pptx »",
            [("file", "« Notes de réunion.docx »"), ("file", "« Présentation Q3.pptx »")],
        ),
        ("Il a dit : « Ouvrez config.ini ».", [("file", "config.ini")]),
        ("Impossible de charger « Allez sur insee.fr ».", [("file", "insee.fr")]),
        # an extension in capitals: fr-en wrote "the README file" for README.TXT
        (
            "Lisez README.TXT, AUTOEXEC.BAT, IMG_0001.JPG, Setup.EXE et *.PDF.",
            [
                ("file", "README.TXT"),
                ("file", "AUTOEXEC.BAT"),
                ("file", "IMG_0001.JPG"),
                ("file", "Setup.EXE"),
                ("file", "*.PDF"),
            ],
        ),
        ("Tapez git status puis cd .. ici.", [("command", "git status"), ("command", "cd ..")]),
        ("Puis pip install -U nmt-cli.", [("command", "pip install -U nmt-cli")]),
        # a command's names (a remote and a branch, a service, a script), not the sentence's
        # words: fr-en wrote "git push originally developed", "systemct restart ngin"
        ("Puis git push origin develop.", [("command", "git push origin develop")]),
        ("Tapez systemctl restart nginx puis quittez.", [("command", "systemctl restart nginx")]),
        ("Tapez systemctl status pour voir.", [("command", "systemctl status")]),
        ("Exécutez npm run build ensuite.", [("command", "npm run build")]),
        ("Avec python3 -m venv .venv ici.", [("command", "python3 -m venv .venv")]),
        ("Compilez avec gcc -Wall main.c -o main.", [("command", "gcc -Wall main.c -o main")]),
        ("Puis ./configure && make ici.", [("shell", "./configure && make")]),
        # an emoji's shortcode: fr-en wrote "files: files:"
        (
            "Un outil :sparkles: et :+1: à 12:30:45.",
            [("shortcode", ":sparkles:"), ("shortcode", ":+1:"), ("identifier", "12:30:45")],
        ),
        # a git branch named by its kind: fr-en wrote "sheature/pault"
        (
            "La branche feature/paiement et fix/x-y.",
            [("directory", "feature/paiement"), ("directory", "fix/x-y")],
        ),
        # a dose, a density: fr-en wrote "10 mg /kg", "1.2 g /."; a handle with dots; a section
        ("10 mg/kg, 1,2 g/cm³", [("measure", "10 mg/kg"), ("measure", "1,2 g/cm³")]),
        # a placeholder's size: fr-en kept "%1 Mo" French (English %1 MB)
        ("Il reste %1 Mo, {0} Ko/s.", [("measure", "%1 Mo"), ("measure", "{0} Ko/s")]),
        # inches (fr-en wrote 27" as "27 “"); not a quotation's closing mark after a number
        ('Écrans 24" et 27", "Étape 2"', [("measure", '24"'), ("measure", '27"'), ("number", "2")]),
        ('"Il note "2012" ici"', [("number", "2012")]),
        # a quotation opened after a colon and closed after a placeholder: no inch mark %1"
        ('Fichier :"%1" introuvable', [("placeholder", "%1")]),
        ('Taille :"%1 Mo", hauteur :"%2"', [("measure", "%1 Mo"), ("placeholder", "%2")]),
        # a JSON object: fr-en dropped the words after {"nom" ... 42} ("au serveur": "server")
        ('Envoyez {"a": {"b": 7}} ici.', [("code", '{"a": {"b": 7}}')]),
        # two deep: the span was the inner object, and fr-en wrote '{"c": ...}} #' for the rest
        ('Envoyez {"a": {"b": {"c": 1}}} ici.', [("code", '{"a": {"b": {"c": 1}}}')]),
        ("Suivez @paris.musees.", [("handle", "@paris.musees")]),
        ("Voir § 3", [("markup", "§"), ("number", "3")]),
        # a company's registration numbers, a toll-free number: fr-en wrote "123,456,789"
        (
            "RCS Paris B 123 456 789, SIRET 123 456 789 00012",
            [("account", "Paris B 123 456 789"), ("account", "123 456 789 00012")],
        ),
        (
            "SIREN 512 345 678, au 0800 123 456.",
            [("account", "512 345 678"), ("phone", "0800 123 456")],
        ),
        # N° is the word numéro, not a letter N: its number with it (English No. 12: fr-en wrote
        # the sign alone "#" or a broken byte, "n° 123456" "Next 123456")
        ("Facture N° 12 et n° 13", [("numero", "N° 12"), ("numero", "n° 13")]),
        # a duration is no clock time: fr-en's "every 4:00", "During flight: 11:40" (English
        # "4 hours", "11 hr 40 min": durations.py)
        ("Un comprimé toutes les 4 h.", [("duration", "4 h")]),
        ("Durée du vol : 11 h 40.", [("duration", "11 h 40")]),
        # ... nor a journey's (fr-en: "TGV Paris-Lyon put 1:57")
        ("Le train met 1 h 57.", [("duration", "1 h 57")]),
        ("Il faut 2 h pour y aller.", [("duration", "2 h")]),
        # ... nor a delay's, nor a duration in brackets after another (fr-en: "(1:00)")
        ("Relancez au bout de 2 h.", [("duration", "2 h")]),
        ("Il expire au bout de 3600 s (1 h).", [("measure", "3600 s"), ("measure", "1 h")]),
        ("Appelez à 14 h (heure de Paris).", [("time", "14 h")]),
        # ... nor a recipe step's (fr-en: "Let's restart 2:00 to the refrigerator")
        ("Laissez reposer 2 h au réfrigérateur.", [("duration", "2 h")]),
        ("Faites cuire 3 h, servez à 20 h.", [("duration", "3 h"), ("time", "20 h")]),
        ("Ouvert en semaine de 9 h à 18 h.", [("time", "9 h"), ("time", "18 h")]),
        # an option a placeholder names: fr-en wrote "-- %s"
        ("Option inconnue : --%s", [("option", "--%s")]),
        ("Utilisez --{0} ici", [("option", "--{0}")]),
        # a dotfile: fr-en dropped ".env" and wrote ".bashask"
        ("Le fichier .env et votre .bashrc.", [("file", ".env"), ("file", ".bashrc")]),
        # a bullet or a middle dot standing as a word: fr-en wrote "<" and "#"
        ("• Correction de bugs", [("markup", "•")]),
        ("Paris · Lyon, et les étudiant·es", [("markup", "·")]),
        # a program alone, named a command: fr-en wrote "Type the Low command"
        ("Tapez la commande ls puis Entrée.", [("command", "ls")]),
        ("Run the command grep, then make.", [("command", "grep")]),
        ("Une commande grep et un programme de cours.", [("command", "grep")]),
        ("La commande sort demain.", []),  # sort: goes out, no program here
        ("Faites un git pull depuis le serveur.", [("command", "git pull")]),  # not "depuis"
        # npm's short name for install: fr-en wrote "npm i nmt-cli" as "npmi nmi-click"
        ("Installez-le avec npm i nmt-cli puis relancez.", [("command", "npm i nmt-cli")]),
        (
            "Lancez git checkout -b correctif/connexion ici.",
            [("command", "git checkout -b correctif/connexion")],
        ),
        ("Suivez @nmt_cli et #MeToo.", [("handle", "@nmt_cli"), ("hashtag", "#MeToo")]),
        ("Appelez le 01 23 45 67 89.", [("phone", "01 23 45 67 89")]),
        # a list's item marker, its bracket with it (fr-en wrote "i) Ouvrez" ") Open")
        (
            "1) Ouvrez ; ii) fermez ; (a) relancez",
            [("number", "1"), ("letter", "ii)"), ("letter", "(a)")],
        ),
        # an international number whatever its groups (de-en wrote "+49 to the 12345678 30 of")
        ("Unter +49 30 12345678 an.", [("phone", "+49 30 12345678")]),
        ("Tel.: +49 (0)30 1234567", [("phone", "+49 (0)30 1234567")]),
        ("Tél. : +33 1 23 45 67 89.", [("phone", "+33 1 23 45 67 89")]),
        ("Plus: +12 345 678 points", [("number", "12 345 678")]),  # groups of three: a number
        (
            "ISBN 978-2-07-036822-8 et SKU-88-X",
            [("identifier", "978-2-07-036822-8"), ("identifier", "SKU-88-X")],
        ),
        (
            "Copyright 2000–2022, pages 12–15",
            [("identifier", "2000–2022"), ("identifier", "12–15")],
        ),
        ("La variable max_len vaut 24h.", [("identifier", "max_len"), ("measure", "24h")]),
        (  # a key, a password, a compiler and its option: whole ("abc123+def456", "P<ssw0rd")
            "Le jeton abc123++def456, le mot de passe P@ssw0rd, puis g++ -O2 ou clang++.",
            [
                ("identifier", "abc123++def456"),
                ("identifier", "P@ssw0rd"),
                ("identifier", "g++"),
                ("identifier", "-O2"),
                ("identifier", "clang++"),
            ],
        ),
        (  # a VAT number's groups are no number ("40,303,265,045"), nor an IBAN's
            "TVA FR 40 303 265 045, IBAN FR76 3000 6000 0112 3456 7890 189.",
            [("account", "FR 40 303 265 045"), ("account", "FR76 3000 6000 0112 3456 7890 189")],
        ),
        (  # a folder's name with spaces and brackets, before a backslash
            r"Ouvrez C:\Program Files (x86)\MonApp\config.ini avec le bloc-notes.",
            [("path", r"C:\Program Files (x86)\MonApp\config.ini")],
        ),
        (  # a unit's own sign ("25 #C")
            "Il fait 25 ℃ ou 77 ℉, pour 10 kΩ et 5 Å.",
            [("measure", "25 ℃"), ("measure", "77 ℉"), ("measure", "10 kΩ"), ("measure", "5 Å")],
        ),
        ("Le 1er et le 3e, 21st.", [("ordinal", "1er"), ("ordinal", "3e"), ("ordinal", "21st")]),
        # seconde written 2de as 2nde (fr-en: "2de classs", an identifier kept as written)
        ("En 2de, puis en 2nde.", [("ordinal", "2de"), ("ordinal", "2nde")]),
        (
            "Au XVIIe siècle, sous la Ve République, dans le XIXème.",
            [("ordinal", "XVIIe"), ("ordinal", "Ve"), ("ordinal", "XIXème")],
        ),
        (
            "Au 12 bis, rue Haute, et au 3ter.",
            [("address", "12 bis, rue Haute"), ("address", "3ter")],
        ),
        (
            "Selon les axes X et Y, un plan B.",
            [("letter", "X"), ("letter", "Y"), ("letter", "B")],
        ),
        (
            "Il coûte 12,50 € ou €12.50, 1 200 $, 15€ et £3.",
            [
                ("amount", "12,50 €"),
                ("amount", "€12.50"),
                ("amount", "1 200 $"),
                ("amount", "15€"),
                ("amount", "£3"),
            ],
        ),
        ("Le prix passe de 12€50 à 15€.", [("amount", "12€50"), ("amount", "15€")]),  # 12,50 €
        (
            "De 12,5 km en 45 min, à 90 km/h, -5,5 °C, 1 200 m², 45° et 16 Go.",
            [
                ("measure", "12,5 km"),
                ("measure", "45 min"),
                ("measure", "90 km/h"),
                ("measure", "-5,5 °C"),
                ("measure", "1 200 m²"),
                ("measure", "45°"),
                ("measure", "16 Go"),
            ],
        ),
        (
            "Il fait -3 degrés (−4 ce soir), solde -12,50 €, pages 5-7, Outils - 2 options.",
            [
                ("number", "-3"),
                ("number", "−4"),
                ("amount", "-12,50 €"),
                ("identifier", "5-7"),
                ("number", "2"),
            ],
        ),
        # a plus-minus sign (fr-en wrote "Tolerance =0.5 mm")
        ("Tolérance ±0,5 mm, précision ±2.", [("measure", "±0,5 mm"), ("number", "±2")]),
        # an approximation's tilde (fr-en wrote "#5 min")
        ("Comptez ~5 min, ≈3,5 km.", [("measure", "~5 min"), ("measure", "≈3,5 km")]),
        (
            "Tapez Ctrl+Alt+Suppr, Maj + F10 ou Cmd-C.",
            [("keys", "Ctrl+Alt+Suppr"), ("keys", "Maj + F10"), ("keys", "Cmd-C")],
        ),
        (
            "Au format JJ/MM/AAAA, YYYY-MM-DD ou hh:mm:ss.",
            [("mask", "JJ/MM/AAAA"), ("mask", "YYYY-MM-DD"), ("mask", "hh:mm:ss")],
        ),
        (
            "Tapez sqrt{x}, \\frac{a}{b}, \\{ ou \\n ; [oui|non] et (\\).",
            [
                ("formula", "sqrt{x}"),
                ("formula", "\\frac{a}{b}"),
                ("formula", "\\{"),
                ("formula", "\\n"),
                ("formula", "[oui|non]"),
                ("formula", "\\"),
            ],
        ),
        (  # an escape glued to the next line's word is no TeX command: not \nDeuxi, \tÉtat
            "Première ligne.\\nDeuxième ligne.\\nFin, \\tÉtat, \\nabla et \\Delta.",
            [
                ("formula", "\\n"),
                ("formula", "\\n"),
                ("formula", "\\t"),
                ("formula", "\\nabla"),
                ("formula", "\\Delta"),
            ],
        ),
        ("Soit a^2+b^2=c^2, et x*y.", [("formula", "a^2+b^2=c^2"), ("formula", "x*y")]),
        (
            "Si n = 0, entre x et y, n vaut x + y.",
            [
                ("formula", "n = 0"),
                ("letter", "x"),
                ("letter", "y"),
                ("letter", "n"),
                ("formula", "x + y"),
            ],
        ),
        ("Le fichier{0}, sa clé {nom}", [("placeholder", "{0}"), ("placeholder", "{nom}")]),
        ("Dans %APPDATA%\\LibreOffice\\user.", [("path", "%APPDATA%\\LibreOffice\\user")]),
        (  # a folder's trailing backslash is the path's (fr-en wrote it "#")
            "Copiez-le dans C:\\Program Files\\Agenda\\ puis dans %APPDATA%\\Agenda\\.",
            [("path", "C:\\Program Files\\Agenda\\"), ("path", "%APPDATA%\\Agenda\\")],
        ),
        (
            "Dans $HOME/docs et ${XDG_CONFIG_HOME}/nmt/.",
            [("path", "$HOME/docs"), ("path", "${XDG_CONFIG_HOME}/nmt/")],
        ),
        (
            'Cherchez \\([^)]+\\), \\bchat\\b ou ^\\d{3}$ ; le motif "i18n.*" ou “.*...”.',
            [
                ("regex", "\\([^)]+\\)"),
                ("regex", "\\bchat\\b"),
                ("regex", "^\\d{3}$"),
                ("regex", "i18n.*"),
                ("regex", ".*..."),
            ],
        ),
        (
            "245,000 personnes, 1,6 million, 15 000 ordinateurs, 51%.",
            [("number", "245,000"), ("number", "1,6"), ("number", "15 000"), ("number", "51")],
        ),
        (  # braces glued to a placeholder are the string's: escaped ({{0}), a triple stash
            "Valeurs {{0}, {0}}, {{{0}}}, {{{triple}}} et @{nom}.",
            [
                ("placeholder", "{{0}"),
                ("placeholder", "{0}}"),
                ("placeholder", "{{{0}}}"),
                ("placeholder", "{{{triple}}}"),
                ("placeholder", "@{nom}"),
            ],
        ),
        (  # a path holding a placeholder is one span (not "/home/" and "%s")
            "Voir /home/%s/.config/app.ini, C:\\Users\\%USERNAME%\\AppData et $HOME/%s.log.",
            [
                ("path", "/home/%s/.config/app.ini"),
                ("path", "C:\\Users\\%USERNAME%\\AppData"),
                ("path", "$HOME/%s.log"),
            ],
        ),
        (
            "Dans ~/.config/%1/settings.ini ou /var/log/{name}.log.",
            [("path", "~/.config/%1/settings.ini"), ("path", "/var/log/{name}.log")],
        ),
        (  # an IPv6 address, with its zone, in brackets with its port
            "Écoute sur ::1, fe80::1%eth0, [2001:db8::1]:8080 et 2001:db8:0:0:0:0:2:1.",
            [
                ("ip", "::1"),
                ("ip", "fe80::1%eth0"),
                ("ip", "[2001:db8::1]:8080"),
                ("ip", "2001:db8:0:0:0:0:2:1"),
            ],
        ),
        (  # a link's target is a page's name; a label is translated
            "Voir la page [[nom]] du wiki ou [[Aide:Index|l'index de l'aide]].",
            [("wiki", "[[nom]]"), ("wiki", "[[Aide:Index|"), ("wiki", "]]")],
        ),
        # a licence key in capitals (fr-en wrote "ABCD-EFH-IKJK-MNOP"); not a region's name
        (
            "Clé : ABCD-EFGH-IJKL-MNOP, pour le NORD-PAS-DE-CALAIS.",
            [("identifier", "ABCD-EFGH-IJKL-MNOP")],
        ),
        # a code's prefix after the words that name it one; a list of them (fr-en wrote "sky")
        ("La clé API commence par sk-.", [("prefix", "sk-")]),
        (
            "Utilisez le préfixe test- ou dev- ; les jetons commencent par ghp_.",
            [("prefix", "test-"), ("prefix", "dev-"), ("prefix", "ghp_")],
        ),
        # a number after French's sign for one (fr-en wrote "n° 123456" "Next 123456")
        (
            "Commande n° 123456 expédiée, facture N°FA-2024-12.",
            [("numero", "n° 123456"), ("numero", "N°FA-2024-12")],
        ),
        # a service's hours (fr-en kept "24h/24 and 7j/7")
        (
            "Ouvert 24h/24 et 7j/7, joignable 24 h/24.",
            [("always", "24h/24 et 7j/7"), ("always", "24 h/24")],
        ),
    ],
)
def test_each_kind_of_span_is_found(line, expected):
    assert spans(line) == expected


@pytest.mark.parametrize(
    "line",
    [
        "Il fait froid ce matin.",
        "e.g. i.e. p.ex. et/ou km/h M.Dupont Verts/ALE",
        "Make sure the cat is fed, cd players are old.",
        "C'est l'été, n'est-ce pas ?",
        "Le signe $ seul, en US$.",  # no amount; a lone € is a span (markup, above)
        "Le chat, Ce jour, De plus, Me Dupont et Mme Martin sous Louis XIV et François Ier.",
        "Y a-t-il M. Dupont, J. K. Rowling, A et I ? IL Y A.",
        'Le principe du "naming and shaming", more "democratic" rules.',
        "Il faut y aller et y rester, le(s) niveau(x), l\"équipe, d 'un, le n° sans f(x).",
        "Supprimer le(s) fichier(s)? Voir la note)*, etc.",
        "Les U.S.A. et l'U.R.S.S., etc. ATTENTION.NON MERCI",  # no file in capitals
        "Il y a ou y aura, il a, c'est vrai ; elle a ou n'a pas, Marie a, d'après lui.",
        # French's suspended prefixes are words; n° with no number, a word
        "Les bilans pré- et post-opératoires, les pro- ou anti-nucléaires commencent par là.",
        "Indiquez le N° de commande et le n° de client.",
    ],
)
def test_ordinary_prose_holds_no_span(line):
    assert spans(line) == []


@pytest.mark.parametrize(
    "line, letters",
    [
        ("Tapez a, b, c ou d.", ["a", "b", "c", "d"]),
        ("Les réponses a, c et e sont justes.", ["a", "c", "e"]),
        ("Les variables a et b, puis i, j et k.", ["a", "b", "i", "j", "k"]),
        ("Trie en ordre croissant (1, 2, 3 ou a, b, c...).", ["a", "b", "c"]),
    ],
)
def test_a_vowel_in_a_list_of_letters_is_a_letter_too(line, letters):
    """A vowel alone is a French word (``a``) or a typo, but not in a list of letters: fr-en
    wrote ``Tapez a, b, c ou d`` as "Tyz has, b, c or d", ``a, c et e`` as "has, c and they"."""
    assert [text for kind, text in spans(line) if kind == "letter"] == letters


def test_a_date_or_a_sum_in_capitals_is_no_account():
    """ "LE 12 MAI 2020 AURA LIEU LA" was read as an account, and "CA 12 500 000"."""
    line = "LE 12 MAI 2020 AURA LIEU LA FÊTE. Son CA 12 500 000 euros."
    assert spans(line) == [("number", "12"), ("number", "2020"), ("number", "12 500 000")]


def test_a_word_that_starts_like_a_unit_after_a_number_is_no_measure():
    assert spans("Il a 3 ans et 2 mois, 2 s'en vont, 5 gros chats.") == [
        ("number", "3"),
        ("number", "2"),
        ("number", "2"),
        ("number", "5"),
    ]


def test_a_sentence_end_is_no_part_of_a_url_a_path_or_a_command():
    assert spans("Voir https://a.org/x. Puis /var/log! Et ls -l /tmp?") == [
        ("url", "https://a.org/x"),
        ("path", "/var/log"),
        ("command", "ls -l /tmp"),
    ]
    assert spans("Tapez git status ici.") == [("command", "git status")]


def test_a_users_patterns_come_before_the_built_in_kinds():
    finder = SpanFinder([r"Acme Cloud \d+", r"\bnmt-cli\b"])
    assert spans("Acme Cloud 3 et nmt-cli 0.1", finder) == [
        ("user", "Acme Cloud 3"),
        ("user", "nmt-cli"),
        ("number", "0.1"),
    ]


def test_a_users_pattern_inside_a_tag_leaves_the_tag_whole():
    """A catalogue's placeholders (its format's own patterns) cut a tag that held one: the
    model got `<a href="` and wrote "Link < href=...", or left the link empty."""
    finder = SpanFinder([r"%\(\w+\)s|%s"])
    line = 'Lisez la <a href="%(url)s">documentation</a> ou %s.'
    assert spans(line, finder) == [
        ("markup", '<a href="%(url)s">'),
        ("markup", "</a>"),
        ("user", "%s"),
    ]


def test_a_users_pattern_that_matches_nothing_or_spaces_adds_no_span():
    assert spans("Il fait 20 degrés.", SpanFinder([r"x*", r" +"])) == [("number", "20")]


def test_a_pattern_that_is_not_a_regex_is_refused_by_name():
    with pytest.raises(ValueError, match=r"--protect 'a\(': not a regular expression"):
        compile_patterns(["ok", "a("])


# Lines made of the characters the kinds' patterns turn on, and of letters and spaces.
_LINE = st.text(
    alphabet=st.sampled_from(
        "ab xyzhé09_.,:;/\\@#&<>`~-+=*()'\"w\ue000▸\u00b2€$°kmgCAXY%{}|!sdnLSFROMTJD^[]"
    )
)


@settings(max_examples=600, deadline=None)
@given(_LINE)
def test_a_kind_matches_only_in_a_line_that_holds_what_it_needs(line):
    # find() skips a kind's pattern on lines without its NEEDS: never a span lost by it
    for kind, pattern in PATTERNS:
        if kind in NEEDS and re.search(pattern, line):
            assert re.search(NEEDS[kind], line), (kind, line)


# What a model's vocabulary spells in bytes, as fr-en's does: braces, caret, tilde, hash, ×, ′
IN_BYTES = SpanFinder(spelled_in_bytes=lambda line: set(line) & set("{}^~#×′é"))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("~.~ ou ~", [("symbol", "~.~"), ("markup", "~")]),
        ("{choice1|choice2} : un choix.", [("symbol", "{choice1|choice2}")]),
        (
            "Modifiez {*} en {} * {}.",
            [("symbol", "{*}"), ("placeholder", "{}"), ("markup", "*"), ("placeholder", "{}")],
        ),
        ("Tapez x^{size 18 a_n}.", [("symbol", "x^{size"), ("number", "18"), ("symbol", "a_n}")]),
        (
            "Result = red×65536 + green×256.",
            [("markup", "="), ("symbol", "red×65536"), ("symbol", "green×256")],
        ),
        ("par exemple {alignl a}over{b+c}", [("symbol", "{alignl"), ("symbol", "a}over{b+c}")]),
        ("Print #iNumber, x#Number", [("hashtag", "#iNumber"), ("symbol", "x#Number")]),
        ("Le symbole ′ (prime).", [("symbol", "′")]),
    ],
)
def test_a_word_holding_a_sign_its_model_spells_in_bytes_passes_whole(line, expected):
    """fr-en wrote such signs as other bytes: ``{*}`` "<*>", ``~.~`` "�.$", ``′`` "�>"."""
    assert spans(line, IN_BYTES) == expected


def test_a_french_elided_word_before_a_word_with_a_sign_in_bytes_is_no_part_of_it():
    """fr-en, given ``l'‹hôte›`` whole, left the French "l'" in the English."""
    in_bytes = SpanFinder(spelled_in_bytes=lambda line: set(line) & set("‹›"))
    assert spans("Entrez le nom de l'‹hôte›.", in_bytes) == [("symbol", "‹hôte›")]
    assert spans("Jusqu'‹ici› et d’‹abord›", in_bytes) == [
        ("symbol", "‹ici›"),
        ("symbol", "‹abord›"),
    ]
    assert spans("a'‹b›", in_bytes) == [("symbol", "a'‹b›")]  # no French elision


def test_translate_leaves_no_french_elision_before_a_sign_it_cannot_write(run_cli):
    (out,) = translated_lines(run_cli, ["Entrez le nom de l'<‹hôte>."], "-m", "fr-en")
    assert "l'" not in out and "<‹hôte>" in out, out


def test_a_word_with_a_sign_in_bytes_leaves_other_spans_alone():
    # a placeholder, an ICU message and a quoted sign keep theirs
    assert spans("{0}s et {{count}}", IN_BYTES) == spans("{0}s et {{count}}")
    message = "{n, plural, one {# fichier} other {# fichiers}}"
    assert spans(message, IN_BYTES) == spans(message)
    assert spans('Tapez "~" ou « ^ ».', IN_BYTES) == [("markup", "~"), ("markup", "^")]


def test_a_terminals_colour_codes_are_markup_and_the_word_they_colour_is_text():
    """A coloured log line: fr-en wrote ``ESC[31mErreur ESC[0m`` as "[31mErreur“0m“"; the codes'
    ESC, spelled in bytes, made the whole word one span, never translated."""
    in_bytes = SpanFinder(spelled_in_bytes=lambda line: set(line) & {"\x1b"})
    line = "\x1b[31mErreur\x1b[0m : le \x1b[1;32mfichier\x1b[0m \x1b]0;titre\x07est là."
    codes = [("markup", "\x1b[31m"), ("markup", "\x1b[0m"), ("markup", "\x1b[1;32m")]
    assert spans(line, in_bytes) == [*codes, ("markup", "\x1b[0m"), ("markup", "\x1b]0;titre\x07")]


def test_a_word_holding_a_letter_of_a_script_its_model_was_not_taught_passes_whole():
    """fr-en wrote ``Mélange 中文 et français.`` as "Extending ���..." and ``שלום`` as U+FFFD.
    (In a French line such words are of another script than the source's, below; this holds
    for a source language with no table, Greek.)"""
    # no piece for letters beyond Latin, Greek and Cyrillic (as fr-en's: model/spelling.py)
    spelled = lambda line: {c for c in line if ord(c) > 0x4FF}  # noqa: E731
    greek = SpanFinder(language="el", spelled_in_bytes=spelled)
    assert spans("Μείγμα 中文 και ελληνικά.", greek) == [("symbol", "中文")]
    assert spans("Η λέξη « שלום » σημαίνει ειρήνη.", greek) == [("symbol", "שלום")]
    assert spans("中文文本", greek) == [("symbol", "中文文本")]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("La constante π vaut 3,14.", [("script", "π"), ("number", "3,14")]),
        ("Le mot grec λόγος.", [("script", "λόγος")]),
        ("Il a écrit привет sur le mur.", [("script", "привет")]),
        ("entre 1 et 100 µs", [("number", "1"), ("measure", "100 µs")]),  # a unit too
        ("le µs seul", [("script", "µs")]),
        ("α, β et γ", [("script", "α"), ("script", "β"), ("script", "γ")]),
    ],
)
def test_a_word_in_another_script_than_the_source_s_passes_through(line, expected):
    """fr-en wrote ``π`` as "browser", ``Ω`` as "umbrella", ``µs`` as "& #s", ``привет`` as
    "“$"."""
    assert spans(line, SpanFinder(language="fr")) == expected


def test_a_source_language_written_in_another_script_keeps_its_words():
    # a language with no table here (Greek) has no script kind: its words are text
    assert spans("Η σταθερά π", SpanFinder(language="el")) == []
    assert spans("Ω ist der letzte Buchstabe.", SpanFinder(language="de")) == [("script", "Ω")]


def test_the_span_finders_patterns_are_the_same_in_every_run():
    """The programs named alone (``la commande ls``), and the words that end a menu path, were
    alternations built from a set, in an order, and so a pattern, that changed from one run to
    the next (PYTHONHASHSEED); so were a language's key names of one length (``Rücktaste``,
    ``Leertaste``)."""
    code = (
        "from nmt_cli.protect.spans import PATTERNS, patterns_for; "
        "print(PATTERNS, patterns_for('de'), patterns_for('fr'))"
    )
    patterns = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(patterns) == 1


def test_translate_keeps_a_list_of_letters_as_written(run_cli):
    lines = "Tapez a, b, c ou d puis x = 1, y = 2 et z = 3.\nLes réponses a, c et e sont justes.\n"
    result = run_cli(["translate", "-m", "fr-en", "--threads", "1"], input=lines.encode())
    assert result.exit_code == 0, result.stderr
    first, second = result.stdout.splitlines()
    assert "a, b, c or d" in first and "x = 1, y = 2 and z = 3" in first, first
    assert "a, c and e" in second, second


@pytest.mark.parametrize(
    "line, quoted",
    [
        ('La formule =SI(A1>10;"Oui";"Non") renvoie Oui ou Non.', ['"Oui"', '"Non"']),
        ('Utilisez =NB.SI(A1:A10;"Paris") pour compter.', ['"Paris"']),
        ('Tapez =SI(B2="";"Vide";B2) dans C2.', ['"Vide"']),
        ('Il a dit ("oui"), puis "non"; voir ("Le Monde", 2020).', []),  # prose's quotes
    ],
)
def test_a_calls_quoted_words_are_kept_as_written(line, quoted):
    """fr-en wrote ``=SI(A1>10;"Oui";"Non")`` as '=SI(A1>10 ;";"Non")', ``"Paris"`` as
    '"Parisis"', ``"Vide"`` as '"V"'. A call is one span (protect/functions.py), its quoted
    words inside it."""
    formulas = [text for kind, text in spans(line) if kind == "formula"]
    assert [q for q in quoted if any(q in f for f in formulas)] == quoted
    assert all('"' in f for f in formulas) and (formulas == []) == (quoted == [])


@pytest.mark.parametrize(
    "line, expected",
    [
        (
            "Les lecteurs C:, D: et E: sont disponibles.",
            [("drive", "C:"), ("drive", "D:"), ("drive", "E:")],
        ),
        ("Formatez le lecteur E:.", [("drive", "E:")]),
        ("Ouvrez C:\\Temp puis D:.", [("path", "C:\\Temp"), ("drive", "D:")]),
        ("Le plan B : partir.", [("letter", "B")]),  # French sets a colon apart: no drive
        # before words: a drive where a word names it one, or listed with another
        ("Le lecteur C: est plein.", [("drive", "C:")]),
        ("Installez-le sur C: ou D: selon la place.", [("drive", "C:"), ("drive", "D:")]),
        # a label before its words is no drive
        ("Plan B: on part demain.", [("letter", "B")]),
        ("Option B: lente.", [("letter", "B")]),
    ],
)
def test_a_drives_letter_is_one_span_with_its_colon(line, expected):
    assert spans(line) == expected


def test_translate_keeps_the_commas_between_drives(run_cli):
    """fr-en wrote "The readers C: D: and E: are available" and "The readers A: B: and C:"
    (the sentence's end lost)."""
    lines = "Les lecteurs C:, D: et E: sont disponibles.\nLes lecteurs A:, B: et C: existent.\n"
    result = run_cli(["translate", "-m", "fr-en", "--threads", "1"], input=lines.encode())
    assert result.exit_code == 0, result.stderr
    first, second = result.stdout.splitlines()
    assert "C:, D: and E:" in first and "A:, B: and C:" in second, result.stdout


@pytest.mark.parametrize(
    "line, expected",
    [
        ("Tapez :q! pour quitter sans enregistrer.", [("vim", ":q!")]),
        ("Enregistrez avec :w, puis :wq.", [("vim", ":w"), ("vim", ":wq")]),
        ("Tapez :%s/chat/chien/g pour remplacer.", [("vim", ":%s/chat/chien/g")]),
        ("Il répond :que faire ?", []),  # a colon glued to a word: a typo, no command
    ],
)
def test_a_vi_command_is_one_span(line, expected):
    assert spans(line) == expected


def test_translate_keeps_a_vi_command_and_its_sentence_whole(run_cli):
    """fr-en wrote "Type:q! To leave without saving.": the command glued to the word before
    it, the sentence cut at its ``!``."""
    line = "Tapez :q! pour quitter sans enregistrer.\n"
    result = run_cli(["translate", "-m", "fr-en", "--threads", "1"], input=line.encode())
    assert result.exit_code == 0, result.stderr
    out = result.stdout.strip()
    assert " :q! " in out and " To " not in out, out


@pytest.mark.parametrize(
    "line, expected",
    [
        ("Voir la MR !56 et la PR #78.", [("merge", "!56"), ("hashtag", "#78")]),
        ("Fusionné (!1234) hier.", [("merge", "!1234")]),
        ("C'est fait ! Bravo !!! 3 fois !", [("number", "3")]),  # an exclamation's marks
    ],
)
def test_a_merge_requests_reference_is_one_span(line, expected):
    assert spans(line) == expected


def test_translate_keeps_a_merge_requests_reference_whole(run_cli):
    """fr-en wrote "Voir la MR !56" as "Give the MR. 56": the sign cut from its number."""
    (out,) = translated_lines(run_cli, ["Voir la MR !56 et la PR #78."], "-m", "fr-en")
    assert " !56 " in out and "#78" in out, out


@pytest.mark.parametrize(
    "line, expected",
    [
        (
            "Un bénéfice de 350 M€, un budget de 500 k€.",
            [("amount", "350 M€"), ("amount", "500 k€")],
        ),
        ("La dette atteint 3 000 Mds €.", [("amount", "3 000 Mds €")]),
        (
            "Le prix est de 12,50 € pour 5 M d'habitants.",
            [("amount", "12,50 €"), ("number", "5"), ("letter", "M")],
        ),
    ],
)
def test_an_amount_in_thousands_millions_or_billions_is_one_span(line, expected):
    assert spans(line) == expected


def test_the_span_finders_docstring_names_every_kind_it_finds():
    """A reader learns the kinds from nmt_cli/protect/spans.py's docstring: each entry starts
    with the kinds it describes (``menu``, or ``mime, pair, ...`` for a module's several)."""
    from nmt_cli.protect import spans as module

    entries = re.findall(r"^    ([a-z]+(?:,\s+[a-z]+)*)", module.__doc__, re.M)
    named = {kind for entry in entries for kind in re.split(r",\s+", entry)}
    assert set(module.KINDS) - named == set()


@pytest.mark.parametrize(
    "line, expected",
    [
        ("Merci @Marie-Claire pour vos retours.", [("handle", "@Marie-Claire")]),
        ("Merci @élodie pour la photo !", [("handle", "@élodie")]),
        ("Suivez-nous : @exemple@mastodon.social", [("handle", "@exemple@mastodon.social")]),
        (
            "Suivez #Saint-Valentin et #mise-à-jour.",
            [("hashtag", "#Saint-Valentin"), ("hashtag", "#mise-à-jour")],
        ),
        ("Merci @marie - à bientôt #promo-", [("handle", "@marie"), ("hashtag", "#promo")]),
    ],
)
def test_a_handle_or_a_hashtag_is_whole_with_its_hyphens_and_letters(line, expected):
    assert spans(line) == expected


def test_translate_keeps_a_hyphenated_or_accented_handle_and_hashtag_as_written(run_cli):
    """fr-en wrote "@Marie -Clar", ">elody" for @élodie, "@exemple<modon.social" and
    "#Saint -Valentin": the handle or tag cut at its hyphen, its accent or its server."""
    lines = [
        "Merci @Marie-Claire pour vos retours.",
        "Merci @élodie pour la photo !",
        "Suivez-nous sur Mastodon : @exemple@mastodon.social",
        "Suivez #Saint-Valentin pour les promos.",
    ]
    out = translated_lines(run_cli, lines, "-m", "fr-en")
    for kept, line in zip(
        ["@Marie-Claire ", "@élodie ", "@exemple@mastodon.social", "#Saint-Valentin "], out
    ):
        assert kept in line, line


@pytest.mark.parametrize(
    "line, expected",
    [
        ("SIRET : 123 456 789 00012", [("phone", "123 456 789 00012")]),
        ("Code client : 123 456 7890.", [("phone", "123 456 7890")]),
        ("Il y a 3 000 000 habitants.", [("number", "3 000 000")]),
        ("en 2012, 2 000 emplois", [("number", "2012"), ("number", "2 000")]),
    ],
)
def test_groups_of_three_digits_then_another_group_are_one_code_not_a_number(line, expected):
    assert spans(line) == expected


def test_translate_keeps_a_code_in_digit_groups_as_written(run_cli):
    """fr-en wrote ``SIRET : 123 456 789 00012`` as "123,456,789 00012" and ``123 456 7890``
    as "123,456 7890": its first groups read as one number in thousands."""
    lines = ["SIRET : 123 456 789 00012", "Votre numéro client est le 123 456 7890."]
    out = translated_lines(run_cli, lines, "-m", "fr-en")
    assert "123 456 789 00012" in out[0], out[0]
    assert "123 456 7890" in out[1], out[1]
