"""`nmt align` file mode keeps one output line per sentence pair, whatever the text."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

pytest_plugins = ["model_fixtures"]

_line = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", " ", "\t", "\u200b", "Ein Mann läuft.", "a\x0bb", "x\u2028y", "\x1c"]),
    st.binary(max_size=20).map(lambda b: b.decode("utf-8", errors="replace")),
).map(lambda s: s.replace("\n", " ").replace("\r", " "))


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(pairs=st.lists(st.tuples(_line, _line), min_size=1, max_size=8))
@example(pairs=[("Ein Mann", "\x1c"), ("\u200b", "a b"), ("", "")])  # split() sees no word
def test_one_line_out_per_pair_in(run_cli, transformer_model_dir: Path, tmp_path, pairs):
    src, tgt = tmp_path / "src", tmp_path / "tgt"
    src.write_text("".join(s + "\n" for s, _ in pairs), encoding="utf-8")
    tgt.write_text("".join(t + "\n" for _, t in pairs), encoding="utf-8")
    r = run_cli(["align", "-m", transformer_model_dir, "--src-file", src, "--tgt-file", tgt])
    assert r.exit_code == 0, r.stderr
    out = r.stdout_bytes.decode("utf-8").split("\n")
    assert out[-1] == "" and len(out) - 1 == len(pairs)
    for line, (s, t) in zip(out, pairs):
        for link in line.split():
            i, j = map(int, link.split("-"))
            assert i < len(s.split()) and j < len(t.split())
