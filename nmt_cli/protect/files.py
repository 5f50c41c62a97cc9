"""File names (spans.py, kind ``file``): a model reads a name's parts as words and translates
them, or drops its extension.

    name        a file or host name with an extension: ``rapport.pdf``, ``insee.fr``; three or
                four capitals too, ``README.TXT`` (fr-en dropped ".TXT"); not
                ``ScriptForge.UI``, nor a line in capitals glued at a full stop, ``ATTENTION.NON
                MERCI``
    glob        ``*.jar``, ``*.PDF``
    dotfile     ``.env``, ``.bashrc``, ``.env.example`` (fr-en dropped ".env" and wrote
                ".bashask")
    quoted      a name with a space in quotation marks, with them (their marks the target's:
                inference/protection.py), after a word that names it a file's (``le fichier
                « Mes notes (copie).docx »``: fr-en wrote "“My notes file (copia)” .docx") or
                a verb that acts on one (:data:`ACTING`: ``Impossible d'ouvrir « rapport
                final.pdf »``: fr-en wrote "The “final.pdf could not be opened”", "rapport"
                lost), or such a word and a colon (``Ouvert : « Notes de réunion.docx »``:
                "Overt: “réunion.docx Notes”"); after a verb, of four words at most, no
                sentence punctuation inside and no host's ending (``a écrit « Allez sur
                insee.fr »``: a quotation). A
                quotation after another word keeps its marks and its words the model's, its
                file name alone a span (``Il a dit « Ouvrez config.ini »``).
"""

from __future__ import annotations

from nmt_cli.protect.languages import SPACES

EXTENSION = r"\.(?:[a-z][a-z0-9]{1,4}|[A-Z][A-Z0-9]{2,3}(?! +[A-Z]{2}))(?![\w-])"
_NAMING = "fichier document jointe nommé nommée intitulé file attachment named".split()
# The verbs that act on a file, right before its quoted name (French, English); not those a
# quotation follows (écrire, lire, envoyer: a message)
ACTING = (
    "ouvrir ouvert ouverte ouvrez enregistrer enregistré enregistrée enregistrez sauvegarder "
    "sauvegardé sauvegardée supprimer supprimé supprimée supprimez effacer effacé effacée "
    "charger chargé chargée chargez importer importé importée importez exporter exporté "
    "exportée exportez copier copié copiée copiez déplacer déplacé déplacée déplacez renommer "
    "renommé renommée renommez télécharger téléchargé téléchargée téléchargez restaurer "
    "restauré restaurée convertir converti convertie imprimer imprimé imprimée créer créé "
    "créée modifier modifié modifiée fermer fermé fermée trouver trouvé trouvée extraire "
    "extrait extraite remplacer remplacé remplacée écraser écrasé écrasée partager partagé "
    "partagée partagez "
    "open opened save saved delete deleted remove removed load loaded import imported export "
    "exported copy copied move moved rename renamed download downloaded upload uploaded "
    "restore restored convert converted print printed create created modify modified close "
    "closed find found extract extracted replace replaced overwrite overwritten share shared"
).split()
_HOSTS = "fr|com|org|net|eu|info|gov|edu|be|ch|ca|de|uk|io"  # a quotation's last word's end
_IN_NAME = '[^«»“”"<>|*?/\\\n]'  # a character of a quoted name; one with a space inside:
_SPACED = r"(?=[^«»“”\"\n]*?[^\s«»“”\"] [^\s«»“”\"])"
_QUOTED_NAME = rf"[^\s«»“”\"<>|*?/\\]{_SPACED}{_IN_NAME}{{0,80}}?{EXTENSION}"
# after a verb: four words at most, no sentence punctuation, no host's ending
_WORD = r"[^\s«»“”\"<>|*?/\\,;:!]+"
_ACTED_ON = rf"{_WORD}(?: {_WORD}){{1,3}}?(?!\.(?:{_HOSTS})\b){EXTENSION}"


def quoted_after(words: list[str], name: str, single: bool = False) -> str:
    """A ``name`` (a pattern) in quotation marks, with them, right after one of ``words`` (or
    its capitalized form) and a space, or a colon as a label's (``Fichier : « a b.pdf »``);
    ``single``: in single ones too (``'admin'``: not an elision's apostrophe, which no space
    comes before)."""
    cues = "|".join(
        f"(?<=(?<![\\w-]){x}{after})"
        for w in words
        for x in (w, w.capitalize())
        for after in (" ", ": ", f"[{SPACES}]: ")
    )
    inside = f"[{SPACES}]?"  # French « a », its no-break spaces
    singles = rf"|'{name}'|‘{name}’" if single else ""
    marks = "«“\"'‘" if single else "«“\""
    return rf"(?=[{marks}])(?:{cues})(?:«{inside}{name}{inside}»|“{name}”|\"{name}\"{singles})"


FILE = (
    rf"{quoted_after(_NAMING, _QUOTED_NAME)}|{quoted_after(ACTING, _ACTED_ON)}"
    rf"|(?<![\w.@/-])[\w-]{{2,}}(?:\.[\w-]+)*{EXTENSION}"
    rf"|(?<![\w.@/-])[\w-]{{3,}}\.[a-z](?![\w.-])|(?<![\w*])\*{EXTENSION}"
    r"|(?<![\w.@/-])\.[a-z][\w-]+(?:\.[\w-]+)*(?![\w-])"
)
