/**
 * The rendering's stylesheet, scoped under `.textlens`. Every colour, font
 * and size a page may want to change is a CSS variable with a default here,
 * so a page themes the rendering by setting variables on `.textlens` (or any
 * ancestor), never by overriding rules.
 *
 * Default colours keep text at WCAG AA contrast or better: text is always
 * --textlens-fg on a pale tint (entity and argument backgrounds are above
 * 85 % lightness, so #1b1b1b on them is over 12:1), labels likewise.
 */

/** The CSS variables and their defaults (documented in docs/visualizer.md). */
export const THEME_DEFAULTS: Readonly<Record<string, string>> = {
  '--textlens-font': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  '--textlens-font-size': '16px',
  '--textlens-label-font-size': '0.7em',
  '--textlens-line-height': '2.4',
  '--textlens-fg': '#1b1b1b',
  '--textlens-muted': '#595959',
  '--textlens-bg': '#ffffff',
  '--textlens-border': '#d0d0d0',
  '--textlens-focus': '#0b57d0',
  '--textlens-person': '#fde2e4',
  '--textlens-place': '#d8f0e3',
  '--textlens-organisation': '#dbe7fb',
  '--textlens-time': '#fff1c7',
  '--textlens-other': '#ece6f7',
  '--textlens-custom': '#ffe3c7',
  '--textlens-custom-border': '#a34f00',
  '--textlens-arc': '#4a4a4a',
  '--textlens-arc-label': '#1b1b1b',
  '--textlens-predicate': '#ffe08a',
  '--textlens-subject': '#cfe3ff',
  '--textlens-object': '#d4f2d9',
  '--textlens-argument': '#ececec',
  '--textlens-bar': '#6b8fd6',
};

const vars = Object.entries(THEME_DEFAULTS)
  .map(([name, value]) => `${name}:${value};`)
  .join('');

/** The stylesheet, as one string. */
export const CSS = `
.textlens{${vars}font-family:var(--textlens-font);font-size:var(--textlens-font-size);color:var(--textlens-fg);background:var(--textlens-bg);line-height:1.5}
.textlens *,.textlens *::before,.textlens *::after{box-sizing:border-box}
.textlens .tl-block{margin:0 0 1.25em}
.textlens .tl-caption{margin:0 0 .4em;font-size:.8em;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:var(--textlens-muted)}
.textlens .tl-empty,.textlens .tl-error{color:var(--textlens-muted);font-style:italic}
.textlens .tl-error{color:#a4161a;font-style:normal}
.textlens :focus-visible{outline:3px solid var(--textlens-focus);outline-offset:2px}
.textlens .tl-text{white-space:pre-wrap;overflow-wrap:anywhere;line-height:var(--textlens-line-height);margin:0}
.textlens mark{color:var(--textlens-fg);background:var(--textlens-other);border-radius:.3em;padding:.15em .3em;position:relative}
.textlens .tl-entity::after{content:attr(data-type);font-size:var(--textlens-label-font-size);font-weight:700;text-transform:uppercase;letter-spacing:.03em;margin-left:.4em;vertical-align:middle;color:var(--textlens-fg)}
.textlens .tl-entity[data-type=""]::after,.textlens .tl-entity-continued::after{content:none}
.textlens .tl-entity.tl-person{background:var(--textlens-person)}
.textlens .tl-entity.tl-place{background:var(--textlens-place)}
.textlens .tl-entity.tl-organisation{background:var(--textlens-organisation)}
.textlens .tl-entity.tl-time{background:var(--textlens-time)}
.textlens .tl-entity.tl-custom{background:var(--textlens-custom);border-bottom:2px dashed var(--textlens-custom-border)}
.textlens .tl-entity.tl-custom::after{content:"\\2605\\00a0" attr(data-type)}
.textlens .tl-entity .tl-entity{padding:0 .15em}
.textlens .tl-entity[data-tip]:hover::before,.textlens .tl-entity[data-tip]:focus::before{content:attr(data-tip);position:absolute;left:0;bottom:100%;z-index:1;white-space:pre;font-size:.8em;line-height:1.4;padding:.3em .5em;border-radius:.3em;background:var(--textlens-fg);color:var(--textlens-bg);pointer-events:none}
.textlens .tl-scroll{overflow-x:auto;max-width:100%;border:1px solid var(--textlens-border);border-radius:.4em;margin:0 0 .6em;background:var(--textlens-bg)}
.textlens .tl-sentence{margin:0}
.textlens .tl-tree{display:block}
.textlens .tl-tree text{text-anchor:middle}
.textlens .tl-tree .tl-word{fill:var(--textlens-fg);font-size:15px}
.textlens .tl-tree .tl-tag{fill:var(--textlens-muted);font-size:11px}
.textlens .tl-tree [data-textlens=arc] path{fill:none;stroke:var(--textlens-arc);stroke-width:1.5;stroke-linejoin:round;stroke-linecap:round}
.textlens .tl-tree [data-textlens=arc] text{fill:var(--textlens-arc-label);font-size:11px;paint-order:stroke;stroke:var(--textlens-bg);stroke-width:4px;stroke-linejoin:round}
.textlens .tl-tree [data-textlens=arc]:hover path{stroke-width:3}
.textlens .tl-list{list-style:none;margin:0;padding:0}
.textlens .tl-list>li{margin:0 0 .5em;padding:.35em .5em;border-left:3px solid var(--textlens-border)}
.textlens .tl-sentence-text{margin:0 0 .3em;color:var(--textlens-muted);font-size:.9em}
.textlens .tl-tuple{line-height:2.2}
.textlens .tl-part{padding:.1em .3em}
.textlens .tl-predicate{font-weight:600}
.textlens .tl-part:not(.tl-predicate)::before{content:attr(data-role);font-size:var(--textlens-label-font-size);font-weight:700;text-transform:uppercase;margin-right:.35em}
.textlens .tl-predicate{background:var(--textlens-predicate)}
.textlens .tl-part[data-role="subject"]{background:var(--textlens-subject)}
.textlens .tl-part[data-role="object"]{background:var(--textlens-object)}
.textlens .tl-part[data-role="other"],.textlens .tl-part[data-role="property"]{background:var(--textlens-argument)}
.textlens .tl-part[data-role="focus"]{background:var(--textlens-subject)}
.textlens .tl-gap{color:var(--textlens-muted)}
.textlens .tl-score{color:var(--textlens-muted);font-size:.85em;margin-left:.4em}
.textlens .tl-topics{margin:0 0 .8em;padding:0;list-style:none}
.textlens .tl-topics>li{display:grid;grid-template-columns:minmax(8em,16em) minmax(4em,10em) auto;gap:.7em;align-items:center;margin:0 0 .25em}
.textlens .tl-bar{display:block;height:.6em;border-radius:.3em;background:linear-gradient(90deg,var(--textlens-bar) calc(var(--tl-score)*100%),var(--textlens-border) 0)}
.textlens .tl-topics a{color:var(--textlens-focus)}
`.trim();
