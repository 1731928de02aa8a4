/** `--classifier name=DIR` (repeatable) on `analyze` and `serve`: the caller's classifiers by name. */
export function parseClassifierFlags(flags: readonly string[] | undefined): Record<string, string> | undefined {
  if (!flags || flags.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const f of flags) {
    const eq = f.indexOf('=');
    if (eq <= 0 || eq === f.length - 1) throw new Error(`--classifier takes name=DIR (a directory written by \`textlens train classifier\`), got '${f}'`);
    const name = f.slice(0, eq);
    if (name in out) throw new Error(`--classifier '${name}' is given twice`);
    out[name] = f.slice(eq + 1);
  }
  return out;
}
