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
    value       a value in quotation marks, with them (their marks the target's:
                inference/protection.py), one word (letters, digits, ``. _ - @ +`` inside),
                right after a word that names its kind on a system (:data:`VALUE_KINDS`: an
                account, a server, a table, a variable; ``Connecté en tant que``), or that
                word and a colon (``Utilisateur : « admin »``): ``L'utilisateur « admin » existe
                déjà`` (fr-en wrote "User already “exists.”", the name lost), ``Le compte
                « jdupont »`` ("“jump”"), ``Le dépôt « nmt-cli »`` ("“Nmt-click” tax"); one
                in small letters or digits after a password's or a default's words
                (:data:`DEFAULTS`: ``Le mot de passe par défaut est « changeme »``, ``La valeur
                par défaut est « auto »``: "changed", "autumn"; not ``La langue par défaut est
                « Français »``, a label), or after a verb that asks to type it (:data:`TYPING`:
                ``Saisissez « admin » dans le champ``: "Enter “handle”"; but a yes or a no,
                ``Tapez « oui »``, which the program asks for in its own language: "Type
                “yes”"). In single quotation
                marks too (``Saisissez 'admin'``: "'Immin'"): one that opens after the space
                that follows such a word, and closes before no letter (no elision's apostrophe,
                ``l'utilisateur``). Not
                after words prose quotes its words after (``le groupe « visa »``, ``le projet
                « euro »``, ``le service « universel »``: Europarl's, translated), nor a label
                (``cliquez sur « Enregistrer »``: menus.py)
"""

from __future__ import annotations

from nmt_cli.protect.files import quoted_after

# @a.b, @élodie, @Marie-Claire, a fediverse account's server: @nom@mastodon.social
HANDLE = r"(?<![\w@.])@\w(?:[\w.-]{0,38}\w)?(?:@\w+(?:[.-]\w+)*\.[a-z]{2,})?(?!\w)"
_RUN = r"[a-z]+(?:-[a-z]+)*"  # jean, jean-pierre
# a surname of three letters or more: not an abbreviation's letters (p.ex., e.g., i.e.)
LOGIN = rf"(?<![\w.@/-]){_RUN}\.(?=[a-z]{{3}}){_RUN}(?![\w(@-]|\.\w)"
# the words that name a value's kind, right before it (French, English)
VALUE_KINDS = (
    "utilisateur utilisatrice compte identifiant login pseudo profil dépôt branche serveur hôte "
    "table variable répertoire conteneur user username account profile repository repo branch "
    "server host table variable directory container"
).split() + ["connecté en tant que", "connectée en tant que", "logged in as", "signed in as"]
# the words of a password and of a default, before a value in small letters or digits
DEFAULTS = ["mot de passe", "password", "par défaut est", "par défaut", "default is", "default"]
# the verbs that ask to type a value, before one in small letters or digits
TYPING = "saisissez saisir tapez taper entrez entrer écrivez écrire type enter".split()
# a yes or a no to type: the program asks for its own language's ("oui": "yes"; menus.py)
YES_NO = "oui non yes no".split()
_WORD = r"[^\W_](?:[\w.@+-]*\w)?"  # admin, nmt-cli, jean@x
_SMALL = r"[a-z0-9](?:[\w.@+-]*\w)?"  # changeme, auto, 1234 (not Français: a label)
# a value to type, but a yes or a no (YES_NO)
_TYPED = rf"(?!(?:{'|'.join(YES_NO)})\W){_SMALL}"
VALUE = (
    rf"(?:{quoted_after(VALUE_KINDS, _WORD, True)}|{quoted_after(DEFAULTS, _SMALL, True)}"
    rf"|{quoted_after(TYPING, _TYPED, True)})(?![\w'’])"
)

# (kind, pattern, what a line must hold for it), spans.py's (one a kind)
PATTERNS = (
    ("handle", HANDLE, "@"),
    ("login", LOGIN, r"[a-z]\.[a-z]"),
    ("value", VALUE, "[«“\"'‘]"),
)
