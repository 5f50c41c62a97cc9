"""German's table of conventions (protect/conventions.py describes its fields)."""

from __future__ import annotations

from nmt_cli.protect.conventions import SPACE, SPACES, Language, unit_words

GERMAN = Language(
    "de",
    ",",
    ".",
    "." + SPACES,
    symbol_after="\u00a0",
    ordinals=r"\.",
    ordinal_after=tuple(
        "der die das den dem des am im zum zur vom beim ins ans jeder jede jedes jeden".split()
    ),
    ordinal_suffixes=(("other", "."),),  # 1. Stock, 2. Stock: one category, one suffix
    # an hour, its minutes after a colon or a full stop, Uhr (not 14 Uhr 30): a time
    clock=rf"([01]?\d|2[0-3])(?:[:.]([0-5]\d))?{SPACE}?Uhr(?!\w|{SPACE}\d)",
    units=(("U/min", "rpm"), ("Bytes", "bytes"), ("Byte", "byte")),
    per=tuple(
        zip(
            "Monat Jahr Tag Woche Stunde Nacht Person Wort Seite".split(),
            "month year day week hour night person word page".split(),
        )
    ),
    time_words=unit_words(
        "Stunde Minute Sekunde Tag Woche Monat Jahr",
        "Stunden Minuten Sekunden Tage Wochen Monate Jahre",
    ),
    short_time=("Std.", "Min."),
    ago=("vor {}", "seit {}"),
    ago_words=unit_words("Tag Monat Jahr", "Tagen Monaten Jahren", "day month year"),
    modifiers=("Strg", "Umschalt"),
    keys=(
        *(("Strg", "Ctrl"), ("Umschalt", "Shift"), ("Entf", "Del"), ("Entf", "Delete")),
        *(("Eingabe", "Enter"), ("Eingabetaste", "Enter"), ("Leertaste", "Space")),
        *(("Einfg", "Insert"), ("Pos1", "Home"), ("Ende", "End"), ("Rücktaste", "Backspace")),
        *(("Bild auf", "Page Up"), ("Bild ab", "Page Down"), ("Feststelltaste", "Caps Lock")),
    ),
    key_words=("Die {}-Taste", "die {}-Taste", "{}-Taste", "{}-Taste"),
    keys_alone=("Strg", "Entf", "Einfg", "Pos1"),
    list_joins=("oder", "und"),
    nouns_capitalised=True,
    months=tuple(
        "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split()
    ),
    short_months=tuple("Jan. Feb. März Apr. Mai Juni Juli Aug. Sept. Okt. Nov. Dez.".split()),
    eras=("{} v. Chr.", "{} n. Chr."),
    titles=("Dr.", "Prof.", "Frl."),
    working=("{} Arbeitsstunde", "{} Arbeitsstunden", "{} Werktag", "{} Werktage"),
    date_out="{day}. {month}",
    mid="Mitte ",
    quotes=("„", "“", "‚", "‘"),
    menu_ends=tuple("und oder dann aber wenn um damit bevor nachdem".split()),
    mask_letters="TMJ",
)
