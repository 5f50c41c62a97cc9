"""Writes the localization fixtures of this folder from LibreOffice's French interface catalogues
(../shared/data/software/libreoffice-ui-fr/*.po): their msgstr texts, which the shipped fr-en
model reads, in the shapes each format writes them (placeholders, access keys, plurals,
markup, several lines). Run from the repository root; the fixtures are committed, this script
only says where they came from:

    python tests/l10n/make_fixtures.py
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from xml.sax.saxutils import escape

import polib

HERE = Path(__file__).resolve().parent
CATALOGUES = HERE.parents[2] / "shared" / "data" / "software" / "libreoffice-ui-fr"
PER_KIND = {"mnemonic": 8, "placeholder": 10, "lines": 3, "markup": 2, "plain": 8}


def _kind(text: str) -> str:
    if "~" in text:
        return "mnemonic"
    if "<" in text:
        return "markup"
    if re.search(r"\$\(ARG\d\)|%\d|\$\d", text):
        return "placeholder"
    return "lines" if "\n" in text else "plain"


def entries(
    per_kind: dict[str, int] = PER_KIND, n_plurals: int = 4
) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str, str]]]:
    """(key, French text, English text) of each kind, as many as ``per_kind`` says, and (key,
    one, other, English) of ``n_plurals`` plurals."""
    chosen: dict[str, list[tuple[str, str, str]]] = {k: [] for k in per_kind}
    plurals, seen = [], set()
    for path in sorted(CATALOGUES.glob("*.po")):
        for e in polib.pofile(str(path)):
            key = re.sub(r"\W+", "_", (e.msgctxt or e.msgid)).strip("_")[:40]
            if key in seen or len(e.msgstr) > 160 or re.search(r"\$[a-z_]+\$", e.msgstr):
                continue  # LibreOffice's named $placeholders$: no other program's convention
            if e.msgid_plural and e.msgstr_plural.get(1) and len(plurals) < n_plurals:
                plurals.append((key, e.msgstr_plural[0], e.msgstr_plural[1], e.msgid))
                seen.add(key)
            elif e.msgstr and len(chosen[_kind(e.msgstr)]) < per_kind[_kind(e.msgstr)]:
                chosen[_kind(e.msgstr)].append((key, e.msgstr, e.msgid))
                seen.add(key)
    return [x for kind in chosen.values() for x in kind], plurals


def _numbered(text: str, write) -> str:
    """``text`` with LibreOffice's $(ARG1), %1, $1 written by ``write(n)``."""
    found = r"\$\(ARG(\d)\)|\$(\d)\$|%(\d)|\$(\d)"
    return re.sub(found, lambda m: write(int(next(filter(None, m.groups())))), text)


def i18n_json(texts, plurals) -> str:
    data: dict = {"app": {}, "units": {}}
    for key, fr, _ in texts:
        data["app"][key] = _numbered(fr, lambda n: f"{{{{arg{n}}}}}")
    for key, one, other, _ in plurals:
        data["units"][key] = {
            "one": one.replace("$1", "{{count}}"),
            "other": other.replace("$1", "{{count}}"),
        }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def messages_json(texts) -> str:
    data = {}
    for key, fr, en in texts:
        names = sorted(set(re.findall(r"\$\(ARG(\d)\)|%(\d)|\$(\d)", fr)))
        entry = {
            "message": _numbered(fr.replace("~", ""), lambda n: f"$arg{n}$"),
            "description": en,
        }
        if names:
            numbers = sorted({"".join(n) for n in names})
            entry["placeholders"] = {f"arg{n}": {"content": f"${n}"} for n in numbers}
        data[key] = entry
    return json.dumps(data, ensure_ascii=False, indent=4) + "\n"


def properties(texts) -> str:
    out = ["# LibreOffice's interface strings, in French", ""]
    for k, (key, fr, en) in enumerate(texts):
        value = _numbered(fr.replace("~", "&"), lambda n: f"{{{n - 1}}}")
        if "{" in value:
            value = value.replace("'", "''")
        value = "".join(c if ord(c) < 128 else f"\\u{ord(c):04x}" for c in value).replace(
            "\n", "\\n"
        )
        out.append(f"# {en.splitlines()[0]}")
        if k == 3:  # one value on continuation lines
            half = value.find(" ", len(value) // 2)
            value = value[:half] + " \\\n    " + value[half + 1 :] if half > 0 else value
        out.append(f"{key} = {value}")
    return "\n".join(out) + "\n"


def _android(text: str) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace("\\", "\\\\")
    text = text.replace("'", "\\'").replace('"', '\\"').replace("\n", "\\n")
    return re.sub(r"^([@?])", r"\\\1", text)


def strings_xml(texts, plurals) -> str:
    out = [
        '<?xml version="1.0" encoding="utf-8"?>',
        "<!-- LibreOffice's interface strings, in French -->",
    ]
    out.append('<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">')
    out.append('    <string name="app_name" translatable="false">LibreOffice</string>')
    for k, (key, fr, en) in enumerate(texts):
        value = _android(fr.replace("~", ""))
        tagged = k % 2 == 1  # every other string's placeholders inside <xliff:g>
        value = _numbered(
            value,
            lambda n, tagged=tagged: (
                f'<xliff:g id="arg{n}">%{n}$s</xliff:g>' if tagged else f"%{n}$s"
            ),
        )
        out.append(f"    <!-- {en.splitlines()[0].replace('--', '-')} -->")
        out.append(f'    <string name="{key}">{value}</string>')
    for key, one, other, _ in plurals:
        out.append(f'    <plurals name="{key}">')
        out.append(f'        <item quantity="one">{_android(one).replace("$1", "%d")}</item>')
        out.append(f'        <item quantity="many">{_android(other).replace("$1", "%d")}</item>')
        out.append(f'        <item quantity="other">{_android(other).replace("$1", "%d")}</item>')
        out.append("    </plurals>")
    out.append('    <string-array name="days">')
    out += [f"        <item>{d}</item>" for d in ("Lundi", "Mardi", "Mercredi")]
    out.append("    </string-array>")
    out.append('    <dimen name="margin">16dp</dimen>')
    return "\n".join(out + ["</resources>"]) + "\n"


def apple_strings(texts) -> bytes:
    out = []
    for key, fr, en in texts:
        value = _numbered(fr.replace("~", ""), lambda n: f"%{n}$@")
        value = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        out.append(f'/* {en.splitlines()[0]} */\n"{key}" = "{value}";\n')
    return "\n".join(out).encode("utf-16")  # with its byte order mark, as Xcode writes


def catalogue(texts, plurals) -> str:
    """A gettext catalogue of the French texts as msgids, to be translated."""
    po = polib.POFile()
    po.metadata = {"Language": "fr", "Content-Type": "text/plain; charset=UTF-8"}
    po.metadata["Plural-Forms"] = "nplurals=2; plural=(n > 1);"
    po.metadata["X-Accelerator-Marker"] = "~"
    for key, fr, en in texts:
        po.append(polib.POEntry(msgctxt=key, msgid=fr, msgstr="", comment=en))
    for key, one, other, _ in plurals:
        po.append(
            polib.POEntry(msgctxt=key, msgid=one, msgid_plural=other, msgstr_plural={0: "", 1: ""})
        )
    return str(po)


_TAG = re.compile(r"</?[a-z]+(?:\s[^<>]*)?>")  # an HTML tag in a string: <font size=1>
_ARG = re.compile(r"\$\(ARG\d\)|\$\d\$|%\d|\$\d")


def _inline(text: str, k: int, version: str) -> str:
    """``text`` as XLIFF ``version`` content: escaped, its line breaks, HTML tags and
    placeholders as standalone codes (every third %1 left as text), and in one plain string
    of two its first words in a paired code (every other one a pair of begin and end codes)."""
    ph = "ph" if version == "2.0" else "x"
    parts, n = [], 0
    for m in re.finditer(rf"\n|{_TAG.pattern}|{_ARG.pattern}", text):
        parts.append(escape(text[n : m.start()]))
        code, n = m.group(), m.end()
        if code == "\n":
            lb = 'type="fmt" subType="xlf:lb"' if version == "2.0" else 'ctype="lb"'
            parts.append(f'<{ph} id="lb{len(parts)}" {lb}/>')
        elif code.startswith("%") and k % 3 == 0:
            parts.append(code)
        elif version == "2.0":
            parts.append(f'<ph id="c{len(parts)}" disp="{escape(code)}"/>')
        elif k % 3 == 1:
            parts.append(f'<x id="c{len(parts)}" equiv-text="{escape(code)}"/>')
        else:
            parts.append(f'<ph id="c{len(parts)}">{escape(code)}</ph>')
    parts.append(escape(text[n:]))
    content = "".join(parts)
    words = content.split(" ")
    if len(parts) > 1 or "~" in content or len(words) < 3 or k % 2:
        return content
    first, rest = " ".join(words[:2]), " ".join(words[2:])
    if version == "2.0":
        if k % 4:
            return f'<pc id="b{k}" type="fmt" subType="xlf:b">{first}</pc> {rest}'
        return f'<sc id="i{k}" type="fmt" subType="xlf:i"/>{first}<ec startRef="i{k}"/> {rest}'
    if k % 4:
        return f'<g id="b{k}" ctype="bold">{first}</g> {rest}'
    i = f'<bpt id="i{k}">&lt;i&gt;</bpt>{first}<ept id="i{k}">&lt;/i&gt;</ept>'
    return f"{i} {rest}"


def xliff(texts, plurals, version: str) -> str:
    """The French texts as the sources of an XLIFF ``version`` (1.2 or 2.0) file to translate,
    English targets on every seventh (approved on every fourteenth), a translate="no" unit,
    plural forms as units of their own."""
    v2 = version == "2.0"
    units = [(key, fr, en, k) for k, (key, fr, en) in enumerate(texts)]
    for key, one, other, en in plurals:
        units += [(f"{key}-one", one, en, 1), (f"{key}-other", other, en, 1)]
    ns = f"urn:oasis:names:tc:xliff:document:{version}"
    out = ['<?xml version="1.0" encoding="UTF-8"?>']
    if v2:
        out.append(f'<xliff xmlns="{ns}" version="2.0" srcLang="fr" trgLang="en">')
        out.append('  <file id="ui" original="libreoffice-ui-fr.po">')
    else:
        out.append(f'<xliff xmlns="{ns}" version="1.2">')
        out.append('  <file original="libreoffice-ui-fr.po" source-language="fr" datatype="po">')
        out.append("    <header><note>LibreOffice's interface strings</note></header>")
        out.append("    <body>")
    pad = "    " if v2 else "      "
    for n, (key, fr, en, k) in enumerate(units):
        source, done = _inline(fr, k, version), ""
        if n % 7 == 6:
            state = "final" if n % 14 == 13 else "translated"
            done = f" {state}" if v2 else (" approved" if state == "final" else "")
            target = escape(en.replace("~", "")).replace("\n", " ")
        note = escape(en.splitlines()[0])
        if v2:
            state = f' state="{done.strip()}"' if done else ""
            out += [f'{pad}<unit id="{key}">', f"{pad}  <notes><note>{note}</note></notes>"]
            out += [f"{pad}  <segment{state}>", f"{pad}    <source>{source}</source>"]
            out += [f"{pad}    <target>{target}</target>"] if done else []
            out += [f"{pad}  </segment>", f"{pad}</unit>"]
            continue
        approved = ' approved="yes"' if done == " approved" else ""
        out += [f'{pad}<trans-unit id="{key}" resname="{key}"{approved}>']
        out += [f"{pad}  <source>{source}</source>"]
        out += [f'{pad}  <target state="translated">{target}</target>'] if n % 7 == 6 else []
        out += [f"{pad}  <note>{note}</note>", f"{pad}</trans-unit>"]
    if v2:
        out += [f'{pad}<unit id="brand" translate="no">', f"{pad}  <segment>"]
        out += [f"{pad}    <source>LibreOffice</source>", f"{pad}  </segment>", f"{pad}</unit>"]
        return "\n".join(out + ["  </file>", "</xliff>"]) + "\n"
    out += [f'{pad}<trans-unit id="brand" translate="no">']
    out += [f"{pad}  <source>LibreOffice</source>", f"{pad}</trans-unit>"]
    return "\n".join(out + ["    </body>", "  </file>", "</xliff>"]) + "\n"


def main() -> None:
    texts, plurals = entries()
    (HERE / "fr.json").write_text(i18n_json(texts, plurals), encoding="utf-8")
    (HERE / "messages.json").write_text(messages_json(texts), encoding="utf-8")
    (HERE / "Messages_fr.properties").write_text(properties(texts), encoding="utf-8")
    (HERE / "strings.xml").write_text(strings_xml(texts, plurals), encoding="utf-8")
    (HERE / "Localizable.strings").write_bytes(apple_strings(texts))
    (HERE / "app.xlf").write_text(xliff(texts, plurals, "1.2"), encoding="utf-8")
    (HERE / "app.xliff").write_text(xliff(texts, plurals, "2.0"), encoding="utf-8")


if __name__ == "__main__":
    main()
