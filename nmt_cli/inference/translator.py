"""Sentences in, translations out: tokenise, search, detokenise, align.

The core behind `nmt translate` and `nmt align`; it knows no screen. With ``options.split`` (the
default) each line is first cut into sentences (sentences.py); all sentences are translated as
one batch and each line's translations joined back into one Translation. With protected spans, a
line whose translation lost a date or a per cent (protect/) or, with ``copy_names``, a name
the model was not taught or an acronym it copies (names.py) is translated again with those
passed through as spans; a short line whose best translation holds a made-up word, with the
whole beam kept (real_words.py). A menu path's labels are translated each as a line (menus.py);
a sentence keeps its ellipsis and full stop, its English articles agree (typography.py), a lone
bracket is written against its word as the source writes it (brackets.py).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import replace

from nmt_cli.align.forced import align_pairs
from nmt_cli.align.rules import PLACING_RULE, LinkRule
from nmt_cli.align.words import merge_to_words, word_ids, word_sums
from nmt_cli.inference.abbreviations import as_written, read_out
from nmt_cli.inference.aside import Aside, aside_for
from nmt_cli.inference.aside_sentences import translate_sentences_apart
from nmt_cli.inference.brackets import all_closed_up
from nmt_cli.inference.columns import translate_columns
from nmt_cli.inference.emoji import emoji_names, translated_apart
from nmt_cli.inference.escaped_quotes import translate_escaped
from nmt_cli.inference.icu_lines import translate_icu
from nmt_cli.inference.loading import LoadedModel, load_model
from nmt_cli.inference.memory import memories_for
from nmt_cli.inference.menus import with_menus
from nmt_cli.inference.names import acronyms_lost, kept_names, names_lost
from nmt_cli.inference.options import LoadOptions, TranslatorOptions
from nmt_cli.inference.protection import SpanProtection
from nmt_cli.inference.real_words import real_first, searched_again
from nmt_cli.inference.recall import recalled
from nmt_cli.inference.swapped import put_back
from nmt_cli.inference.translation import Translation, distinct, join_sentences
from nmt_cli.inference.typography import finished
from nmt_cli.inference.unknown_words import detokenized
from nmt_cli.protect.names import capital_tells_names
from nmt_cli.search.options import SearchOptions

# Lines translated as given: each one sequence, no span masked (`nmt align`: the words read)
AS_GIVEN = TranslatorOptions(split=False, protect_spans=False, copy_names=False, model_memory=False)
# A line whose translation lost a name or a date is translated again, those passed through, if
# none of its sentences has more than this many words: a long sentence's second search costs as
# much as dozens of short lines' (docs/benchmarks.md, "Names passed through").
AGAIN_WORDS = 30


class Translator:
    """Lines in, translations out, by a loaded model (loading.py), searched with ``search``'s
    settings, with what ``options`` asks around the search (inference/options.py: sentence
    splitting, case restoration, <unk> replacement, protected spans, a glossary); the
    defaults are `nmt translate`'s. ``link_rule``: how word alignments are read from the
    attention (nmt_cli/align/rules.py); by default the rule that places tags, document runs and
    access keys (`--align` passes the one it prints). ``warn`` hears what a user should know."""

    def __init__(
        self,
        model: LoadedModel,
        search: SearchOptions = SearchOptions(),
        options: TranslatorOptions = TranslatorOptions(),
        *,
        link_rule: LinkRule = LinkRule(PLACING_RULE),
        warn: Callable[[str], None] | None = None,
    ):
        self.loaded = model
        self.tok = model.tokenizer
        self.options = options
        self.link_rule = link_rule
        self.warn = warn
        self.opts = search.with_model_penalty(model.length_penalty)  # chosen for this model
        self._warned_long = False
        self.splitter = None
        if options.split:
            from nmt_cli.inference.sentences import SentenceSplitter

            languages = model.languages
            self.splitter = SentenceSplitter(languages[0] if languages else None)
        self.protect = tuple(options.protect or ())
        self.protection = self._protection(self.protect) if options.protect_spans else None
        own = model.bundle.path if options.model_memory else None
        self.memory = memories_for(own, options.memory or (), model.languages, warn)

    @classmethod
    def load(
        cls,
        load: LoadOptions = LoadOptions(),
        search: SearchOptions = SearchOptions(),
        options: TranslatorOptions = TranslatorOptions(),
        *,
        link_rule: LinkRule = LinkRule(PLACING_RULE),
        aligned: bool = False,
        workers: int = 1,
        warn: Callable[[str], None] | None = None,
    ) -> Translator:
        """The Translator of the model ``load`` says (loading.load_model), ``workers`` batches
        searched side by side (loading.use_threads sets the threads: loading does not);
        ``aligned``: its translations will need word alignments (an error for a CTranslate2
        export that cannot give them)."""
        loaded = load_model(load, workers=workers, attention=options.replace_unk, alignment=aligned)
        return cls(loaded, search, options, link_rule=link_rule, warn=warn)

    @property
    def bundle(self):  # the loaded model's: config, tokenizer, weights, languages
        return self.loaded.bundle

    def also_protecting(self, patterns: Sequence[str]) -> Translator:
        """This translator (the same model), passing the matches of ``patterns`` (regular
        expressions) through too, as a user's ``protect`` patterns; itself if there are none or
        it protects nothing."""
        if self.protection is None or not patterns:
            return self
        other = copy.copy(self)
        other.protect = (*self.protect, *patterns)
        other.protection = self._protection(other.protect)
        return other

    def _protection(self, patterns: Sequence[str]) -> SpanProtection:
        """The spans this translator protects: the built-in kinds, ``patterns``', its
        glossary's terms and, with copy_names, the names and acronyms it copies."""
        known = self._known_words() if self.options.copy_names else None
        written = (self.loaded.bundle.target_words or ()) if known else ()
        terms, lang, shouted = self.options.terms, self.loaded.languages, self.options.restore_case
        return SpanProtection(  # --keep-case: words in capitals read as they are too
            self.tok, lang, patterns, glossary=terms, known=known, written=written, shouted=shouted
        )

    def _capitals_tell_names(self) -> bool:
        """Whether a capital in the model's source language tells a name (not in German, whose
        nouns all have one; yes where the model records no language)."""
        return capital_tells_names((self.loaded.languages or (None,))[0])

    def _known_words(self) -> frozenset[str] | None:
        """The words the model's training taught it, where they tell the names to copy: None
        without a known-words file, or from a language whose capitals tell no names (German)."""
        return self.loaded.bundle.known_words or None if self._capitals_tell_names() else None

    def _sources(self, lines: list[str]) -> list[tuple[list[int], list[int], int]]:
        """Per line: source ids, the whitespace word of each id, the number of words."""
        sources = self.tok.encode_words(lines)
        max_src = self.loaded.max_src
        for n, (ids, owner, words) in enumerate(sources):
            if len(ids) > max_src:
                if not self._warned_long and self.warn:
                    what = "sentence" if self.splitter else "line"
                    self.warn(
                        f"a {what} of {len(ids):,} subwords is longer than the model accepts "
                        f"({max_src:,}); such {what}s are truncated "
                        f'(the first starts "{" ".join(lines[n].split()[:6])[:60]}")'
                    )
                    self._warned_long = True
                sources[n] = (ids[:max_src], owner[:max_src], words)
        return sources

    def translate(
        self,
        lines: list[str],
        with_alignment: bool = False,
        on_progress: Callable[[float], None] | None = None,
        by_sentence: bool = True,
        contexts: Sequence[str | None] | None = None,
    ) -> list[list[Translation]]:
        """nbest translations for each line, in input order, their texts distinct (with ``split``,
        a line's n-best are the best combinations of its sentences' n-best: join_sentences); a
        memory's for a line it holds (in its ``contexts`` first: recall.py), and with
        ``by_sentence`` for the sentences it holds of another; ``on_progress``: the part done."""
        args = (with_alignment, on_progress, search := self._translate_new, by_sentence, contexts)
        out = recalled(self, lines, *args) if self.memory else search(lines, *args[:2])
        return [distinct(nbest, self.opts.nbest) for nbest in out]  # as put back: read alike

    def _translate_new(self, lines, with_alignment, on_progress) -> list[list[Translation]]:
        # a line of columns, of ICU messages, of escaped marks (columns.py, icu_lines.py...)
        for apart in (translate_columns, translate_icu, translate_escaped):
            if (out := apart(self, lines, with_alignment, on_progress)) is not None:
                return out
        read = read_out(lines, self.loaded.languages, self._spans if self.protection else None)
        if read != lines:  # abbreviations read as their words, outside spans (abbreviations.py)
            return as_written(lines, self._translate_new(read, with_alignment, on_progress))
        alignable = self.loaded.model is not None or with_alignment
        spans = self._spans if self.protection else None
        target = self.loaded.languages[1] if self.loaded.languages else None
        words = (self.loaded.bundle.target_words or (), self.loaded.bundle.known_words or ())
        aside = [aside_for(line, spans, target, alignable, *words) for line in lines]
        if any(aside):  # a line of sentences: each set aside apart (aside_sentences.py)
            args = (lines, aside, with_alignment, on_progress)
            return translate_sentences_apart(self, *args) or self._translate_aside(*args)
        if self.protection is None:
            return all_closed_up(self._translate_lines(lines, with_alignment, on_progress))
        out = self._protected(lines, with_alignment, on_progress)
        found = ((k, self._lost(lines[k], nbest[0].text)) for k, nbest in enumerate(out) if nbest)
        lost = {k: facts for k, facts in found if facts is not None}
        if lost:  # translated again, the facts it lost and the names it kept passed through
            todo = [lines[k] for k in lost]
            again = dict(zip(lost, self._protected(todo, with_alignment, None, [*lost.values()])))
            out = [again.get(k, nbest) for k, nbest in enumerate(out)]
        return all_closed_up(out)

    def _translate_aside(
        self, lines: list[str], aside: list[Aside | None], with_alignment: bool, on_progress
    ) -> list[list[Translation]]:
        """Each line's translations, a line with an Aside translated as its text, in the same
        batches as the others, and given back as the Aside says. One whose Aside reads the word
        alignment, which the caller did not ask for, gets it from a forced pass over the two
        texts (`nmt align`'s: align/forced.py); a CTranslate2 export has none: an access key
        goes on the first letter."""
        texts = [a.text if a else line for a, line in zip(aside, lines)]
        # not cut for a memory: what is put back goes by the alignment of the whole translation
        out = self.translate(texts, with_alignment, on_progress, by_sentence=False)
        if not with_alignment and self.loaded.model is not None:
            self._align([t for a, nbest in zip(aside, out) if a and a.aligned for t in nbest])
        for k, nbest in enumerate(out):
            if aside[k]:
                out[k] = [aside[k].given_back(t, lines[k], bool(self.splitter)) for t in nbest]
        return out

    def _align(self, translations: list[Translation]) -> None:
        """Each of ``translations`` (of its source, a line) given the word alignment of its
        source and text, read by this translator's link rule."""
        todo = [t for t in translations if self.tok.encode(t.source) and self.tok.encode(t.text)]
        if not todo:
            return
        sources, texts = [t.source for t in todo], [t.text for t in todo]
        attend = self.loaded.alignment_attention  # on the search's threads, side by side
        found = align_pairs(self.loaded, sources, texts, rule=self.link_rule, attend=attend)
        for t, alignment in zip(todo, found):
            t.alignment = alignment.links

    def _labels(self, labels: list[str]) -> list[str]:  # a menu path's, each as a line
        return [nbest[0].text if nbest else x for x, nbest in zip(labels, self.translate(labels))]

    def _spans(self, line: str) -> list[tuple[int, int]]:  # where its protected spans are
        return self.protection.places(line)

    def _lost(self, line: str, text: str) -> tuple[set[str], set[str]] | None:
        """Its lost acronyms (maybe none) and names to pass through where ``text`` lost a date
        or a per cent (protection.py) or, with copy_names, an untaught name, a sure first name or
        an acronym it copies (names.py); else None, as for a sentence of over AGAIN_WORDS words."""
        p, first = self.protection, self.bundle.first_names
        acronyms = acronyms_lost(line, text, p.known, p.written) if p.known else set()
        lost_name = p.known and (acronyms or names_lost(line, text, p.known, first=first))
        if not (lost_name or p.facts_lost(line, text)):  # a date, a per cent
            return None
        facts = (acronyms, kept_names(line, text, p.known or (), first))
        long = len(line.split()) > AGAIN_WORDS and self.splitter
        sentences = self.splitter.split(line) if long else [line]
        return facts if all(len(x.split()) <= AGAIN_WORDS for x in sentences) else None

    def _protected(
        self, lines: list[str], with_alignment: bool, on_progress, facts: list | None = None
    ) -> list[list[Translation]]:
        """Each line translated with its spans masked (``facts``, per line the acronyms a first
        translation lost and the names it kept: those, its dates and untaught names too), a menu
        path's labels each translated as a line (inference/menus.py)."""
        mask, form = self.protection.mask, self.protection.form
        masked = [mask(x, True, *f) for x, f in zip(lines, facts)] if facts else map(mask, lines)
        masked = with_menus(list(masked), self._labels)
        # an ICU message is one sentence: its branches' sentence ends are not the line's
        whole = [any(span.kind == "icu" for span in m.spans) for m in masked]
        texts, loose = [m.text for m in masked], [emoji_names(m) for m in masked]  # emoji.py
        found = self._translate_lines(texts, with_alignment, on_progress, whole, form, loose)
        forced = self.loaded.full_context_alignment
        attend = self.loaded.alignment_attention if forced and not with_alignment else None
        penalty = self.opts.penalty()
        return self.protection.restore(masked, found, with_alignment, attend, penalty=penalty)

    def _translate_lines(
        self, lines, with_alignment, on_progress, whole=None, form=None, loose=None
    ) -> list[list[Translation]]:
        """Each line's translations; with a splitter, of its sentences joined, but where
        ``whole[k]``: line k is one sentence; a masked line's sentence (or unsplit line; ``form``:
        its placeholders, ``loose``: of emoji) translated with its placeholders numbered from 0
        (numbered_apart), its trailing emoji after it (emoji.translated_apart)."""
        if self.splitter is None:
            args = (with_alignment, list(range(len(lines))), on_progress)
            return translated_apart(self._translate, lines, form, loose, *args)
        whole, loose = whole or [False] * len(lines), loose or [()] * len(lines)
        groups = [
            ([x.strip()] if x.strip() else []) if one else self.splitter.split(x, words)
            for x, one, words in zip(lines, whole, loose)
        ]
        sentences = [s for group in groups for s in group]
        line_numbers = [n for n, group in enumerate(groups) for _ in group]
        args = (form, [loose[n] for n in line_numbers], with_alignment, line_numbers, on_progress)
        done = iter(translated_apart(self._translate, sentences, *args))
        penalty = self.opts.penalty()
        return [
            join_sentences(line, [next(done) for _ in group], self.opts.nbest, penalty)
            for line, group in zip(lines, groups)
        ]

    def _translate(
        self, lines: list[str], with_alignment: bool, line_numbers: list[int], on_progress=None
    ) -> list[list[Translation]]:
        from nmt_cli.inference.casing import capitalised, is_shouted, sentence_case

        b, restore_case = self.loaded.bundle, self.options.restore_case  # b: acronyms it keeps
        shouted = [restore_case and is_shouted(line) for line in lines]
        words = (b.known_words or None, b.target_words or ())
        as_read = [sentence_case(x, *words) if up else x for x, up in zip(lines, shouted)]
        sources = self._sources(as_read)
        ids = [s[0] for s in sources]  # n-best: the beam's others fill in for hypotheses alike
        opts = replace(self.opts, nbest=self.opts.beam) if self.opts.nbest > 1 else self.opts
        hyps = self.loaded.search(ids, opts, self.loaded.max_out, on_progress=on_progress)
        labels = self._read_labels(as_read, sources, hyps, opts) if restore_case else []
        ids = [s[0] for s in sources]  # a label read again has its own
        if with_alignment and self.loaded.config.full_context_alignment:
            self._full_context_attention(ids, hyps)
        out: list[list[Translation]] = []
        for line, read, src, nbest, up in zip(lines, as_read, sources, hyps, shouted):
            out.append([self._finish(line, read, up, src, h, with_alignment) for h in nbest])
        if self.options.copy_names and (known := self._known_words()):  # misspelt, swapped
            put_back(as_read, shouted, out, known, self.loaded.bundle, lines)
        for k in labels:
            for t in out[k]:
                t.text = capitalised(t.text)
        target, written = (self.loaded.languages or ("", ""))[1], self.loaded.bundle.target_words
        for line, nbest in zip(lines, out):
            for t in nbest:
                t.text = finished(line, t.text, target, written or ())
        out = [distinct(nbest, self.opts.nbest) for nbest in out]
        if self.opts.nbest < self.opts.beam and self.loaded.bundle.target_words:
            self._real_words_first(lines, with_alignment, line_numbers, shouted, out)
        return out

    def _real_words_first(self, lines, with_alignment, line_numbers, shouted, out) -> None:
        """Each short line whose best translation holds a made-up word searched again with the
        whole beam kept, a hypothesis of real words first where one is near (real_words.py)."""
        written = self.loaded.bundle.target_words
        todo = [
            k
            for k, (line, up, nbest) in enumerate(zip(lines, shouted, out))
            if nbest and not up and searched_again(line, nbest[0].text, written)
        ]
        if todo:
            wide = copy.copy(self)
            wide.opts = replace(self.opts, nbest=self.opts.beam)
            numbers = [line_numbers[k] for k in todo]
            again = wide._translate([lines[k] for k in todo], with_alignment, numbers)
            for k, nbest in zip(todo, again):
                out[k] = real_first(nbest, lines[k], written, self.opts.nbest)

    def _read_labels(self, as_read: list[str], sources, hyps, opts) -> list[int]:
        """Each label (casing.label_read) searched again as read with a small first letter; where
        that reading's best translation is the more probable, it replaces the line's reading,
        source and hypotheses (in place). The indices of the lines so replaced. Not for a
        language whose nouns all have a capital (German ``Datei öffnen``: no name's capital)."""
        from nmt_cli.inference.casing import label_read

        if not self._capitals_tell_names():
            return []
        small = {k: r for k, x in enumerate(as_read) if (r := label_read(x)) is not None}
        if not small:
            return []
        again = self._sources(list(small.values()))
        found = self.loaded.search([s[0] for s in again], opts, self.loaded.max_out)
        replaced = []
        for (k, read), source, nbest in zip(small.items(), again, found):
            if nbest and hyps[k] and nbest[0].log_prob > hyps[k][0].log_prob:
                as_read[k], sources[k], hyps[k] = read, source, nbest
                replaced.append(k)
        return replaced

    def _full_context_attention(self, ids: list[list[int]], hyps, chunk: int = 64) -> None:
        """A full-context alignment model's attention, of a forced pass over each found
        translation (a search step sees only the prefix), replaces each hypothesis's own."""
        todo = [(ids[i], h) for i, nbest in enumerate(hyps) for h in nbest if h.tokens]
        maps = self.loaded.alignment_attention([(s, h.tokens) for s, h in todo], chunk)
        for (_, h), att in zip(todo, maps):
            h.attention = att[: h.attention.size(0)]  # (T+1, S+1); unfinished: T rows

    def _finish(self, line: str, read: str, up: bool, source, hyp, with_alignment) -> Translation:
        """The Translation of ``line`` (translated as ``read``; its text upper-cased if ``up``)."""
        src, src_words, n_src = source
        tokens = hyp.tokens
        unk = self.options.replace_unk
        text = detokenized(self.tok, tokens, read.split(), src_words, hyp.attention, unk)
        t = Translation(
            source=line,
            text=text.upper() if up else text,
            score=float(hyp.score),
            src_pieces=[self.tok.id_to_piece(i) for i in src],
            tgt_pieces=[self.tok.id_to_piece(i) for i in tokens],
            attention=hyp.attention,
            log_prob=float(hyp.log_prob),
            length=len(tokens) + 1,
        )
        n_tgt = len(text.split())  # a piece marked as a word start opens the next word
        tgt_words = word_ids(self.tok.word_starts(tokens), n_tgt)
        if len(hyp.token_log_probs) >= len(tokens):  # nmt-cli's search (CTranslate2: sums only)
            t.word_scores = word_sums(hyp.token_log_probs, tgt_words, n_tgt)
        if with_alignment and tokens and src:
            words = merge_to_words(hyp.attention, src_words, tgt_words, n_src, max(n_tgt, 1))
            if n_tgt:
                t.alignment = self.link_rule.links(words)  # of words (Tw, Sw)
        return t
