// Reads word forms (one per line) on stdin and prints "parts dominant" per
// line: the WordNet class codes of src/lexicon/word-classes.ts, computed by
// the runtime's own function over the shipped lexicon (models/lexicon), so
// that training sees exactly what the runtime will compute.
import { readFileSync } from 'node:fs';
import { fileLoader } from '../../src/resources/file-loader.ts';
import { WordNetLexicon } from '../../src/lexicon/wordnet.ts';
import { wordNetClasses } from '../../src/lexicon/word-classes.ts';

const wordnet = await WordNetLexicon.load(fileLoader());
const words = readFileSync(0, 'utf8').split('\n');
if (words.at(-1) === '') words.pop();
const out = words.map((w) => {
  const c = wordNetClasses(w, wordnet);
  return `${c.parts} ${c.dominant}`;
});
process.stdout.write(out.join('\n') + '\n');
