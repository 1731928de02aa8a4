/**
 * Gunzip with the web-standard DecompressionStream (Node ≥ 18 and browsers),
 * so the shipped senses files can be gzip'd without a Node-only import.
 */
export async function gunzipText(bytes: Uint8Array): Promise<string> {
  return new TextDecoder().decode(await gunzipBytes(bytes));
}

/**
 * The gunzipped bytes, for readers that index the file rather than split it
 * into strings. The output is allocated once, at the size the gzip trailer
 * states, and each decompressed chunk is copied in as it comes: collecting
 * the chunks and joining them (as Response.arrayBuffer does) left ~2.5× the
 * output resident after the load, in memory the allocator kept.
 */
export async function gunzipBytes(bytes: Uint8Array): Promise<Uint8Array> {
  // Blob wants bytes over a plain ArrayBuffer; copy when the loader gave a view of something else.
  const plain = bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
  const reader = new Blob([plain]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  let out = new Uint8Array(statedSize(bytes));
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (length + value.byteLength > out.byteLength) {
      // The trailer holds the size modulo 2^32 (and a concatenated file states its last member's): grow.
      const grown = new Uint8Array(Math.max(2 * out.byteLength, length + value.byteLength));
      grown.set(out.subarray(0, length));
      out = grown;
    }
    out.set(value, length);
    length += value.byteLength;
  }
  return length === out.byteLength ? out : out.slice(0, length);
}

/** The uncompressed size a gzip member's trailer states (ISIZE, its last four bytes, little-endian). */
function statedSize(bytes: Uint8Array): number {
  const n = bytes.byteLength;
  if (n < 18) return 0;
  return (bytes[n - 4] | (bytes[n - 3] << 8) | (bytes[n - 2] << 16) | (bytes[n - 1] << 24)) >>> 0;
}
