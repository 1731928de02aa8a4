// Dev tags for parser model selection: EWT dev (gold tokens) tagged by the
// shipped tagger (models/tagger) through the runtime itself, so the parser is
// selected on exactly the tags it will get. Prints JSON: [{upos, xpos}] per sentence.
//   node --import tsx training/parser/dev-tags.mts [EWT dev .conllu]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPosTagger } from '../../src/annotators/tagger.ts';
import { parseConllu } from '../../src/eval/conllu.ts';
import { fileLoader } from '../../src/resources/file-loader.ts';

const file = process.argv[2] ?? join('..', 'shared', 'data', 'ud-english-ewt', 'en_ewt-ud-dev.conllu');
const sentences = parseConllu(readFileSync(file, 'utf8'));
const tagger = await loadPosTagger(fileLoader());
const tags = await tagger.tagSentences(sentences.map((s) => s.words.map((w) => w.form)));
process.stdout.write(JSON.stringify(tags.map((t) => ({ upos: t.upos, xpos: t.xpos }))));
