/**
 * `node --import tsx bench/render.ts`: how long render() (src/render/) takes
 * to draw the largest document the API takes, 200 kB of analysed text, in
 * Node. The target is ≤ 200 ms for every style together.
 *
 * The text is bench/text.ts's (EWT train raw text when ../shared/data is
 * beside the checkout, else the committed EWT slice), cut at a paragraph
 * break to at most 204 800 bytes of UTF-8, analysed once (not timed) with
 * words,entities,dependency-trees,relations,topics. Then tinybench times
 * render() with all styles and with each style alone, and renderPage().
 * BENCH_TIME_MS (default 2000) per task.
 *
 * Wall-clock time on a shared machine mostly measures the neighbours, so the
 * bench also reports the process CPU time of render() with every style
 * (median of 15 calls, process.cpuUsage: this thread and V8's GC helpers),
 * which other processes inflate much less.
 */
import { Bench } from 'tinybench';
import { createAnalyzer } from '../src/analyzer.js';
import { render, renderPage, RENDER_STYLES } from '../src/render/index.js';
import { benchText } from './text.js';

const LIMIT_BYTES = 204_800;
const TARGET_MS = 200;

const { text: all, source } = benchText();
const encoder = new TextEncoder();
let text = '';
for (const para of all.split('\n\n')) {
  const next = text ? `${text}\n\n${para}` : para;
  if (encoder.encode(next).length > LIMIT_BYTES) break;
  text = next;
}

const analyzer = await createAnalyzer();
const extractors = 'words,entities,dependency-trees,relations,topics';
const t0 = performance.now();
const response = await analyzer.analyze({ text, extractors, languageOverride: 'eng', cleanup: { returnCleaned: true } });
const analyzeMs = performance.now() - t0;
if (!response.ok) throw new Error(`analysis failed: ${response.error}`);
const p = response.response!;
const words = p.sentences!.reduce((n, s) => n + s.words.length, 0);

const bench = new Bench({ time: Number(process.env.BENCH_TIME_MS ?? 2000), iterations: 5 });
bench.add('render(), every style', () => void render(response, { idPrefix: 'b' }));
for (const style of RENDER_STYLES) bench.add(`render(), ${style}`, () => void render(response, { style, idPrefix: 'b' }));
bench.add('renderPage(), every style', () => void renderPage(response, { idPrefix: 'b' }));
await bench.run();

const ms = (name: string) => {
  const t = bench.tasks.find((x) => x.name === name)!;
  return t.result.state === 'completed' ? t.result.period : NaN;
};
const html = render(response, { idPrefix: 'b' });
console.log(
  `text: ${source}, ${encoder.encode(text).length} bytes, ${p.sentences!.length} sentences, ${words} words, ` +
    `${p.entities!.length} entities, ${p.relations!.length} relations, ${p.properties?.length ?? 0} properties, ${p.topics!.length} topics ` +
    `(analysed once in ${(analyzeMs / 1000).toFixed(1)} s, not timed)`,
);
console.log(`HTML: ${(html.length / 1e6).toFixed(2)} M characters`);
for (const t of bench.tasks) console.log(`${t.name}: ${ms(t.name).toFixed(1)} ms (p99 ${t.result.state === 'completed' ? t.result.latency.p99.toFixed(1) : '?'} ms)`);
const cpu: number[] = [];
for (let i = 0; i < 15; i++) {
  const c0 = process.cpuUsage();
  render(response, { idPrefix: 'b' });
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
}
cpu.sort((a, b) => a - b);
console.log(`render(), every style, process CPU time: median ${cpu[7]!.toFixed(1)} ms, min ${cpu[0]!.toFixed(1)} ms`);
const every = ms('render(), every style');
console.log(
  `render_all_ms=${every.toFixed(1)} render_all_cpu_ms=${cpu[7]!.toFixed(1)} target_ms=${TARGET_MS} ` +
    `${every <= TARGET_MS ? 'within target' : 'OVER TARGET (wall clock; see the CPU time on a busy machine)'}`,
);
