"""Office documents (.docx, .pptx, .odt, .xlsx, .ods) for `nmt translate`: a zip package read
within limits (package.py), each paragraph one text whose runs' formatting is inline markup
(runs.py), and one module per format that finds the paragraphs of its parts and writes them
back (docx.py, pptx.py, odt.py, xlsx.py, ods.py; document.py: what they share as a
Document)."""
