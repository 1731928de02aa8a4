/**
 * `textlens eval lexsub`: the entailments model as lexical substitution
 * (src/eval/lexsub.ts) on Melamud's preprocessed LS07 / CoInCo files. Prints
 * P@1 and R@10 over the targets with gold; the last line is `name=value …`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { defineCommand, parseCommand } from './args.js';
import { MODELS_FLAG } from './flags.js';

export const EVAL_LEXSUB = defineCommand({
  name: 'eval lexsub',
  summary:
    "The entailments as lexical substitution: each target's entailed words, best first, against the gold substitutes; P@1 (the first word is a gold substitute) and R@10 (share of the gold substitutes among the first ten).",
  flags: {
    data: {
      type: 'string',
      value: 'FILE.preprocessed',
      required: true,
      help: 'one target per line: lemma.pos <TAB> id <TAB> 0-based token position <TAB> tokenized sentence (POS n/v/a/r or N/V/J/R)',
    },
    gold: { type: 'string', value: 'FILE.gold', required: true, help: 'the gold substitutes (LS07 gold format)' },
    out: { type: 'string', value: 'FILE', help: 'write the answers: lemma.pos id :: w1;w2;…' },
    models: MODELS_FLAG,
  },
});

export async function lexsubCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, EVAL_LEXSUB);
  const { parseLexsubData, parseLexsubGold, prepareLexsub, rankSubstitutes, scoreLexsub } = await import('../eval/lexsub.js');
  const [dataText, goldText] = await Promise.all([readInput(values.data, '--data'), readInput(values.gold, '--gold')]);
  const instances = parseLexsubData(dataText, values.data);
  const gold = parseLexsubGold(goldText, values.gold);
  const answers = rankSubstitutes(await prepareLexsub(instances, values.models));
  if (values.out) await writeFile(values.out, instances.map((inst, i) => `${inst.item} ${inst.id} :: ${answers[i].join(';')}\n`).join(''));
  const s = scoreLexsub(instances, answers, gold);
  if (s.scored === 0) throw new Error(`${values.gold}: no gold line matches an id of ${values.data} (wrong file pair?)`);
  const pct = (x: number) => (100 * x).toFixed(1);
  process.stdout.write(
    `${values.data} — entailed words as substitutes, ${s.scored} targets with gold\n` +
      `P@1 ${pct(s.p1)}  R@10 ${pct(s.r10)}\n` +
      (values.out ? `answers written to ${values.out}\n` : '') +
      `p_at_1=${pct(s.p1)} r_at_10=${pct(s.r10)} targets=${s.scored}\n`,
  );
  return 0;
}

async function readInput(path: string, flag: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(`textlens eval lexsub: cannot read ${flag} ${path}${code === 'ENOENT' ? ': no such file' : `: ${code}`}`);
  }
}
