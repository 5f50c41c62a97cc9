"""Placeholders of format strings and code-like spans, found in any line (a plain line too):
protect/format_strings.py and protect/code.py, read through the span detector (spans.py).

Each case is a line and the spans found on it, as (kind, text), in order.
"""

from __future__ import annotations

import pytest

from nmt_cli.documents.document import PLACEHOLDERS
from nmt_cli.protect.format_strings import order_group
from nmt_cli.protect.spans import SpanFinder

FIND = SpanFinder()


def spans(line: str) -> list[tuple[str, str]]:
    return [(s.kind, s.text) for s in FIND.find(line)]


def placeholders(line: str) -> list[str]:
    """The line's placeholders, one with a unit too (``%-5.2f Mo``: a measure, its unit apart)."""
    found = [(kind, text.split()[0] if kind == "measure" else text) for kind, text in spans(line)]
    return [text for kind, text in found if kind == "placeholder" or text[0] in "%{$~"]


@pytest.mark.parametrize(
    "line, expected",
    [
        ("Le fichier %s existe déjà. Voulez-vous le remplacer ?", ["%s"]),
        ("Impossible de copier %s vers %s.", ["%s", "%s"]),
        ("Répondre à %1", ["%1"]),
        ("La version installée de Java, $(ARG1), n'est pas prise en charge.", ["$(ARG1)"]),
    ],
)
def test_the_issue_lines_have_their_placeholders_found_as_plain_lines(line, expected):
    assert placeholders(line) == expected


@pytest.mark.parametrize(
    "convention, line, expected",
    [
        (
            "c",
            "%d fichiers, %-5.2f Mo, %lld octets, %x et %%",
            ["%d", "%-5.2f", "%lld", "%x", "%%"],
        ),
        ("c positional, php", "%2$s a copié %1$d fichiers", ["%2$s", "%1$d"]),
        ("objc", "Ouvrir %@ ou %1$@ ?", ["%@", "%1$@"]),
        ("python", "%(count)d éléments dans %(name)s", ["%(count)d", "%(name)s"]),
        ("python repr", "Valeur %r invalide dans %(folder)r", ["%r", "%(folder)r"]),
        (
            "python-brace",
            "{} de {name}, {0:>5}, {obj.attr!r}",
            ["{}", "{name}", "{0:>5}", "{obj.attr!r}"],
        ),
        (
            "java, csharp",
            "{0} le {1,date,short}, {0,number,#.##} {0,-10:C}",
            ["{0}", "{1,date,short}", "{0,number,#.##}", "{0,-10:C}"],
        ),
        ("javascript", "Objet %o, %O et %j", ["%o", "%O", "%j"]),
        ("strftime", "Le %d/%m/%Y à %H:%M", ["%d", "%m", "%Y", "%H:%M"]),
        ("strftime", "Le %D à %R, semaines %V, %U et %W", ["%D", "%R", "%V", "%U", "%W"]),
        ("qt, kde", "Fichier %1 sur %2, %L1, %1guillemets%2", ["%1", "%2", "%L1", "%1", "%2"]),
        ("qt-plural", "%n fichier(s) supprimé(s)", ["%n"]),
        ("boost", "Il reste %1% minutes", ["%1%"]),
        ("ruby, Rails", "Bonjour %{name}, %<count>d messages", ["%{name}", "%<count>d"]),
        (
            # quoted code whole (the model wrote "%<#pragma %>"), and flagged conversions
            "gcc-internal",
            "%<#pragma%> ignoré : %qs, %q+D masque %qD, %<%s%> de type %q#T et %+D",
            ["%<#pragma%>", "%qs", "%q+D", "%qD", "%<%s%>", "%q#T", "%+D"],
        ),
        (  # bare: "%D est déclaré ici" came back "% D is declared here", msgfmt refused it
            "gcc-internal",
            "%D est déclaré ici avec %V dans %K, pas %E",
            ["%D", "%V", "%K", "%E"],
        ),
        (
            "sh, perl, php",
            "Dans $HOME, ${HOME}, ${VAR:-x} et $name",
            ["$HOME", "${HOME}", "${VAR:-x}", "$name"],
        ),
        (  # the model wrote "Bonjour ${user.name}" as "Yellow $ {user.name}", its $ apart
            "javascript template literal, Spring, Terraform",
            "Bonjour ${user.name}, ${app.config.port} et ${var.region}",
            ["${user.name}", "${app.config.port}", "${var.region}"],
        ),
        ("WebExtension", "Bonjour $USER$, $count$ onglets", ["$USER$", "$count$"]),
        ("lisp, scheme", "Valeur : ~a~% et ~S ou ~5d", ["~a~%", "~S", "~5d"]),
        (
            "i18next",
            "{{count}} messages de {{- name}} ({{ user.name }})",
            ["{{count}}", "{{- name}}", "{{ user.name }}"],
        ),
        (
            "Jinja, Django, Liquid",  # a template's tags whole, the text between them translated
            "{% if x %}Bonjour{% endif %}, {%- for i in l -%}, {# note #}, {{ v|upper }}",
            ["{% if x %}", "{% endif %}", "{%- for i in l -%}", "{# note #}", "{{ v|upper }}"],
        ),
        (
            "Handlebars, Mustache",
            "{{#each items}}Élément {{name}}{{/each}}, {{> partial}} et {{{raw}}}",
            ["{{#each items}}", "{{name}}", "{{/each}}", "{{> partial}}", "{{{raw}}}"],
        ),
        (
            "LibreOffice",
            "%PRODUCTNAME %PRODUCTVERSION : $1$ et $(ARG1)",
            ["%PRODUCTNAME", "%PRODUCTVERSION", "$1$", "$(ARG1)"],
        ),
        ("LibreOffice", "« %FILENAME » et « %STYLE_NAME% »", ["%FILENAME", "%STYLE_NAME%"]),
        (
            "LibreOffice",  # capitals apart, closed by a per cent sign
            "Le menu pour %SAVE IN SELECTION% de %PRODUCTNAME Calc",
            ["%SAVE IN SELECTION%", "%PRODUCTNAME"],
        ),
    ],
)
def test_each_convention_of_placeholders_is_found(convention, line, expected):
    assert placeholders(line) == expected, convention


@pytest.mark.parametrize(
    "line, expected",
    [
        ("Remplacer %1 %2 dans %3.", ["%1", "%2", "%3"]),
        ("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10", [f"%{k}" for k in range(1, 11)]),
        ("%L1 %2, %10 %11 et %12 %n", ["%L1", "%2", "%10", "%11", "%12", "%n"]),
    ],
)
def test_a_placeholder_after_a_numbered_one_and_a_space_is_not_a_per_cent_sign(line, expected):
    # "%1 %2" is not "1 %" (a per cent sign after a number) then 2: fr-en wrote "%1% 2% 3"
    assert spans(line) == [("placeholder", p) for p in expected]


@pytest.mark.parametrize(
    "line",
    [
        "Plus de 50 % des gens, 5 %du PIB, 50 %50 % et 5%.",  # per cent signs
        "De 50%<60% et 5%>4 %, 3 %q et 7%qs",  # per cent signs, not gcc's quotes
        "De 50%D à 20 %K, 10%R et 5 % Vente",  # nor its or strftime's %D, %K, %R
        "Il coûte 100 $US, 10 $ et $5.",  # money
        "Enregistrer sous Coupe~r, ~Fichier ; voir ~/notes.",  # access keys, a home directory
        "Contrôle~s, 3~d, ~Sélection et ~Rétablir",  # LibreOffice's access keys
        "YouTube, PlayStation, McDonald et PayPal sont des marques.",
        'Le principe du "naming and shaming", more "democratic" rules.',
        "Le groupe de la gauche unitaire européenne/ gauche verte nordique.",
        "SELECT, UPDATE et DROP sont des mots anglais.",
    ],
)
def test_prose_that_looks_like_code_holds_no_new_span(line):
    new = {"placeholder", "shell", "setting", "requirement", "directory", "class", "sql", "formula"}
    assert [s for s in spans(line) if s[0] in new] == []


@pytest.mark.parametrize(
    "line, expected",
    [
        (
            'Définissez LANG=fr_FR.UTF-8 puis debug="oui".',
            [("setting", "LANG=fr_FR.UTF-8"), ("setting", 'debug="oui"')],
        ),
        (  # a query string whole (fr-en wrote "Add?page=2&lang=f to the address?")
            "Ajoutez ?page=2&lang=fr ou &sort=asc à l'adresse, pas x=1&y=2.",
            [("setting", "?page=2&lang=fr"), ("setting", "&sort=asc"), ("setting", "x=1&y=2")],
        ),
        (
            "Installez requests==2.31.0 et numpy>=1.24,<2.",
            [("requirement", "requests==2.31.0"), ("requirement", "numpy>=1.24,<2")],
        ),
        (
            "Installez-le avec pip install nmt-cli==0.4.2.",
            [("command", "pip install nmt-cli==0.4.2")],  # the version with the command
        ),
        (
            "L'option --verbose, ou --beam=5 et --no-copy-names. Bonjour -- ça va ?",
            [("option", "--verbose"), ("option", "--beam=5"), ("option", "--no-copy-names")],
        ),
        (
            "Démarrez soffice avec --help ou -h ou -?. Le mot porte-t-il ? A-B, -5 et - a.",
            [("option", "--help"), ("option", "-h"), ("option", "-?"), ("number", "-5")],
        ),
        (
            ">>> print(Session().UserName) # propriété de l'objet",
            [("prompt", ">>> print(Session().UserName)"), ("markup", "#")],
        ),
        (">>> Bonjour, un courriel cité.", [("markup", ">>>")]),
        (  # a program no list knows at a shell's prompt: fr-en wrote "$ entree.csv -o ..."
            "$ monoutil entree.csv -o sortie.json",
            [("console", "$ monoutil entree.csv -o sortie.json")],
        ),
        ("$ make  # compile le programme", [("console", "$ make"), ("markup", "#")]),
        (  # a synopsis's program and subcommands: fr-en wrote "Use: my tool convert ENTRY"
            "Utilisation : monoutil convertir ENTRÉE SORTIE",
            [("synopsis", "monoutil convertir")],
        ),
        (
            "Usage : monoutil <fichier> [--verbose]",
            [("synopsis", "monoutil"), ("markup", "<fichier>"), ("option", "--verbose")],
        ),
        ("Utilisation : simple et rapide.", []),  # prose after the label
        (
            "Par exemple : -Dmyprop=c:\\\\program files\\\\java, ou -Dfile.encoding=UTF-8.",
            [
                ("option", "-Dmyprop=c:\\\\program files\\\\java"),
                ("option", "-Dfile.encoding=UTF-8"),
            ],
        ),
        (
            "Les fichiers vont dans build/out/ et src/.",
            [("directory", "build/out/"), ("directory", "src/")],
        ),
        (
            "Une FileNotFoundError est levée par MainWindow() et StringBuilder.",
            [("class", "FileNotFoundError"), ("class", "MainWindow"), ("class", "StringBuilder")],
        ),
        (
            "Exécutez SELECT nom FROM clients WHERE ville = 'Lyon' ORDER BY nom; puis continuez.",
            [("sql", "SELECT nom FROM clients WHERE ville = 'Lyon' ORDER BY nom;")],
        ),
        (
            "Tapez SELECT * FROM users WHERE id = 3 pour voir.",
            [("sql", "SELECT * FROM users WHERE id = 3")],
        ),
        (
            "Lancez grep -r \"mot clé\" src/ puis ls -l | wc -l et echo 'oui' > a.txt.",
            [
                ("shell", 'grep -r "mot clé" src/'),
                ("shell", "ls -l | wc -l"),
                ("shell", "echo 'oui' > a.txt"),
            ],
        ),
        (  # a chain through cd's directory and make's target; "Type cd build & cmake .." before
            "Tapez cd build && cmake .. puis make && make install pour installer.",
            [("shell", "cd build && cmake .."), ("shell", "make && make install")],
        ),
        ("Le cd de musique est rayé ; faites cd src puis ls.", []),  # no chain: prose
        (  # a condition: "The condition (a& b) is true" before
            "Si if (a && b) ou x > 0 || !done, puis (count == 0 && ready) et is_ok && n.",
            [
                ("expression", "if (a && b)"),
                ("expression", "x > 0 || !done"),
                ("expression", "(count == 0 && ready)"),
                ("expression", "is_ok && n"),
            ],
        ),
        ("Tom && Jerry, le tube || est là.", [("markup", "||")]),  # words: no condition
        (
            'Puis git commit -m "Correction du bug" ici.',
            [("shell", 'git commit -m "Correction du bug"')],
        ),
        (
            "L'interface com.sun.star.script.provider.XScriptProvider et os.path.join.",
            [
                ("qualified", "com.sun.star.script.provider.XScriptProvider"),
                ("file", "os.path.join"),  # a file's kind first where both read all of it
            ],
        ),
        (
            'Chargez-la par GlobalScope.BasicLibraries.loadLibrary("ScriptForge").',
            [("qualified", 'GlobalScope.BasicLibraries.loadLibrary("ScriptForge")')],
        ),
        ("Il est parti.Elle reste, p.ex. aux U.S.A.", []),  # parts of two characters or more
        (
            "Le service ScriptForge.UI, Tools.ModuleControls et SFDialogs.DialogEvent.",
            [
                ("qualified", "ScriptForge.UI"),  # two parts, one written in humps
                ("qualified", "Tools.ModuleControls"),
                ("qualified", "SFDialogs.DialogEvent"),
            ],
        ),
        ("Son iPhone.Il a lu les PDFs.Le chez McDonald.Ensuite", []),  # sentences glued
        (  # a name in its scope: "St. Use:vector<int>", "The QString method: arg()" before
            "Utilisez std::vector<int>, QString::arg() et Foo::~Foo(), pas « Note :: voir ».",
            [
                ("qualified", "std::vector<int>"),
                ("qualified", "QString::arg()"),
                ("qualified", "Foo::~Foo()"),
            ],
        ),
        (
            'Tapez a_2^3 ou {}_2^3, "R_i{}^{jk}{}_l" ou SO_4^{2-{}} ; max_len reste un nom.',
            [
                ("formula", "a_2^3"),  # indexes and exponents, LibreOffice Math's
                ("formula", "{}_2^3"),
                ("formula", "R_i{}^{jk}{}_l"),
                ("formula", "SO_4^{2-{}}"),
                ("identifier", "max_len"),  # snake_case: a name, the identifier kind's
            ],
        ),
        (
            "La méthode getByName, puis Option VBASupport et Terminate() ; SOMME() se traduit.",
            [
                ("method", "getByName"),
                ("method", "VBASupport"),
                ("method", "Terminate()"),
                ("formula", "SOMME()"),  # a Calc function, named in English: functions.py
            ],
        ),
        ("Un iPad, eBay, les PDFs et les ONGs.", []),  # brands, plural acronyms
        ("Appelez getComponentContext() ici.", [("method", "getComponentContext()")]),
        (  # called with code: a number, a literal, a variable in humps or capitals
            "Comme Chr(&H8000), Chr$(13), Lof(#iNumber) et CCur(EMPTY).",
            [
                ("method", "Chr(&H8000)"),
                ("method", "Chr$(13)"),
                ("method", "Lof(#iNumber)"),
                ("method", "CCur(EMPTY)"),
            ],
        ),
        ("Le(s) fichier(s) du niveau(x), Paris(France) et Sin(Alpha).", []),  # words
        (
            "Instruction If...Then...Else, le bloc For ... Next ; On...GoSub.",
            [
                ("statement", "If...Then...Else"),
                ("statement", "For ... Next"),
                ("statement", "On...GoSub"),
            ],
        ),
        ("Mais...Non, je... Je ne sais pas.", []),  # not a BASIC keyword
        (
            "Saisissez <?>over<?> ou matrix{<?>#<?>} ou neg<?>.",
            [("formula", "<?>over<?>"), ("formula", "matrix{<?>#<?>}"), ("formula", "neg<?>")],
        ),
    ],
)
def test_each_code_like_kind_is_found_whole_with_its_quotes(line, expected):
    assert spans(line) == expected


@pytest.mark.parametrize(
    "text, group",
    [
        ("%s", "printf"),
        ("%-5.2f", "printf"),
        ("%@", "printf"),
        ("%r", "printf"),
        ("%1$s", None),
        ("%(name)s", None),
        ("%%", None),
        ("%n", None),
        ("{}", "brace"),
        ("{:>5}", "brace"),
        ("{0}", None),
        ("{name}", None),
        ("~a~%", "lisp"),
        ("~%", None),
        ("%1", None),
        ("%Y", None),
        # placeholders joined by a colon, one span: their group where they share one
        ("%s:%d", "printf"),
        ("{}:{}", "brace"),
        ("%1:%2", None),
        ("%H:%M", None),
    ],
)
def test_only_placeholders_filled_in_order_belong_to_an_order_group(text, group):
    assert order_group(text) == group


@pytest.mark.parametrize(
    "line, expected",
    [
        ("Échec de la connexion au serveur %s:%d.", ["%s:%d"]),
        ("Erreur dans %s:%d:%d : %s", ["%s:%d:%d", "%s"]),
        ("Serveur {host}:{port} injoignable.", ["{host}:{port}"]),
        ("Valeur : %s, total : %d", ["%s", "%d"]),  # a label's colon, then a space: two
    ],
)
def test_placeholders_joined_by_a_colon_are_one_span(line, expected):
    assert [text for kind, text in spans(line) if kind == "placeholder"] == expected


def test_a_documents_placeholders_are_the_built_in_kinds():
    finder = SpanFinder(PLACEHOLDERS)
    line = "Copier %1$s vers {0} ({{count}}, %PRODUCTNAME)"
    assert [s.text for s in finder.find(line)] == ["%1$s", "{0}", "{{count}}", "%PRODUCTNAME"]
    assert {s.kind for s in finder.find(line)} == {"user"}


def test_a_templates_tags_are_a_documents_placeholders_too():
    finder = SpanFinder(PLACEHOLDERS)  # a catalogue's, an i18n JSON file's
    line = "{% if user %}Bonjour {{ user.name|title }}{% endif %}"
    assert [s.text for s in finder.find(line)] == [
        "{% if user %}",
        "{{ user.name|title }}",
        "{% endif %}",
    ]
