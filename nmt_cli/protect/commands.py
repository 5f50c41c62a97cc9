"""Command lines in a line of text (spans.py, kinds ``command`` and ``shell``), kept as written:
a model reads a program's options, paths and names as words and changes them (fr-en wrote
``git push origin develop`` "git push originally developed", ``systemctl restart nginx``
"systemct restart ngin").

    command      a command line: a well-known program (``_PROGRAMS``) with options, paths or URLs
                 (``curl -X POST https://...``), or with a subcommand (``git status``,
                 ``pip install -U nmt-cli``), or alone after a word that names it a command
                 (``la commande ls``)
    shell        a command line that quotes an argument or chains commands:
                 ``grep -r "mot clé" src/``, ``ls -l | wc -l``, ``echo 'oui' > a.txt``,
                 ``cd build && cmake ..`` (``cd`` and its directory only in a chain: "un cd
                 de musique" is prose), ``make && make install``
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from nmt_cli.protect.code import REQUIREMENT

QUOTED = r"\"[^\"\n]*\"|'[^'\n]*'"
CHAIN = r"\|\||\||&&|>>|>|2>&1"  # between two commands, or before a file
SHELL_NEEDS = r"[\"|>]| '|&&"
_QUOTING = {"echo", "printf", "grep", "egrep", "sed", "awk"}  # whose quoted argument is code
_CHAINED = re.compile(rf"(?:^|\s)(?:{CHAIN})|\s-{{1,2}}\w|/|\.\w")


def is_shell(text: str) -> bool:
    """Whether a match of the shell pattern is a command line, not prose that starts with a
    program's name and quotes a word (``more "democratic" rules``): it chains commands, or
    holds an option or a path outside its quotes, or its program quotes code (``echo``,
    ``grep``...)."""
    bare = re.sub(QUOTED, " ", text)
    words = bare.split()
    program = words[1] if words[:1] == ["sudo"] and len(words) > 1 else words[0]
    return program in _QUOTING or bool(_CHAINED.search(bare.split(None, 1)[-1]))


# Programs whose name, followed by options or paths, starts a command line.
_PROGRAMS = (
    "ls cd cp mv rm mkdir rmdir touch cat less more head tail grep find chmod chown ln tar "
    "gzip gunzip zip unzip curl wget ssh scp rsync python python3 pip pip3 sudo echo diff "
    "sed awk sort uniq wc df ps kill top make cmake gcc npm npx node java docker kubectl "
    "systemctl apt apt-get brew conda cargo go git nmt yarn bash sh zsh"
).split()
# Programs with subcommands: the program and a subcommand are a command line on their own.
_SUBCOMMANDS = {
    "git": "init clone add commit push pull status log diff checkout switch branch merge rebase "
    "fetch reset tag stash show",
    "pip": "install uninstall freeze list show",
    "npm": "install i uninstall run test start ci",  # i: install's short name
    "docker": "run build pull push ps exec images compose",
    "apt": "install remove update upgrade",
    "apt-get": "install remove update upgrade",
    "cargo": "build run test install",
    "make": "install uninstall clean distclean all check test",
    "nmt": "translate train align evaluate average export tokenizer",
    "systemctl": "start stop restart reload status enable disable",
    "kubectl": "get describe delete logs apply exec",
    "brew": "install uninstall upgrade info",
    "yarn": "add remove install run build test",
    "go": "run build test get install",
}
# Subcommands whose operands are names (a remote and a branch, a service, a package, a
# script): the names after them, up to ``n``, are the command's (``git push origin main``,
# ``systemctl restart nginx``, ``npm run build``), but a word of the sentence (_PROSE) is not.
_OPERANDS = {
    ("git", "push pull fetch"): 2,
    ("git", "checkout switch merge rebase branch"): 1,
    ("kubectl", "get describe delete logs"): 2,
    ("systemctl", "start stop restart reload status enable disable"): 1,
    ("npm", "run install i uninstall"): 1,
    ("yarn", "add remove run"): 1,
    ("brew", "install uninstall upgrade info"): 1,
    ("apt", "install remove"): 1,
    ("apt-get", "install remove"): 1,
    ("docker", "run pull push exec"): 1,
    ("go", "run get install"): 1,
}
# Words of a sentence after a command (French, English, German): never one of its operands.
_PROSE = (
    "et ou puis pour dans sur avec sans de du des le la les un une qui que afin ensuite avant "
    "après si est sont pas ne au aux chez par vers depuis en comme quand mais donc car ce cet "
    "cette ces votre vos notre nos son sa ses leur leurs mon ma mes ici là maintenant demain "
    "alors aussi encore déjà toujours enfin localement immédiatement simplement seulement "
    "and or then to in on at by with for from into the a an if is are now again first also "
    "here there locally instead und oder dann mit für im auf von zu jetzt"
).split()
_PROSE_WORDS = "|".join(_PROSE)  # as an alternation
_ARG = (
    rf"(?:-o (?!(?:{_PROSE_WORDS})(?![\w-]))[\w/-]+(?:\.[\w-]+)*"  # gcc ... -o main
    r"|-{1,2}[\w][\w=.,:/+-]*(?: (?:GET|POST|PUT|PATCH|DELETE|HEAD)(?!\S))?"  # -X POST
    r"|[A-Za-z][\w+.-]*://[^\s\"'<>`]+"  # a URL: curl https://... -H "..."
    r"|[~.]{0,2}/[^\s]*|\.\.?(?![^\s])"  # a path
    r"|[\w.-]+\.[a-z0-9]{1,5}\b|\.[a-z][\w-]+(?:\.[\w-]+)*"  # a file, a dotfile (.venv)
    r"|\*[\w.*]*)"  # a glob
)


def _longest_first(words: Iterable[str]) -> str:
    """``words`` as an alternation, each escaped, the longest first (``apt-get`` before
    ``apt``), words of one length in alphabetical order (the same pattern every run)."""
    return "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))


# The programs with a subcommand (``git status``), and those alone, as alternations
_SUBCOMMAND = "|".join(
    rf"{re.escape(p)} (?:{'|'.join(names.split())})(?![\w-])" for p, names in _SUBCOMMANDS.items()
)
_PROGRAM = _longest_first(_PROGRAMS)


def _operands() -> str:
    """The subcommands of _OPERANDS with their options and operands, as an alternation."""
    name = rf"(?!(?:{_PROSE_WORDS})(?![\w@.+:/-]))[a-z][\w@.+:/-]*"  # a lower-case name, no prose
    option = r"-{1,2}[\w][\w=.,:/+-]*"
    return "|".join(
        rf"{re.escape(p)} (?:{'|'.join(names.split())})(?: {option})*(?: {name}){{1,{n}}}"
        for (p, names), n in _OPERANDS.items()
    )


def _command_pattern() -> str:
    """A well-known program's command line (spans.py, kind ``command``)."""
    word = r"\w*(?:\d|[-._/]\w)[\w./-]*"  # after a subcommand: a name with a digit or a mark
    named = "|".join(rf"(?<={w} )" for w in _COMMAND_WORDS)  # "la commande ls": ls alone
    alone = _longest_first(set(_PROGRAMS) - _WORDS_TOO)
    module = r"python3? -m [\w.]+"  # python3 -m venv .venv: the module, then its arguments
    return (
        rf"(?<![\w/.-])(?:sudo )?(?:(?:{_operands()}|{_SUBCOMMAND}|{module})"
        rf"(?: {_ARG}| {REQUIREMENT}| {word})*"
        rf"|(?:{_PROGRAM})(?: {_ARG})+)|(?:{named})(?:{alone})(?![\w-])"
    )


# The words that name what follows a command: "la commande ls" (fr-en: "the Low command")
_COMMAND_WORDS = ("commande", "Commande", "command", "Command", "Befehl", "Kommando", "programme")
# Programs that are also words of a sentence ("la commande sort demain": goes out)
_WORDS_TOO = set("sort top more less make find go head tail touch kill cat diff".split())


def _shell_pattern() -> str:
    """A command line with a quoted argument or a chain (kind ``shell``)."""
    arg = rf"(?:{_ARG}|[\w.-]+/[^\s]*|\$\{{?\w+\}}?)"  # also a relative path, a $VAR
    cd = r"cd (?!-)[\w.~-]+(?![\w/])"  # cd and its directory (in a chain: "un cd de" is prose)
    script = r"\./[\w.-]+"  # ./configure && make: a script of the folder starts a chain too
    start = rf"(?:sudo )?(?:{_SUBCOMMAND}|{cd}|{_PROGRAM}|{script})"
    step = rf"(?: (?:{arg}|{QUOTED})| ?(?:{CHAIN}) ?(?:{start}|{arg}))"
    return (
        rf"(?<![\w/.-]){start}(?: {arg})*(?: (?:{QUOTED})| ?(?:{CHAIN}) ?(?:{start}|{arg}))"
        rf"{step}*"
    )


COMMAND = _command_pattern()
SHELL = _shell_pattern()
