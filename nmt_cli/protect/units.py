"""Units of measure written after a number, and keyboard shortcuts: what a measure or a shortcut
span is made of (spans.py), and how a measure's unit is written in the target language.

A measure (``12,5 km``, ``-5,5 °C``, ``45 min``, ``1,82 m``, ``16 Go``) passes through as one
span: a small model reads a lone ``m`` or ``min`` as a word ("1.82 moms", "45 mine"). Its number
is converted as any number (numbers.py); its unit is kept as written, being the same symbol in
every language here, except the units of data, which French writes with ``o`` (octet) where
English and German write ``B`` (byte): ``16 Go`` is ``16 GB``; and French ``tr/min`` is English
``rpm``.

Only symbols that are rarely a word after a number are units here: not ``l`` (French "2 l'ont
vu"), ``t``, ``A``, ``K``, ``in`` or a lone ``o``.
"""

from __future__ import annotations

_WRITTEN = (
    # length, area, volume
    "nm µm μm mm cm dm m km mm² cm² m² km² cm³ m³ ha ft mi² ml mL cl cL dl dL "
    # mass, time, temperature, angle
    "mg g kg lb lbs oz ms s min h °C °F ° "
    # speed, data, energy, power, electricity, pressure, frequency, sound
    "km/h m/s mph ko Ko Mo Go To kB KB MB GB TB kb Kb Mb Gb kbit/s Mbit/s Gbit/s Mo/s Go/s "
    "MB/s GB/s Mb/s Gb/s W kW MW GW Wh kWh MWh GWh TWh mW V kV mV mA mAh Ah Hz kHz MHz GHz "
    "kJ MJ cal kcal Pa hPa kPa MPa bar mbar dB ppm px tr/min rpm"
)
# Longest first: the unit a text ends with, or a pattern's first match, is the whole unit (km/h
# before km, m² before m).
UNITS = tuple(sorted(_WRITTEN.split(), key=len, reverse=True))

# French units another language writes otherwise, by that language (German: bytes as English)
_FROM_FRENCH = {
    "en": {"ko": "kB", "Ko": "kB", "Mo": "MB", "Go": "GB", "To": "TB", "tr/min": "rpm"},
    "de": {"ko": "kB", "Ko": "kB", "Mo": "MB", "Go": "GB", "To": "TB"},
}
_TO_FRENCH = {
    "en": {"kB": "ko", "KB": "Ko", "MB": "Mo", "GB": "Go", "TB": "To", "rpm": "tr/min"},
    "de": {"kB": "ko", "KB": "Ko", "MB": "Mo", "GB": "Go", "TB": "To"},
}

# Keys a shortcut starts with: ``Ctrl+Alt+Suppr``, ``Maj+F10``, ``Cmd-C``.
MODIFIERS = "Ctrl Alt AltGr Shift Maj Cmd Command Option Opt Fn Win Strg Super Meta".split()


def convert_unit(unit: str, source: str, target: str) -> str:
    """``unit`` (one of UNITS) as ``target`` writes it: French data units in octets, English
    and German ones in bytes, French tr/min English rpm; any other unit as written."""
    per_second = unit.endswith("/s") and unit != "m/s"  # Mo/s: Mo a second
    base = unit.removesuffix("/s") if per_second else unit
    names: dict[str, str] = {}
    if source == "fr":
        names = _FROM_FRENCH.get(target, {})
    elif target == "fr":
        names = _TO_FRENCH.get(source, {})
    base = names.get(base, base)
    return base + "/s" if per_second else base
