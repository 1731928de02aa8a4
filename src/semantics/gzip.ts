/**
 * Gunzip with the web-standard DecompressionStream (Node ≥ 18 and browsers),
 * so the shipped senses files can be gzip'd without a Node-only import.
 */
export async function gunzipText(bytes: Uint8Array): Promise<string> {
  // Blob wants bytes over a plain ArrayBuffer; copy when the loader gave a view of something else.
  const plain = bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
  const stream = new Blob([plain]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}
