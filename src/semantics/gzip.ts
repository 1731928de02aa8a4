/**
 * Gunzip with the web-standard DecompressionStream (Node ≥ 18 and browsers),
 * so the shipped senses files can be gzip'd without a Node-only import.
 */
export async function gunzipText(bytes: Uint8Array): Promise<string> {
  return gunzipped(bytes).text();
}

/** The gunzipped bytes, for readers that index the file rather than split it into strings. */
export async function gunzipBytes(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await gunzipped(bytes).arrayBuffer());
}

function gunzipped(bytes: Uint8Array): Response {
  // Blob wants bytes over a plain ArrayBuffer; copy when the loader gave a view of something else.
  const plain = bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
  return new Response(new Blob([plain]).stream().pipeThrough(new DecompressionStream('gzip')));
}
