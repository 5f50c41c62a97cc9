"""TMX memories as training pairs: sides by language tag, inline codes as `nmt translate` reads
them, hostile files refused with one error in bounded memory."""

import gzip
import resource
import subprocess
import sys

import pytest
from hostile_fixtures import entity_bomb

from nmt_cli.errors import InputError
from nmt_cli.formats.pairs import read_pairs
from nmt_cli.formats.tmx import read_units

TMX = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tmx SYSTEM "tmx14.dtd">
<tmx version="1.4">
  <header srclang="en-US" segtype="sentence" datatype="plaintext" o-tmf="x" adminlang="en"
          creationtool="test" creationtoolversion="1"/>
  <body>
    <tu tuid="STR_OPEN"><prop type="x-context">menu</prop>
      <tuv xml:lang="en-US"><seg>~Open a <bpt i="1">&lt;b&gt;</bpt>file<ept i="1"
        >&lt;/b&gt;</ept></seg></tuv>
      <tuv xml:lang="fr-FR"><seg>~Ouvrir un <bpt i="1">&lt;b&gt;</bpt>fichier<ept i="1"
        >&lt;/b&gt;</ept></seg></tuv>
    </tu>
    <tu>
      <tuv xml:lang="en-US"><seg>Line<ph x="1">&lt;BR&gt;</ph>break &amp; more</seg></tuv>
      <tuv xml:lang="fr-FR"><seg>Saut<ph x="1">&lt;BR&gt;</ph>de ligne &amp; plus</seg></tuv>
    </tu>
    <tu>
      <tuv xml:lang="en-US"><seg>Only English</seg></tuv>
      <tuv xml:lang="de-DE"><seg>Nur Deutsch</seg></tuv>
    </tu>
    <tu>
      <tuv lang="EN-US"><seg>~Create an account</seg></tuv>
      <tuv lang="fr_FR"><seg>~Créer un compte</seg></tuv>
    </tu>
  </body>
</tmx>
"""


def write(tmp_path, text, name="ui.tmx", encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return str(path)


def test_a_memory_gives_pairs_in_the_languages_asked_whatever_its_source(tmp_path):
    report = []
    pairs = list(read_pairs(write(tmp_path, TMX), "tmx", ("fr", "en"), report.append))
    assert pairs == [
        ("Ouvrir un fichier", "Open a file"),
        ("Saut de ligne & plus", "Line break & more"),
        ("Créer un compte", "Create an account"),
    ]
    assert report == [f"{tmp_path / 'ui.tmx'}: 4 read, 3 pairs kept; skipped: 1 without fr"]


def test_inline_codes_are_out_of_the_text_and_kept_as_written_in_the_unit(tmp_path):
    unit = next(read_units(write(tmp_path, TMX)))
    assert unit.id == "STR_OPEN"
    assert unit.text("fr") == "~Ouvrir un fichier"
    assert unit.segments[1] == (
        '~Ouvrir un <bpt i="1">&lt;b&gt;</bpt>fichier<ept i="1">&lt;/b&gt;</ept>'
    )


def test_a_memory_without_the_asked_languages_is_one_error(tmp_path):
    with pytest.raises(InputError, match=r"ui\.tmx: no units in es and en \(it holds"):
        list(read_pairs(write(tmp_path, TMX), "tmx", ("es", "en")))


def test_utf16_with_a_byte_order_mark_and_gzip_read_alike(tmp_path):
    expected = list(read_pairs(write(tmp_path, TMX), "tmx", ("fr", "en")))
    utf16 = TMX.replace('encoding="UTF-8"', 'encoding="UTF-16"')
    path = write(tmp_path, "\ufeff" + utf16, "utf16.tmx", "utf-16-le")
    assert list(read_pairs(path, "tmx", ("fr", "en"))) == expected
    (tmp_path / "z.tmx.gz").write_bytes(gzip.compress(TMX.encode()))
    assert list(read_pairs(str(tmp_path / "z.tmx.gz"), "tmx", ("fr", "en"))) == expected


def test_a_truncated_memory_is_one_error_naming_its_line(tmp_path):
    path = write(tmp_path, TMX[: TMX.index("<tu>") + 40])
    with pytest.raises(InputError, match=r"ui\.tmx:\d+: not well-formed XML"):
        list(read_pairs(path, "tmx", ("fr", "en")))


@pytest.mark.parametrize("fmt, name", [("tmx", "ui.tmx"), ("xliff", "ui.xliff")])
@pytest.mark.parametrize("text", ["", "\n\n"])
def test_an_empty_memory_is_one_error_naming_line_one_not_line_zero(tmp_path, fmt, name, text):
    """An empty file's error said ``ui.tmx:0:``, a line no editor goes to."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=rf"/{name}:[1-9]\d*: not well-formed XML"):
        list(read_pairs(str(path), fmt, ("fr", "en")))


BOMB = (
    entity_bomb("tmx")
    + """<tmx version="1.4"><header srclang="en"/><body>
<tu><tuv xml:lang="en"><seg>&g;</seg></tuv><tuv xml:lang="fr"><seg>&g;</seg></tuv></tu>
</body></tmx>
"""
)


def _in_bounded_memory(code: str, limit_mb: int = 300):
    """Run ``code`` in a child process whose address space is capped: an expansion would die."""

    def cap():
        limit = limit_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit * 4, limit * 4))

    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, preexec_fn=cap, timeout=60
    )


def test_an_entity_expansion_bomb_is_one_error_in_bounded_memory(tmp_path):
    path = write(tmp_path, BOMB, "bomb.tmx")
    with pytest.raises(InputError, match=r"(?i)bomb\.tmx:\d+: .*entit"):
        list(read_pairs(path, "tmx", ("fr", "en")))
    done = _in_bounded_memory(
        "from nmt_cli.formats.pairs import read_pairs\n"
        "from nmt_cli.errors import InputError\n"
        f"try: list(read_pairs({path!r}, 'tmx', ('fr', 'en')))\n"
        "except InputError as e: print('refused')\n"
    )
    assert done.stdout.strip() == "refused", done.stderr


def test_a_large_memory_is_read_in_bounded_memory(tmp_path):
    unit = (
        '<tu><tuv xml:lang="en"><seg>A sentence number {k} of some length.</seg></tuv>'
        '<tuv xml:lang="fr"><seg>Une phrase numéro {k} assez longue.</seg></tuv></tu>\n'
    )
    path = tmp_path / "big.tmx"
    with open(path, "w", encoding="utf-8") as f:
        f.write('<tmx version="1.4"><header srclang="en"/><body>\n')
        for k in range(40_000):
            f.write(unit.format(k=k))
        f.write("</body></tmx>\n")
    code = (
        "import resource\n"
        "from nmt_cli.formats.pairs import read_pairs\n"
        f"n = sum(1 for _ in read_pairs({str(path)!r}, 'tmx', ('fr', 'en')))\n"
        "print(n, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    pairs, peak_mb = (int(x) for x in done.stdout.split())
    baseline = subprocess.run(
        [
            sys.executable,
            "-c",
            code.replace(f"{str(path)!r}", "'/dev/null'").split("n = ")[0]
            + "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)",
        ],
        capture_output=True,
        text=True,
    )
    assert pairs == 40_000
    assert peak_mb - int(baseline.stdout) < 30  # its tree whole would take about 65 MB


def test_an_entity_the_document_does_not_declare_is_one_error_naming_its_line(tmp_path):
    # OmegaT writes a DOCTYPE naming an external DTD, which is never loaded: the parser cannot
    # tell that &nbsp; is undefined, and keeps it as a reference whose text is unknown
    tmx = TMX.replace("break &amp; more", "break&nbsp;more").replace("tmx14.dtd", "tmx11.dtd")
    path = write(tmp_path, tmx)
    with pytest.raises(InputError, match=r"ui\.tmx:\d+: entity &nbsp; is not defined") as e:
        list(read_pairs(path, "tmx", ("fr", "en")))
    assert str(e.value).startswith(f"{path}:14: ")  # the line of the reference


@pytest.mark.parametrize("languages", [("en", "en"), ("en", "en-US"), ("fr_FR", "FR")])
def test_a_language_asked_for_both_sides_is_one_error_not_pairs_of_a_text_and_itself(
    tmp_path, languages
):
    path = write(tmp_path, TMX)
    with pytest.raises(InputError, match=r"ui\.tmx: .* are the same side"):
        list(read_pairs(path, "tmx", languages))


def test_a_trados_memorys_drafts_rejected_and_machine_units_give_no_pair(tmp_path):
    """As an SDLXLIFF segment of that status gives none (before, all five were pairs); a unit
    with no status, or Unspecified (imported), gives one."""
    units = [
        ("TM", "ApprovedTranslation", "A dialog box opens.", "Une boîte de dialogue s'ouvre."),
        ("TM", "Draft", "Click Save.", "Cliquez Sauver."),
        ("MachineTranslation", "Translated", "Close it.", "Fermez-le."),
        ("TM", "RejectedTranslation", "Print it.", "Imprimez-le."),
        ("TMImport", "Unspecified", "Quit.", "Quittez."),
    ]
    body = "".join(
        f'<tu><prop type="x-Origin">{origin}</prop><prop type="x-ConfirmationLevel">{level}'
        f'</prop><tuv xml:lang="en-US"><seg>{en}</seg></tuv><tuv xml:lang="fr-FR"><seg>{fr}'
        "</seg></tuv></tu>"
        for origin, level, en, fr in units
    )
    path = write(tmp_path, f'<tmx version="1.4"><header srclang="en-US"/><body>{body}</body></tmx>')
    report = []
    assert list(read_pairs(path, "tmx", ("en", "fr"), report.append)) == [
        ("A dialog box opens.", "Une boîte de dialogue s'ouvre."),
        ("Quit.", "Quittez."),
    ]
    assert report[0].endswith(
        "5 read, 2 pairs kept; skipped: 1 machine translation, 1 needs review, 1 rejected"
    )
