"""English's table of conventions (protect/conventions.py describes its fields)."""

from __future__ import annotations

from nmt_cli.protect.conventions import SPACES, Language, unit_words

ENGLISH = Language(
    "en",
    ".",
    ",",
    "," + SPACES,
    symbol_after=None,
    ordinals="st|nd|rd|th",
    ordinal_suffixes=(("one", "st"), ("two", "nd"), ("few", "rd"), ("other", "th")),
    clock_out="{}:{}",
    time_words=unit_words("hour minute second day week month year", "{}s"),
    short_time=("hr", "min"),
    ago=("{} ago", "for {}"),
    key_words=("The {} key", "the {} key", "{} key", "{} key"),
    months=tuple(
        "January February March April May June July August September October November "
        "December".split()
    ),
    short_months=tuple("Jan. Feb. Mar. Apr. May June July Aug. Sept. Oct. Nov. Dec.".split()),
    weekdays=tuple("Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()),
    short_weekdays=tuple("Mon Tue Wed Thu Fri Sat Sun".split()),
    day_joins=("and", "or", "to", "to"),
    eras=("{} BC", "AD {}"),
    titles=("Dr", "Prof.", "Miss"),
    working=("{} working hour", "{} working hours", "{} business day", "{} business days"),
    capitalised=frozenset(
        "Monday Tuesday Wednesday Thursday Friday Saturday Sunday I English French German "
        "Spanish Italian Portuguese Dutch Greek Latin Russian Polish Czech Swedish Danish "
        "Norwegian Finnish Hungarian Romanian Turkish Arabic Hebrew Chinese Japanese Korean "
        "Hindi Thai Vietnamese Indonesian Persian Ukrainian Catalan Basque Irish Welsh "
        "Scottish British American Canadian European African Asian Australian Belgian Swiss "
        "Austrian Mexican Brazilian Indian Christian Muslim Jewish Catholic Protestant "
        "Unicode Internet Web".split()
    ),
    month_alone=False,
    mid="mid-",
    menu_ends=tuple(
        "and or then but so which that when where while if before after you we they".split()
    ),
    mask_letters="DMY",
)
