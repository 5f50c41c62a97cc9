"""What element names mean to a translator of HTML (and XML, where noted).

Any name not listed is an inline element (``<em>``, ``<a>``, ``<my-widget>``): no list of known
inline names is needed, only the names that break text into blocks. Every name here is one of
nmt_cli/protect/tags.py's HTML_ELEMENTS, the one list of HTML's names (a plain line's
``<hgroup>`` is a tag, not words in angle brackets).

    BLOCKS      HTML's block-level elements (the HTML Living Standard's flow-content elements
                that start a new block: MDN "Block-level content"), the document's structure
                (html, head, body), the table's parts, list items, the title and the options and
                text areas of a form: each is translated apart from what stands around it. In
                XML no names are known: an element is a block when its parent holds no text of
                its own (see pages.py)
    VOID        HTML's void elements: never content, never an end tag
    VERBATIM    never translated, in HTML and XML: code, pre, samp, script, style (an inline
                ``<code>`` inside a sentence keeps its place as a protected span: segments.py);
                a ``<samp>`` is a program's output as it printed it, quoted as code is
    HELD        HTML's inline elements held whole, as an inline verbatim one is: a ``<ruby>``,
                a word and its reading (``<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>``:
                read as words, the model's alignment put the word inside a parenthesis and
                the reading after the ruby, "<ruby><rp></rp><rt></rt><rp>漢</rp></ruby> (kan)")
    SVG_TEXTS   an inline SVG's elements that each hold a text placed on its own, a block as
                HTML's are: its ``<text>``, ``<desc>`` (and ``<title>``, one of BLOCKS); a
                ``<tspan>`` that says where it stands (``x`` or ``y``: a line of a text on
                several lines) is one too (pages.py). Read as one sentence, a label's words
                went to another line: "Ventes annuelles" / "par région" came out "Indent" /
                "Regional Values"
    BOXES       HTML's form controls drawn each in a box of its own: no word runs on from
                one into what stands beside it (``<button>Oui</button><button>Non</button>``
                is two words, "Oui" and "Non", not "OuiNon": inline_text.py, rows.py)
    PRESERVED   HTML's elements whose text's white space is significant and translated: a
                ``<textarea>``'s lines are each translated on their own, its line breaks
                where they were (as an XML ``xml:space="preserve"`` text's: inline_text.py)

HTML lets some end tags be left out; IMPLIED_END and CLOSES_P say which start tag closes which
open element (the HTML standard's "optional tags"), so that the tree is the one a browser builds
for ordinary pages; OPTIONAL_END names the elements whose end tag a page may leave out. Only
HTML is read so; an XML page must be well formed.
"""

from __future__ import annotations

from nmt_cli.protect.tags import VOID as VOID  # HTML's void elements, as a line's tags read

BLOCKS = frozenset(
    (
        "address article aside blockquote details dialog dd div dl dt fieldset figcaption "
        "figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main menu nav ol p pre "
        "section table ul "
        "html head body title caption colgroup col thead tbody tfoot tr td th "
        "summary legend select optgroup option datalist noscript template iframe video audio "
        "canvas object map textarea"
    ).split()
)
VERBATIM = frozenset(("code", "pre", "samp", "script", "style"))
HELD = frozenset(("ruby",))
SVG_TEXTS = frozenset(("text", "desc"))
PRESERVED = frozenset(("textarea",))
BOXES = frozenset(("button", "input", "select", "textarea"))

# A start tag of these closes an open <p> (a <p> holds no block).
CLOSES_P = frozenset(
    (
        "address article aside blockquote details dialog div dl fieldset figcaption figure "
        "footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main menu nav ol p pre section "
        "table ul dd dt"
    ).split()
)
# A start tag (key) closes the open elements named in its value, up to the nearest block that
# is not one of them: a <li> ends the <li> before it, not the one of an outer list.
IMPLIED_END = {
    "li": frozenset({"li"}),
    "dt": frozenset({"dt", "dd"}),
    "dd": frozenset({"dt", "dd"}),
    "tr": frozenset({"tr", "td", "th"}),
    "td": frozenset({"td", "th"}),
    "th": frozenset({"td", "th"}),
    "thead": frozenset({"thead", "tbody", "tfoot", "tr", "td", "th"}),
    "tbody": frozenset({"thead", "tbody", "tfoot", "tr", "td", "th"}),
    "tfoot": frozenset({"thead", "tbody", "tfoot", "tr", "td", "th"}),
    "option": frozenset({"option"}),
    "optgroup": frozenset({"optgroup", "option"}),
}
# Blocks that such a search passes over (the standard's "address, div and p" of <li>).
PASSED_OVER = frozenset({"address", "div", "p"})
# Elements whose end tag HTML lets a page leave out: a whole page that leaves one out gets it
# back without it, as it was written (tree.py)
OPTIONAL_END = frozenset(
    "html head body p li dt dd rt rp optgroup option colgroup caption thead tbody tfoot tr td "
    "th".split()
)
