"""Lines typed at a prompt, and a synopsis, in a line of text (code.py lists their kinds),
kept as written where the model would read them as words:

    prompt       a line at Python's prompt, ``>>>``, to its comment:
                 ``>>> print(Session().UserName) # propriété de l'objet`` keeps its code and
                 translates its comment (fr-en wrote "proof(Session(). UserName)")
    console      a line at a shell's prompt, ``$``, to its comment: ``$ monoutil entree.csv``
                 (fr-en lost the program, "$ entree.csv", one no list of programs knows)
    synopsis     a synopsis's program and subcommands after its label: ``Usage : monoutil
                 convertir [OPTIONS]`` (fr-en wrote "Use: my tool convert [OPTIONS]")
"""

from __future__ import annotations

# code: a call, an assignment, an index or a statement's keyword first (not a mail's quote,
# ">>> Bonjour"); not a continuation's "... " (a subtitle's line may start with an ellipsis)
PYTHON = (
    r"^>>> (?=[^#\n]*(?:\w\(|=|\w\[)|(?:import|from|def|class|for|while|if|with|return)\b)"
    r".*?(?=\s+#\s|\s*$)"  # to a comment, or to the end
)
# a line at a shell's prompt, to a comment
SHELL = r"^\$ (?=[a-z./~])\S.*?(?=\s+#\s|\s*$)"
# a synopsis's program and subcommands (typed as written) before its metavariables or options
LABELS = ("Usage", "usage", "USAGE", "Utilisation", "Syntaxe", "Synopsis")
SYNOPSIS = (
    "(?:"
    + "|".join(rf"(?<=^{label}{colon})" for label in LABELS for colon in (": ", " : "))
    + r")[a-z][\w.-]*(?: [a-z][\w.-]*)*(?= +(?:\[|<|\{|-{1,2}\w|[A-Z]{2,}|\.\.\.))"
)
SYNOPSIS_NEEDS = rf"^(?:{'|'.join(LABELS)}) ?:"  # the cue code.py looks for first
