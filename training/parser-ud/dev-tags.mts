// Predicted tags for parser model selection: a language's dev file (gold
// tokens) tagged by its pack's tagger (models/<lang>/) through the runtime
// itself, so the parser is selected on exactly the tags it will get.
// XPOS is the UPOS tag again, as the pack's words annotator sets it.
//   node --import tsx training/parser-ud/dev-tags.mts LANG FILE.conllu > tags.json
// Output: {"dev": [{upos, xpos}] per sentence}.
import { readFileSync } from 'node:fs';
import { loadPosTagger } from '../../src/annotators/tagger.ts';
import { parseConllu } from '../../src/eval/conllu.ts';
import { fileLoader } from '../../src/resources/file-loader.ts';

const [lang, file] = process.argv.slice(2);
if (!lang || !file) throw new Error('usage: dev-tags.mts LANG FILE.conllu');
const sentences = parseConllu(readFileSync(file, 'utf8'));
const tagger = await loadPosTagger(fileLoader(), { dir: lang });
const tags = await tagger.tagSentences(sentences.map((s) => s.words.map((w) => w.form)));
process.stdout.write(JSON.stringify({ dev: tags.map((t) => ({ upos: t.upos, xpos: t.upos })) }));
