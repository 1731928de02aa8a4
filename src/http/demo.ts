/**
 * `textlens serve --demo`: GET /demo, a page where a user pastes text or a
 * URL, picks extractors and sees the drawing (src/render/) beside the JSON.
 *
 * The page is static and holds nothing secret; its script posts to the
 * server's own analysis API (POST /) with the key the user types, so the
 * demo passes exactly the API's key checks, quota and limits. Its script
 * modules are the compiled renderer (dist/render/*.js), handed in by the
 * Node adapter as `modules`; nothing here reads files. The page's
 * Content-Security-Policy lets it reach only its own origin.
 */
import { Hono } from 'hono';

export interface DemoAssets {
  /** Script modules by file name (`index.js`, `demo-page.js`, …): the compiled src/render/. */
  modules: ReadonlyMap<string, string>;
}

/** Same origin only: the page, its modules and POST /; inline styles are the rendering's <style>. */
export const DEMO_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const EXTRACTORS: ReadonlyArray<[string, boolean]> = [
  ['entities', true],
  ['dependency-trees', true],
  ['relations', true],
  ['topics', true],
  ['words', false],
];

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>textlens demo</title>
<link rel="icon" href="data:,">
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fff}
header{padding:.8em 1.5em;border-bottom:1px solid #d0d0d0}
h1{font-size:1.2em;margin:0}
main{display:grid;grid-template-columns:minmax(18em,24em) 1fr 1fr;gap:1.2em;padding:1.2em 1.5em}
main>*{min-width:0}
@media (max-width:70em){main{grid-template-columns:1fr}}
label{display:block;font-weight:600;margin:.7em 0 .25em}
textarea,input[type=text],input[type=password],input[type=url]{width:100%;font:inherit;padding:.4em;border:1px solid #767676;border-radius:.3em}
textarea{min-height:12em}
fieldset{border:1px solid #d0d0d0;border-radius:.3em;margin:.8em 0}
fieldset label{display:inline-block;font-weight:400;margin:.2em .8em .2em 0}
button{font:inherit;font-weight:600;padding:.5em 1.2em;border:0;border-radius:.3em;background:#0b57d0;color:#fff;cursor:pointer}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
#status{margin:.8em 0;color:#595959}
#status[data-state=failed]{color:#a4161a}
h2{font-size:1em;margin:0 0 .6em}
#json{font-size:.8em;background:#f6f6f6;border:1px solid #d0d0d0;border-radius:.3em;padding:.6em;overflow:auto;max-height:80vh;margin:0;white-space:pre}
.hint{color:#595959;font-size:.85em;margin:.2em 0}
</style></head>
<body>
<header><h1>textlens demo</h1></header>
<main>
<form id="demo-form">
<label for="apiKey">API key</label>
<input id="apiKey" name="apiKey" type="password" autocomplete="off" spellcheck="false">
<p class="hint">Sent to this server as X-TextRazor-Key, as any client sends it.</p>
<label for="text">Text</label>
<textarea id="text" name="text">Tim Cook visited London on Tuesday. Apple sells the iPhone in Paris.</textarea>
<label for="url">or a URL</label>
<input id="url" name="url" type="url" placeholder="https://…">
<fieldset><legend>Extractors</legend>
${EXTRACTORS.map(([name, on]) => `<label><input type="checkbox" name="extractor" value="${name}"${on ? ' checked' : ''}> ${name}</label>`).join('\n')}
</fieldset>
<button id="run" type="submit">Analyze</button>
<p id="status" role="status" aria-live="polite" data-state="loading" data-runs="0">Loading…</p>
</form>
<section aria-labelledby="rendering-title"><h2 id="rendering-title">Rendering</h2><div id="rendering"></div></section>
<section aria-labelledby="json-title"><h2 id="json-title">JSON</h2><pre id="json" tabindex="0"></pre></section>
</main>
<script type="module" src="/demo/render/demo-page.js"></script>
</body></html>
`;

const SECURITY_HEADERS = { 'content-security-policy': DEMO_CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

/** GET /demo and its script modules under /demo/render/. */
export function createDemoRoutes(assets: DemoAssets): Hono {
  const app = new Hono();
  app.get('/demo', () => new Response(PAGE, { headers: { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS } }));
  app.get('/demo/render/:file', (c) => {
    const source = assets.modules.get(c.req.param('file'));
    if (source === undefined) return c.text('no such demo module', 404);
    return new Response(source, { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', ...SECURITY_HEADERS } });
  });
  return app;
}
