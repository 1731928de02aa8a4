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
       textlens eval wsd --data X.data.xml --gold X.gold.key.txt [--out FILE]
       textlens eval lexsub --data FILE.preprocessed --gold FILE.gold [--out FILE]
       textlens eval classifier --model DIR --data FILE.jsonl[.gz] [--out preds.jsonl]
       textlens eval topics --data FILE.jsonl[.gz] [--topic-model DIR] [--out preds.jsonl]
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
  exitQuietlyOnClosedPipe();
  try {
    refuseLongArguments(argv);
    return await dispatch(argv);
  } catch (e) {
    process.stderr.write(`textlens: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}

/**
 * `textlens … | head` closes stdout early; Node then raises EPIPE on the next
 * write, which would crash with a stack trace. The reader has what it wanted,
 * so stop quietly with success, as Unix tools do.
 */
function exitQuietlyOnClosedPipe(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

/** The longest command-line argument textlens accepts (characters). */
export const MAX_ARGUMENT_CHARS = 16_384;

/**
 * onnxruntime-node 1.30 crashes the process (SIGSEGV, a native stack
 * overflow while its session setup scans the command line) once one argument
 * runs to ~25,000 characters, e.g. `--text "$(cat article.txt)"`. No error
 * can be caught after that, so long arguments are refused up front with the
 * way round them: the same text from a file or stdin analyzes fine.
 */
function refuseLongArguments(argv: string[]): void {
  argv.forEach((arg, i) => {
    if (arg.length <= MAX_ARGUMENT_CHARS) return;
    const what = i > 0 && argv[i - 1]!.startsWith('--') ? `the value of ${argv[i - 1]} (argument ${i + 1})` : `argument ${i + 1}`;
    throw new Error(
      `${what} is ${arg.length.toLocaleString('en')} characters; command-line arguments are limited to ` +
        `${MAX_ARGUMENT_CHARS.toLocaleString('en')}. Pass long text with --file FILE or on stdin (textlens analyze < FILE).`,
    );
  });
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
