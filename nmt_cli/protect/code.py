"""Code-like spans of a line (spans.py), each kept as written: a model reads them as words and
changes them (a setting's value translated, a requirement's ``==`` dropped, a quote curled).

    setting      ``NAME=value``: ``LANG=fr_FR.UTF-8``, ``max_len=256``, ``debug="oui"``, a
                 query string whole, ``?page=2&lang=fr``, ``&sort=asc``; a key
                 and its value after a word that names it a key: ``la clé timeout: 30``
    requirement  a package and its versions: ``requests==2.31.0``, ``numpy>=1.24,<2``,
                 ``nmt-cli[documents]~=0.4`` (also after ``pip install``: fr-en wrote
                 ``pip install nmt-cli==0.4.2`` as "... nmt-cli=0.4.2")
    option       a command line's option on its own: ``--verbose``, ``--beam=5``, ``-h``,
                 ``-?``, a Java property with its value, a Windows path too
                 (``-Dmyprop=c:\\\\program files\\\\java``) (fr-en wrote ``--verbose`` "-verbose",
                 ``-?`` "- -?", that property "- Dmyprop=c: \\\\programs\\\\Japava")
    directory    a relative directory with its closing slash: ``build/out/``, ``src/`` (one
                 name: ASCII lower case, not ``européenne/``)
    class        a class name in CamelCase that ends in a word programs name classes with
                 (``FileNotFoundError``, ``StringBuilder``, ``HashMap``), or is called
                 (``MainWindow()``) or reached into (``QtWidgets.QWidget``); not a brand written
                 in CamelCase (``YouTube``, ``PlayStation``)
    sql          a statement from its capital keyword: ``SELECT nom FROM clients WHERE id = 3;``,
                 its quoted values with their quotes (``WHERE nom = 'Dupont'``), to its ``;`` or
                 to the last word that continues it (``... WHERE id = 3 pour voir``: not ``pour``)
    command      a command line, shell: commands.py
    prefix       a code's prefix ending in a hyphen or an underscore after the words that name
                 it one: ``commence par sk-``, ``le préfixe test-``, ``feature- ou fix-`` (fr-en
                 wrote "sky"); not French's suspended ``pré- et post-opératoires``
    shortcode    an emoji's shortcode: ``:sparkles:``, ``:+1:``
    qualified    a dotted name of three parts or more, each of two characters or more: a package,
                 module or service with its member (``com.sun.star.util.Date``,
                 ``os.path.join``), or of two where one is written in humps
                 (``ScriptForge.UI``, ``Tools.ModuleControls``, ``SFDialogs.DialogEvent``;
                 fr-en wrote ``ScriptForge.UI`` as "ScriptForg.UI"), with the arguments of a call
                 (``GlobalScope.BasicLibraries.loadLibrary("ScriptForge")``); fr-en wrote
                 ``com.sun.star.script.provider.XScriptProvider`` as "com.sun.star .script.
                 Clear.XScriptP" (a host or file name of as many parts, ``fr.wikipedia.org``,
                 ``rapport.final.pdf``, is a file's: spans.py lists that kind first); and a
                 name in its scope (``std::vector<int>``, ``QString::arg()``, ``com::sun::star``:
                 fr-en wrote "St. Use:vector<int>", "The QString method: arg()")
    method       a method's or a variable's name: in lowerCamelCase (``getByName``,
                 ``onOkHasFocus``; not ``iPad``, ``eBay``: brands), with a run of capitals into
                 a word (``VBASupport``, ``SFDocuments``), or called with no argument
                 (``Terminate()``; not a name in capitals, ``SOMME()``: a Calc function's French
                 name is translated: functions.py); fr-en wrote ``getByName`` as "GByName",
                 ``VBASupport`` as "VBASPort"
    regex        a regular expression, a word that holds a class escape (``\\d``, ``\\w``, ``\\s``,
                 ``\\b``), a negated class (``[^)]``), a wildcard run (``.*``, ``.+``) or a
                 repeated group (``)+``, ``]*``): ``\\([^)]+\\)``, ``^\\d{3}$``, ``i18n.*``; in
                 quotes, to the closing quote (``".*..."``). fr-en wrote ``\\([^)]+\\)`` as
                 "\\ (^) )+\\)" and ``"i18n.*"`` as 'i18n ".*"'
    statement    a BASIC statement's keywords joined by an ellipsis: ``If...Then...Else``,
                 ``On...GoSub``, ``For ... Next`` (fr-en wrote "Submitting...Then...Else",
                 "IGoSub", "Shock... Next")
    prompt, console, synopsis: a line at a prompt, a synopsis (prompts.py)
    formula      a formula's or a command's notation: a word that holds LibreOffice Math's
                 placeholder ``<?>`` (``<?>over<?>``, ``matrix{<?>#<?>}``, ``neg<?>``), closing
                 punctuation aside; a word glued to its braces (``sqrt{x}``, ``stack{a#b}``); a
                 TeX command with its braced arguments (``\\frac{a}{b}``, ``\\langle``, ``\\{``),
                 an escape sequence (``\\n``, ``\\x0A``), a backslash alone (``(\\)``);
                 alternatives in brackets (``[opt1|opt2]``); an equation of letters and
                 numbers written without spaces (``a^2+b^2=c^2``, ``x*y``), or with spaces
                 from a letter (``x + y = 1``, ``n = 0``); indexes and exponents, LibreOffice
                 Math's and TeX's (``a_2^3``, ``{}_2^3``, ``R_i{}^{jk}{}_l``, ``SO_4^{2-{}}``;
                 not a name in snake_case, ``max_len``); a call's quoted words, after its
                 bracket or a comma or semicolon glued to them (``=SI(A1>10;"Oui";"Non")``; not
                 a mask, ``TEXTE(A1;"JJ/MM/AAAA")``, written in the target's letters).
                 A spreadsheet's formula or call, whole, its functions named in the target
                 language (functions.py): ``=SOMME(A1:A3)`` is ``=SUM(A1:A3)``.
                 fr-en wrote ``sqrt{x}`` as "sqt{x}", ``\\frac`` as "#frac", ``[oui|non]`` as
                 "[Bi#non]", ``x + y = 1`` as "x+ y = 1" and, its letters alone kept,
                 "x + = 1", that call's arguments ``;";"Non")``
    cell         a spreadsheet's cell or range with a ``$``: ``$A$1``, ``$C:$D$2`` (functions.py)
    path         a path, with the placeholders of its names (``/home/%s/.config/app.ini``,
                 ``C:\\Users\\%USERNAME%\\AppData``, ``~/.config/%1/settings.ini``,
                 ``/var/log/{name}.log``): fr-en wrote the first "/home/%s /friend/fall", its
                 span ending at ``%`` (spans.py lists it with the kinds after these)
    drive        a Windows drive's letter and its colon, alone: ``C:``, ``les lecteurs C:, D: et
                 E:`` (fr-en wrote "C: D: and E:", the commas lost, the letters alone spans),
                 ``le disque C: est plein``; not a label before words (``Plan B: on part``)
    vim          a vi command at its colon: ``:q!``, ``:wq``, ``:w``, ``:set number``,
                 ``:%s/a/b/g`` (fr-en wrote ``Tapez :q! pour quitter`` "Type:q! To leave", the
                 sentence cut at its ``!``)
    ip           an IPv6 address, its zone (``%eth0``) and, in brackets, its port: ``::1``,
                 ``fe80::1%eth0``, ``[2001:db8::1]:8080`` (fr-en wrote ``::1`` as ": 1")
    wiki         a wiki's link, whole (``[[Accueil]]``: a page's name), or its target and its
                 closing brackets where it names a label, which is translated
                 (``[[Accueil|page d'accueil]]``); fr-en wrote ``[[nom]]`` as "[Name]]"
    merge        a merge request's reference as GitLab writes it: ``!56``, ``(!1234)`` (fr-en
                 wrote ``Voir la MR !56`` "Give the MR. 56")
    splat        Python's packed arguments: ``**kwargs`` (two stars, any name), ``*args``
                 (fr-en wrote ``**kwargs`` "**kwwargs"); not emphasis, which closes its star
"""

from __future__ import annotations

import re
from collections.abc import Collection

from nmt_cli.protect import functions, prompts

_PAIR = r"[A-Za-z_][\w.-]*=(?![=\s])(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s\"',;=()&]+)"
_SETTING = (
    # a query string's too, with its ? or & and every pair: ``?page=2&lang=fr`` (fr-en wrote
    # ``Ajoutez ?page=2&lang=fr`` "Add?page=2&lang=f to the address?")
    rf"(?:(?<![\w?&])[?&](?=[A-Za-z_])|(?<![\w.=/-])){_PAIR}(?:&{_PAIR})*"
    # a key and its value in prose, after the word that names it a key: ``la clé timeout: 30``
    # (fr-en wrote "the day key: 30"); its value a number, a boolean or a quoted string
    r"|(?:(?<=\bclé )|(?<=\bparamètre )|(?<=\boption )|(?<=\bchamp )|(?<=\bpropriété )"
    r"|(?<=\bkey )|(?<=\bsetting )|(?<=\bfield ))"
    r"[A-Za-z_][\w.-]*[ \u00a0]?:[ \u00a0]?"
    r"(?:-?\d+(?:[.,]\d+)?|true|false|null|\"[^\"\n]*\"|'[^'\n]*')(?!\w|[.,]\w)"
)
# a JSON object pasted in a line, objects inside it two deep ({"a": {"b": {"c": 1}}}: one span)
_JSON_INSIDE = r"\{(?:[^{}\n]|\{[^{}\n]*\})*\}"
JSON = rf'\{{\s*"[^"\n]*"\s*:(?:[^{{}}\n]|{_JSON_INSIDE})*\}}'
_VERSION = r"\d[\w.*+!-]*"
_COMPARE = r"(?:===|==|>=|<=|~=|!=)"
REQUIREMENT = (
    rf"(?<![\w.-])[A-Za-z][\w.-]*(?:\[[\w,.-]+\])?{_COMPARE}{_VERSION}"
    rf"(?:,(?:{_COMPARE}|[<>]){_VERSION})*"
)
_SEGMENT = r"[A-Za-z_][A-Za-z0-9_.+@-]*/"
_DIRECTORY = (
    rf"(?<![\w/.:~\\-])(?:\.{{1,2}}/)?(?:{_SEGMENT}){{2,}}(?![\w/])"
    r"|(?<![\w/.:~\\-])(?:\.{1,2}/)?[a-z_][a-z0-9_.-]+/(?=[.,;:!?)»\"']?(?:\s|$))"
    # a git branch named by its kind: feature/paiement, hotfix/facture (fr-en: "sheature/pault")
    r"|(?<![\w/.-])(?:feature|feat|fix|bugfix|hotfix|release|chore|refactor)/[\w-]+"
    r"(?:[./][\w-]+)*"
)
# The last word of a class name, as programs name classes
_CLASS_WORDS = (
    "Error Exception Warning Builder Manager Factory Handler Service Controller Provider "
    "Listener Adapter Interface Impl Widget Dialog Window Layout Config Configuration Settings "
    "Context Request Response Stream Reader Writer Buffer Client Server Helper Util Utils "
    "Iterator Collection List Map Dict Array Set Queue Stack Event Node Exception Loader Parser "
    "Formatter Validator Serializer Component Module Plugin Task Thread Runner Test Entity "
    "Field Property Repository Encoder Decoder Tokenizer Translator Model Options"
).split()
_HUMP = r"[A-Z][a-z0-9]+"
_CLASS = (
    rf"(?<![\w.])(?:{_HUMP})+(?:{'|'.join(sorted(set(_CLASS_WORDS)))})(?![\w])"
    rf"|(?<![\w])(?:{_HUMP}){{2,}}(?=\(\)|\(\w|::|\.[a-z]\w*\()"  # called, or reached into
    rf"|(?<=[a-z]\.)(?:Q|{_HUMP})(?:{_HUMP})+(?![\w])"  # after a module: QtWidgets.QWidget
)

# a method's or a variable's name: in lowerCamelCase (not after one letter: a brand, iPad, eBay),
# with a run of capitals into a word, or called with no argument (not a name in capitals: a Calc
# function's French name, SOMME(); a class's, MainWindow(), is the class kind's), or with
# arguments that are code, a number, a variable in humps or capitals, a literal (Chr(&H8000),
# eof(iNumber), Lof(#iNumber), CCur(EMPTY); not a plural, fichier(s), niveau(x), nor Sin(Alpha))
_CALL = (
    r"(?<![\w.$%@#&-])(?=\w*[a-z])[A-Za-z]\w*\$?"
    r"\((?=[^()\s]*(?:[\d&#\"_]|[a-z][A-Z]|[A-Z]{2}))[^()\s]+\)"  # not Paris(France)
)
_METHOD = (
    rf"{_CALL}(?![\w'’-])"  # first: CCur(EMPTY), not CCur
    r"|(?<![\w.$%@#&/-])(?:(?:[a-z]{2,}(?:[A-Z][a-z0-9]*)+[a-z0-9]|[A-Z]{2,}[a-z]{2,}\w*)(?:\(\))?"
    r"|(?=\w*[a-z])(?![A-Z][a-z0-9]+[A-Z])[A-Za-z_]\w*\(\))(?![\w'’-])"
)

# a function called with arguments, a name from a small letter: ``print(x)``, ``round(v, 2)``
# (fr-en wrote "Preple up(x)"); code where the model was taught no such word (untaught_calls)
_UNTAUGHT_CALL = re.compile(r"(?<![\w.$%@#&/-])([a-z][A-Za-z0-9_]*)\([^()\n]{1,40}\)(?![\w'’(-])")
# what a call's brackets hold that is a plural or gender mark: élément(s), niveau(x)
_MARKS = re.compile(r"(?:\((?:e?s|e|ne|le|nt|ent|ont|vent)|(?<=au|eu|ou)\(x)\)$")


def untaught_calls(line: str, known: Collection[str]) -> list[tuple[int, int]]:
    """(start, end) of each function call in ``line`` whose name the model was taught as no
    word (``known``: its source words), arguments and brackets with it: ``Appelez print(x) pour
    afficher``; not a word's plural mark (``fichier(s)``, ``niveau(x)``) nor a word the model
    knows (``max(x)``: the mark's word, or a French one)."""
    found = []
    for m in _UNTAUGHT_CALL.finditer(line):
        if m[1] in known or m[1].lower() in known or _MARKS.search(m[0]):
            continue
        found.append(m.span())
    return found


_SQL_OPERAND = (
    r"(?:'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`|\d+(?:\.\d+)?|[?*]|:\w+"
    r"|\w+(?:\.(?:\w+|\*))*(?:\([^()\n]*\))?|\([^()\n]*\))"
)
_SQL_OPERATOR = r"(?:<>|!=|<=|>=|=|<|>|\|\||[-+*/%,])"
_SQL_EXPRESSION = rf"{_SQL_OPERAND}(?:\s*{_SQL_OPERATOR}\s*{_SQL_OPERAND}|\s+\([^()\n]*\))*"
_SQL_HEAD = (  # a statement's keyword and what it cannot go without
    rf"SELECT(?:\s+DISTINCT)?\s*{_SQL_EXPRESSION}\s+FROM\s+{_SQL_EXPRESSION}"
    rf"|INSERT\s+INTO\s+{_SQL_EXPRESSION}|UPDATE\s+\w+\s+SET\s+{_SQL_EXPRESSION}"
    rf"|DELETE\s+FROM\s+{_SQL_EXPRESSION}"
    r"|(?:CREATE|DROP|ALTER|TRUNCATE)\s+(?:TABLE|INDEX|VIEW|DATABASE)\s+"
    rf"(?:IF\s+(?:NOT\s+)?EXISTS\s+)?{_SQL_EXPRESSION}"
)
_PART = r"[A-Za-z_][A-Za-z0-9_]+"
# a part written in humps: two small letters before a capital (not a brand, iPhone, McDonald),
# or capitals run into a word (not a plural, PDFs)
_HUMP_MARK = r"(?:[a-z]{2}[A-Z]|[A-Z]{2}[a-z]{2})"
_HUMPED = rf"(?=[A-Za-z0-9_]*{_HUMP_MARK})[A-Za-z_][A-Za-z0-9_]+"
_DOTTED = rf"{_PART}(?:\.{_PART}){{2,}}|{_HUMPED}\.{_PART}|{_PART}\.{_HUMPED}"
# a name in its scope (C++, PHP, Ruby, Rust): std::vector<int>, QString::arg, Foo::~Foo
_SCOPED = r"[A-Za-z_]\w*(?:::~?[A-Za-z_]\w*)+(?:<[^<>\n]*>)?"
# spans.py lists it after "file"; not a spreadsheet's function, in capitals (functions.py)
QUALIFIED = rf"(?<![\w.@/-])(?![A-Z0-9_.]+\()(?:{_DOTTED}|{_SCOPED})(?:\([^()\n]*\))?(?![\w-]|\.\w)"
QUALIFIED_NEEDS = rf"\w\.\w+\.\w|{_HUMP_MARK}\w*\.\w|\w\.\w*{_HUMP_MARK}|\w::~?\w"
_OPERAND = r"(?:[A-Za-z]|\d+(?:[.,]\d+)?)"  # of an equation written without spaces
_BRACED = r"\{[^{}\s]*(?:\{[^{}\s]*\}[^{}\s]*)*\}"  # in braces, one nested pair at most, no space
_FORMULA = (
    r"(?<!\S)\S*?<\?>\S*?(?=[.,;:!?)\"»]*(?:\s|$))"
    r"|(?<![\w\\])[a-z]{2,}\{(?!\d+\})[^{}\n]*\}"  # sqrt{x}; not a placeholder, x{0}
    r"|\\\"(?=[$%{])[^\"\s\\]+\\\"|(?<![^\s(\"'«“])\\(?=[\s)\"'»”.,;:]|$)"  # \"%s\"; (\), "\"
    # \frac{a}{b}, \n, \x0D\x0A; an escape glued to a word it is no command of: \nDeuxième
    r"|(?:\\(?:x[0-9A-Fa-f]{2}|[nrt](?=[^\W\d_a-z])|[A-Za-z]+(?![^\W\d_]))(?:\{[^{}\s]*\})*)+"
    r"|\\[{}\[\]()\\|]"  # \{, \[, \\
    r"|\[[^\[\]\s|]+(?:\|[^\[\]\s|]+)+\]"  # [opt1|opt2]
    rf"|(?<![\w.^+=*/\\-]){_OPERAND}(?:[\^+=*]{_OPERAND})+(?![\w^+=*/])"  # a^2+b^2=c^2
    # x + y = 1, n = 0 (a decimal number left to the number kind: e = 2,718282 is converted)
    r"|(?<![\w'’.,-])[A-Za-z](?: [=<>≤≥≠+*/^×-] (?:[A-Za-z]|\d+))+(?![\w'’]|[.,]\d)"
    # indexes and exponents, LibreOffice Math's and TeX's: a_2^3, {}_2^3, R_i{}^{jk}, SO_4^{2-{}}
    # (an exponent, a number or braces after _: not a name in snake_case, max_len)
    rf"|(?<![\w{{}}^_\\])(?=[\w{{}}\"-]*(?:\^|_\d|_\{{|\}}_))(?:\w+|{_BRACED})(?:{_BRACED})*"
    rf"(?:[_^](?:\w+|{_BRACED}|\"[^\"\s]*\")(?:{_BRACED})*)+(?![\w{{}}^_])"
    # a call's quoted words: SI(A1;"Oui";"Non")
    r'|(?:(?<=\w\()|(?<=[;,]))"(?=[^"\n]*[a-zà-ÿ])[^"\n]*"(?=[;,)])'
)
_WINDOWS_PATH = r"[A-Za-z]:\\{1,2}(?:[\w.+@ -]+\\{1,2})*[\w.+@-]+"  # c:\\program files\\java
# a command line's long option on its own: --verbose, --beam=5 (not -- between words), one a
# placeholder names (--%s: fr-en wrote "-- %s", "- %s"); a Java
# property with its value, a Windows path too; a short one, a dash and one letter or ? as a
# word: -h, -? (fr-en wrote -? as "- -?")
_OPTION = (
    r"(?<![\w-])--[A-Za-z][\w-]*(?:=[^\s,;)\]]+)?(?<![.:])"
    r"|(?<![\w-])--(?:%(?:\d+\$)?[-+#0]*\d*(?:\.\d+)?[a-zA-Z]|\{\w*\})"  # --%s, --{0}
    rf"|(?<!\S)-D[A-Za-z_][\w.]*=(?:{_WINDOWS_PATH}|[^\s,;]+(?<![.:]))"
    r"|(?<!\S)-[A-Za-z?](?=[\s,;)]|[.:!]?$|[.:!]\s)"
)
# what tells a regular expression: a class escape (not a path's \Docs), a negated class, a
# wildcard run, a repeated group (not a plural's "fichier(s)?", nor a note's "note)*")
_REGEX_SIGN = r"\\[dDwWsSbB](?![a-z])|\[\^|\.[*+]|\([^()\s]*\)[*+]|\[[^\[\]\s]*\][*+]"
_REGEX = (
    rf"(?<=[\"“])(?=[^\s\"”]*(?:{_REGEX_SIGN}))[^\s\"”]+(?=[\"”])"  # in quotes: to the quote
    rf"|(?<![^\s«“\"'])(?![\"“'])(?=\S*(?:{_REGEX_SIGN}))\S*?(?:\\\S|[^\s.,;:!?\"”»'])"
    r"(?=[.,;:!?]*[\"”»']?(?:\s|$))"  # to the sentence's punctuation
)


def regex_sign(text: str) -> bool:
    """Whether ``text`` holds what tells a regular expression (kind ``regex``)."""
    return re.search(_REGEX_SIGN, text) is not None


_KEYWORD = (
    r"(?:If|Then|Else|ElseIf|For|Each|Next|Do|Loop|While|Wend|Until|On|GoSub|GoTo|Return"
    r"|Select|Case|With|End|Sub|Function|Property|Try|Catch)"
)
_STATEMENT = rf"\b{_KEYWORD}(?:\.\.\.{_KEYWORD})+\b|\b{_KEYWORD}(?: \.\.\. {_KEYWORD})+\b"
_SQL = rf"\b(?:{_SQL_HEAD})(?:(?:\s+[A-Z][A-Z_]+\b)+(?:\s*{_SQL_EXPRESSION})?)*;?"
# a name of a path: its characters, and placeholders, %s, %1, %USERNAME%, {name}, ${VAR}
_NAME = r"(?:[\w.+@-]|%\w+%?|\{\w+\}|\$\{\w+\})+"
# Program Files (x86); not from a space (``C:\Temp\ puis %APPDATA%\x``: two paths)
_WINDOWS_NAME = r"(?:[\w.+@()-]|%\w+%?|\{\w+\}|\$\{\w+\})(?:[\w.+@ ()-]|%\w+%?|\{\w+\}|\$\{\w+\})*"
PATH = (
    rf"(?<![\w/.:~-])(?:~|\.{{1,2}})?/(?:{_NAME}/)*{_NAME}/?"
    # a folder's ends in a backslash, kept (fr-en wrote "C:\Agenda#" for C:\Agenda\)
    rf"|\b[A-Za-z]:\\(?:{_WINDOWS_NAME}\\)*{_NAME}\\?"
    rf"|(?:%\w+%|\{{\w+\}}|\$\w+)\\(?:{_NAME}\\)*{_NAME}\\?"  # %APPDATA%\LibreOffice
    rf"|(?<![\w$])(?:\$\w+|\$\{{\w+\}})/(?:{_NAME}/)*{_NAME}/?"  # $HOME/docs
    rf"|(?<![\w/.-])(?:{_NAME}/)+[\w+@-]+(?:\.[\w+@-]+)*\.[A-Za-z][A-Za-z0-9]{{0,4}}(?![\w/])"
)
_HEX = "[0-9A-Fa-f]{1,4}"
_IPV6 = (  # eight groups, or fewer around one :: (not :: alone)
    rf"(?:{_HEX}(?::{_HEX}){{7}}|(?:{_HEX}(?::{_HEX}){{0,6}})?::{_HEX}(?::{_HEX}){{0,6}}"
    rf"|{_HEX}(?::{_HEX}){{0,6}}::)(?:%[\w.-]+)?"
)
_IP = rf"\[{_IPV6}\](?::\d{{1,5}})?(?!\w)|(?<![\w:.]){_IPV6}(?![\w:])"
_WIKI = r"\[\[[^\[\]|\n]+(?:\]\]|\|(?=[^\[\]\n]*\]\]))|(?<=[^\[\]\s])\]\](?!\])"
# a condition of C, Java, JavaScript or a shell's test: operands joined by && or ||, after if
# or while in their parentheses (``if (a && b)``; fr-en wrote "(a& b)"), or with a first operand
# that is code (``x > 0 || !done``, ``a || b``, ``is_ok && count``; not words: ``Tom && Jerry``)
_VARIABLE = r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*"  # dotted: obj.count (not a sentence's stop)
_TERM = rf"{_VARIABLE}(?:\(\))?"
_VALUE = r"'[^'\n]*'|\"[^\"\n]*\"|-?[\w$]+(?:\.[\w$]+)*"
_COMPARED = rf"{_TERM} ?(?:===?|!==?|<=|>=|<|>) ?(?:{_VALUE})"
_CODE = (  # compared, negated, one letter, called, with a mark or a digit, or dotted, or in humps
    rf"{_COMPARED}|!{_TERM}|[A-Za-z](?![\w.$(])|{_VARIABLE}\(\)"
    r"|[A-Za-z_$][\w$]*[_$\d][\w$]*(?:\.[A-Za-z_$][\w$]*)*"
    r"|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+|[a-z]+[A-Z][\w$]*"
)
_AND_OR = r" ?(?:&&|\|\|) ?"
_ANY = rf"(?:{_COMPARED}|!?{_TERM})"
_EXPRESSION = (
    rf"\b(?:if|while) ?\({_ANY}(?:{_AND_OR}{_ANY})+\)"
    rf"|\((?:{_CODE})(?:{_AND_OR}{_ANY})+\)|(?<![\w(])(?:{_CODE})(?:{_AND_OR}{_ANY})+(?![\w)])"
)
# a drive's letter and its colon, alone (before punctuation or the end), or before words where
# a word names it a drive or another drive is listed with it (``le lecteur C: est plein``,
# ``C: ou D:``); not a label before its words: ``Plan B: on part demain``
_DRIVE_WORDS = "lecteur lecteurs disque disques partition partitions volume unité drive".split()
_NAMED_DRIVE = "|".join(
    [rf"(?<=\b{w} [A-Z]:)" for w in _DRIVE_WORDS]
    + [rf"(?<=[A-Z]:{j}[A-Z]:)" for j in (", ", " et ", " ou ", " and ", " or ", " puis ")]
)
_DRIVE = (
    r"(?<![\w:/\\.@-])[A-Z]:(?=[,;.)»]|$"
    rf"|(?:{_NAMED_DRIVE})\s|\s+(?:et|ou|and|or|puis)\s+[A-Z]:)"
)
_VIM = (
    r"(?<!\S):(?:w?q[a]?!?|wq?a?!?|x!?|e!|set [a-z]+(?:=\S+)?|%?s/[^\s/]*/[^\s/]*/[gci]*)"
    r"(?=[\s,;.)»]|$)"
)
# (kind, pattern, what a line must hold for it), patterns.py's PATTERNS and NEEDS (one a kind)
_FORMULA_NEEDS = (
    r"<\?>|[a-z]\{|\\|\||\w[\^+=*]\w|\b[A-Za-z] [=<>≤≥≠+*/^×-] |[\w}][_^]|[(;,]\""
    rf"|{functions.NEEDS}"
)
# a tax or bank account: an IBAN, its country's code and check digits glued (FR76 3000 6000 0112
# 3456 7890 189), a VAT number (FR 40 303 265 045, DE 123456789): its groups were read as a
# number, "40,303,265,045" (not "LE 12 MAI 2020 AURA", "CA 12 500 000": capitals and a number)
_ACCOUNT = (
    r"(?<![\w])(?:[A-Z]{2}\d{2}(?: ?[0-9A-Z]{4}){2,7}(?: ?[0-9A-Z]{1,3})?"
    r"|FR ?[0-9A-Z]{2} ?\d{3} ?\d{3} ?\d{3}|[A-Z]{2} ?\d{8,12})(?![\w])"
    # a French company's numbers after their names, a town's registry (fr-en: "123,456,789")
    r"|(?<=\bSIREN )\d{3} ?\d{3} ?\d{3}(?![\w])|(?<=\bSIRET )\d{3} ?\d{3} ?\d{3} ?\d{5}(?![\w])"
    r"|(?<=\bRCS )(?:[A-ZÀ-Ý][\w'-]+ )+(?:[AB] )?\d{3} ?\d{3} ?\d{3}(?![\w])"
)
# a code's prefix, a word of ASCII ending in a hyphen or an underscore, after the words that name
# it one (fr-en wrote "commence par sk-." "starting with sky."), and another after it in a list
# (feature- ou fix-); not French's suspended prefixes, pré- et post-opératoires
_PREFIX_CUES = (
    *(f"commenc{e} par" for e in ("e", "ent", "er", "çant")),
    *(f"début{e} par" for e in ("e", "ent", "er", "ant")),
    *(f"préfix{e} par" for e in ("é", "ée", "és", "ées")),
    *("préfixe", "préfixe :", "starts with", "start with", "starting with", "prefix"),
    *("begins with", "begin with", "prefixed with", "prefixed by"),
)
_PREFIX = (
    "(?:"
    + "|".join(rf"(?<=\b[{c[0].upper()}{c[0]}]{c[1:]} )" for c in _PREFIX_CUES)
    + "|"
    + "|".join(rf"(?<=\w[-_]{j})" for j in (" ou ", " et ", ", ", " or ", " and "))
    + r")[A-Za-z0-9](?:[A-Za-z0-9_.]*[A-Za-z0-9_])?[-_](?=[\s.,;:!?)»\"'’”]|$)"
)
# a name after two stars no later two close (**gras**, **mot de passe**: emphasis), or *args
_SPLAT = (
    r"(?<![\w*])(?:\*\*[A-Za-z_]\w*(?![^\n]*[^\s*]\*\*)|\*(?:args|argv|kwargs|kwds|rest)\b)"
    r"(?![\w*])"
)
# an emoji's shortcode, as GitHub, Slack and Discord write them (fr-en: ":sparkles:" "files:")
_SHORTCODE = r"(?<![\w:/]):[a-z0-9+-][a-z0-9_+-]*:(?![\w:/])"
PATTERNS = (
    ("shortcode", _SHORTCODE, r":[a-z0-9+-][a-z0-9_+-]*:"),
    ("account", _ACCOUNT, r"\b[A-Z]{2} ?\d\d|SIREN|SIRET|RCS"),
    ("setting", _SETTING, r"=|(?:clé|paramètre|option|champ|propriété|key|setting|field) \w"),
    ("requirement", REQUIREMENT, r"[=~!<>]="),
    ("option", _OPTION, r"--|(?<!\S)-[A-Za-z?]"),
    ("directory", _DIRECTORY, "/"),
    ("class", _CLASS, r"[a-z0-9][A-Z]"),
    ("sql", _SQL, r"SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|TRUNCATE"),
    ("formula", functions.PATTERN, _FORMULA_NEEDS),  # =SOMME(A1)*2: not a regex's (A1)*
    ("regex", _REGEX, r"\\[dDwWsSbB]|\[\^|\.[*+]|[)\]][*+]"),
    ("prompt", prompts.PYTHON, r"^>>> "),
    ("console", prompts.SHELL, r"^\$ "),
    ("synopsis", prompts.SYNOPSIS, prompts.SYNOPSIS_NEEDS),
    ("statement", _STATEMENT, r"[a-z] ?\.\.\. ?[A-Z]"),
    ("formula", _FORMULA, _FORMULA_NEEDS),
    ("cell", functions.CELL, functions.CELL_NEEDS),
    ("drive", _DRIVE, r"[A-Z]:"),
    ("vim", _VIM, ":[%a-z]"),
    ("ip", _IP, rf"::|(?:{_HEX}:){{7}}"),
    ("wiki", _WIKI, r"\[\[|\]\]"),
    ("expression", _EXPRESSION, r"&&|\|\|"),
    ("method", _METHOD, r"[a-z][A-Z]|[A-Z]{2}[a-z]|\(\)|\w\$?\("),
    ("merge", r"(?<![\w!?.])!\d+(?![\w])", r"!\d"),
    ("prefix", _PREFIX, r"\w[-_](?![\w-])"),
    ("splat", _SPLAT, r"\*\*\w|\*(?:arg|kw|rest)"),
)


_CLOSERS = ".,;:!?'\"»”’"  # punctuation that ends a sentence or a quote, not a URL or a command


def trim_closing(text: str) -> str:
    """``text`` without the sentence punctuation at its end: ``https://a.fr/x.`` -> ``...x``; a
    closing bracket the text opens stays (``.../Paris_(ville)``), as does ``cd ..``."""
    pairs = {")": "(", "]": "[", "}": "{"}
    while text:
        if text.endswith("..") and text[-3:-2] in ("", " ", "/"):
            break  # the parent directory
        last = text[-1]
        if last in "'\"" and text.count(last) % 2 == 0:
            break  # a quote that closes one the text opens (``echo 'oui'``)
        if last in _CLOSERS or last in pairs and text.count(pairs[last]) < text.count(last):
            text = text[:-1]
        else:
            break
    return text
