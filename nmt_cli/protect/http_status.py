"""An HTTP status: its code and its reason phrase, in English whatever the text's language
(kind ``status``, spans.py): ``503 Service Unavailable``, ``404 Not Found``, ``Erreur 500
Internal Server Error``. Read as words, fr-en reordered them (``503 Service Unavailable`` gave
"503 Unavailable Service"); the status passes through as written.
"""

from __future__ import annotations

# The reason phrases of HTTP's status codes (RFC 9110 and the registry's usual ones)
_PHRASES = (
    "Continue|Switching Protocols|Processing|Early Hints|OK|Created|Accepted"
    "|Non-Authoritative Information|No Content|Reset Content|Partial Content|Multi-Status"
    "|Already Reported|IM Used|Multiple Choices|Moved Permanently|Found|See Other|Not Modified"
    "|Use Proxy|Temporary Redirect|Permanent Redirect|Bad Request|Unauthorized"
    "|Payment Required|Forbidden|Not Found|Method Not Allowed|Not Acceptable"
    "|Proxy Authentication Required|Request Timeout|Conflict|Gone|Length Required"
    "|Precondition Failed|Content Too Large|Payload Too Large|URI Too Long"
    "|Unsupported Media Type|Range Not Satisfiable|Expectation Failed|I'm a teapot"
    "|Misdirected Request|Unprocessable Content|Unprocessable Entity|Locked|Failed Dependency"
    "|Too Early|Upgrade Required|Precondition Required|Too Many Requests"
    "|Request Header Fields Too Large|Unavailable For Legal Reasons|Internal Server Error"
    "|Not Implemented|Bad Gateway|Service Unavailable|Gateway Timeout"
    "|HTTP Version Not Supported|Variant Also Negotiates|Insufficient Storage|Loop Detected"
    "|Not Extended|Network Authentication Required"
)
# the code, then its phrase, as a word of its own (not 200 OK's "OKAY", 404 Not Found's "Foundry")
PATTERN = rf"(?<![\w.,])[1-5]\d\d (?:{_PHRASES})(?![\w'’-])"
NEEDS = r"[1-5]\d\d [A-Z]"
