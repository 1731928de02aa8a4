/**
 * The `textlens` command: analyze, eval, serve.
 */
import { analyzeCommand, ANALYZE_USAGE } from './analyze.js';

const USAGE = `textlens — offline text analysis

${ANALYZE_USAGE}
       textlens eval ud --conllu FILE [--gold-tokens] [--scheme ud|stanford]
       textlens eval ner --conll FILE [--ner-model DIR]
       textlens eval html --dir DIR
       textlens eval el --aida FILE [--conll FILE] [--kb FILE] [--ner-model DIR]
       textlens eval chunks --conll2000 FILE [--out FILE] [--from N] [--to M] [--rules]
       textlens eval properties --jsonl FILE [--errors]
       textlens eval carb --gold FILE (--sentences FILE [--out FILE] | --score FILE)
       textlens eval classifier --model DIR --data FILE.jsonl[.gz] [--out preds.jsonl]
                      (eval ner, el, html, properties, carb, topics: progress on stderr, --quiet for none)
       textlens train classifier --data FILE.jsonl[.gz] --out DIR [--text-field text] [--label-field categories]
       textlens kb build [--out DIR] [--data DIR] [--wikidata-dump FILE.json.gz]… [--quiet]
       textlens kb stats [--kb FILE]
       textlens batch --in FILE|DIR|- --out FILE [--extractors a,b] [--param name=value]… [--workers N] [--resume]
                      (textlens batch --help for all options)
       textlens queue enqueue|status|collect --queue postgres://… …   (textlens queue --help)
       textlens worker --queue postgres://… [--workers N] [--exit-when-done]   (textlens worker --help)
       textlens serve [--port N] [--host H] [--keys FILE] [--events FILE|postgres://…|memory:]
                      [--admin-token T] [--no-auth] [--workers N] [--timeout SECONDS] [--models DIR]
                      [--classifier name=DIR]... [--ner-model DIR]
`;

/** Runs a command; a usage or setup error prints its message (no stack) and exits 2. */
export async function main(argv: string[]): Promise<number> {
  try {
    return await dispatch(argv);
  } catch (e) {
    process.stderr.write(`textlens: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}

async function dispatch(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'analyze':
      return analyzeCommand(rest);
    case 'eval': {
      const { evalCommand } = await import('./eval.js');
      return evalCommand(rest);
    }
    case 'train': {
      const { trainCommand } = await import('./classifier.js');
      return trainCommand(rest);
    }
    case 'kb': {
      const { kbCommand } = await import('./kb.js');
      return kbCommand(rest);
    }
    case 'batch': {
      const { batchCommand } = await import('./batch.js');
      return batchCommand(rest);
    }
    case 'queue': {
      const { queueCommand } = await import('./queue.js');
      return queueCommand(rest);
    }
    case 'worker': {
      const { workerCommand } = await import('./worker.js');
      return workerCommand(rest);
    }
    case 'serve': {
      const { serveCommand } = await import('./serve.js');
      await serveCommand(rest);
      return 0;
    }
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      process.stdout.write(USAGE);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`textlens: unknown command '${command}'\n${USAGE}`);
      return 2;
  }
}
