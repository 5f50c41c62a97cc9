"""Math between dollars inside a Markdown paragraph, as GitHub, KaTeX and MathJax read it
(``$\\alpha$``, ``$$x^2$$``): one inline token, ``math_inline``, its source as written
(markdown_inline.py passes it through whole, as a code span).

Read as text, a formula lost what CommonMark reads as escapes and emphasis: ``$a\\,b$`` came back
"$a,b$", ``$\\{x\\}$`` "${x}$" (its braces a group, no more a set's), ``$a*b*c$`` "*$abc$*".
"""

from __future__ import annotations

import re

# A formula inside a line: $$...$$, or $...$ with a dollar glued to its first and last character
# ("$5 et $10" holds none)
INLINE_MATH = r"\$\$[^$]+\$\$|(?<![\w$\\])\$(?=[^\s$])[^$\n]*?[^\s$\\]\$(?![\w$])"
_AT = re.compile(INLINE_MATH)


def add_math(parser) -> None:
    """``parser`` reading a formula between dollars as one ``math_inline`` token, rendered as
    its source (HTML-escaped)."""
    from markdown_it.common.utils import escapeHtml

    def math(state, silent: bool) -> bool:
        if state.src[state.pos] != "$":
            return False
        found = _AT.match(state.src, state.pos)
        if found is None or "\n" in found.group():
            return False
        if not silent:
            token = state.push("math_inline", "", 0)
            token.content, token.markup = found.group(), "$"
        state.pos = found.end()
        return True

    parser.inline.ruler.before("escape", "math_inline", math)
    parser.add_render_rule(
        "math_inline", lambda self, tokens, k, options, env: escapeHtml(tokens[k].content)
    )
