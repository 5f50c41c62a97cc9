"""French's table of conventions (protect/conventions.py describes its fields)."""

from __future__ import annotations

from nmt_cli.protect.conventions import SPACE, SPACES, Language

_OCTETS = (("ko", "kB"), ("Ko", "kB"), ("Ko", "KB"), ("Mo", "MB"), ("Go", "GB"), ("To", "TB"))

FRENCH = Language(
    "fr",
    ",",
    "\u00a0",
    "." + SPACES,
    symbol_after="\u00a0",
    ordinals="er|re|ère|ème|eme|e|nde|nd|de",
    ordinal_suffixes=(("one", "er"), ("other", "e")),
    roman="e|ème|eme",
    # an hour, h, minutes; not followed by more digits or by "min" (1 h 30 min: a duration)
    # the hour written out: 14 heures 30, 9 heures (not 06:00 heures: a time as written)
    clock=rf"(?<!:)([01]?\d|2[0-3]){SPACE}?h(?:eures?)?(?:{SPACE}?([0-5]\d))?"
    rf"(?!\w|{SPACE}?(?:\d|min\b))",
    durations=(
        r"(?i:\b(?:pendant|durant|dans|toutes les|tous les|dure|durent|duré|durée|en|sous"
        r"|environ|moins de|plus de|au moins|d'ici|met|mettent|mettra|faut|comptez"
        # a time taken, a battery's, a night's, a day's work: prend 2 h, tient 10 h, dormi 8 h
        r"|prend|prennent|prendra|pris|tient|tiennent|tiendra|tenu|dormi|dort|travaillé"
        r"|au bout de|reposer|cuire|mijoter|mariner|refroidir|infuser|macérer|lever|gonfler"
        r"|rôtir|bouillir|congeler|sécher|tremper"  # a recipe's steps
        r"|il y a|autonomie de)\s+|\bau bout d['’]"  # il y a 2 h: 2 hours ago; a battery's
        r"|\b(?:durée|cuisson|repos|temps|délai|autonomie)(?:\s+\S+){0,3}\s*:\s*"
        r"|\d\s?(?:s|min|secondes?|minutes?|jours?)\s?\(\s?)$"  # 3600 s (1 h)
    ),
    # 2 h de retard, 2h42 de trajet, 3 h de route, 8 h par jour (not 8 h du matin)
    durations_after=(
        r"\s+(?:(?:de|d['’])\s*(?:retard|avance|trajet|route|marche|vol|voyage|train|voiture"
        r"|vélo|bus|métro|attente|queue|travail|sommeil|cours|pause|repos|conduite|décalage"
        r"|navigation|formation|autonomie|écoute|bouchons?|embouteillages?)"
        r"|par\s+(?:jour|semaine|nuit|mois|an))\b"
    ),
    # à 14 heures, vers 20 heures, dès 7 heures, il est 3 heures (not de 2 à 3 heures: hours);
    # 3 heures du matin, de 9 heures à 17 heures
    clock_words=(
        r"(?i:(?<!\d\s)\bà|\bvers|\bdès|\bavant|\bentre|\bà partir d[eu]|\bautour de"
        r"|\baux (?:alentours|environs) de|\bsur le coup de|\b(?:il|elle) (?:est|était|sera))"
        r"\s+$",
        r"\s+(?:du\s+(?:matin|soir)|de\s+l['’]après-midi|précises|pile|et\s+(?:demie|quart)"
        r"|moins\s+(?:le\s+)?quart|(?:à|-)\s*\d)",
        r"(?i:\bpour)\s+$",  # une table pour 6 heures, parti pour 2 heures
    ),
    house=("bis", "ter", "quater"),
    dialled=(
        *("SMS au ", "composez le ", "Composez le ", "appelez le ", "Appelez le "),
        # a code to type: fr-en wrote "code de vérification est 482 913" "482,913"
        *("code est ", "code : ", "code\u00a0: ", "vérification est ", "confirmation est "),
    ),
    streets=(
        r"[Rr]ue|[Aa]venue|[Bb]oulevard|[Bb]d|[Pp]lace|[Aa]llée|[Ii]mpasse|[Cc]hemin"
        r"|[Qq]uai|[Rr]oute|[Cc]ours|[Ss]quare|[Pp]assage|[Ff]aubourg|[Ee]splanade",
        r"de la |de l['’]|du |des |de |d['’]",
    ),
    # a number of bytes written in words too: fr-en wrote "512 octtings", "2,048 omit"; a
    # recipe's spoons (fr-en wrote "2 c. à soupe" as "2%. keep")
    units=(
        *_OCTETS,
        *(("octets", "bytes"), ("octet", "byte"), ("tr/min", "rpm"), ("j", "d")),
        *(("c. à soupe", "tbsp"), ("c. à s.", "tbsp"), ("c.à.s", "tbsp")),
        *(("c. à café", "tsp"), ("c. à c.", "tsp"), ("c.à.c", "tsp")),  # not cc: cm³
    ),
    per=tuple(
        zip(
            "mois an jour j semaine heure nuit personne pers nuitée mot page".split(),
            "month year day day week hour night person person night word page".split(),
        )
    ),
    time_words=(("day", "jour", "jours"),),
    modifiers=("Maj",),
    keys=(
        ("Maj", "Shift"),
        ("Commande", "Command"),
        ("Suppr", "Del"),
        ("Suppr", "Delete"),
        ("Entrée", "Enter"),
        ("Entrée", "Return"),
        ("Espace", "Space"),
        ("Échap", "Esc"),
        ("Inser", "Insert"),
        ("Origine", "Home"),
        ("Début", "Home"),
        ("Fin", "End"),
        ("Retour arrière", "Backspace"),
        ("Retour", "Backspace"),
        ("Tiret", "Hyphen"),
        ("Tabulation", "Tab"),
        ("Page précédente", "Page Up"),
        ("Page suivante", "Page Down"),
        ("Page vers le haut", "Page Up"),
        ("Page vers le bas", "Page Down"),
        ("Flèche vers le haut", "Up Arrow"),
        ("Flèche vers le bas", "Down Arrow"),
        ("Flèche vers la gauche", "Left Arrow"),
        ("Flèche vers la droite", "Right Arrow"),
        ("Flèche haut", "Up Arrow"),
        ("Flèche bas", "Down Arrow"),
        ("Flèche gauche", "Left Arrow"),
        ("Flèche droite", "Right Arrow"),
        ("Flèche", "Arrow"),
        ("Verr Maj", "Caps Lock"),
        ("Impr écran", "Print Screen"),
        ("Impr. écran", "Print Screen"),
    ),
    key_words=("La touche {}", "la touche {}", "Touche {}", "touche {}"),
    key_verbs=("appuyez sur", "Appuyez sur", "appuyer sur", "Appuyer sur"),
    keys_alone=("Échap", "Suppr", "Inser", "Verr Maj", "Impr écran", "Impr. écran"),
    list_joins=("ou", "et"),
    months=tuple(
        "janvier février mars avril mai juin juillet août septembre octobre novembre "
        "décembre".split()
    ),
    short_months=tuple("janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.".split()),
    weekdays=tuple("lundi mardi mercredi jeudi vendredi samedi dimanche".split()),
    short_weekdays=tuple("lun mar mer jeu ven sam dim".split()),
    day_joins=("et", "ou", "au", "à"),
    day_one="1er",
    mid="mi-",
    quotes=("«\u00a0", "\u00a0»", "“", "”"),
    menu_ends=tuple(
        "et ou puis pour afin dans qui que qu'il si lorsque quand mais car alors ensuite"
        " enfin avant après vous il elle on nous ils elles".split()
    ),
    mask_letters="JMA",
)
