/**
 * A table's typed arrays carved out of one ArrayBuffer. A typed array of its
 * own costs, besides its payload, its buffer object (~90 bytes of JS heap)
 * and the allocator's record of its memory; for the many small per-lemma and
 * per-synset tables the senses and entailments build (tens of thousands per
 * document) that was as much as what they hold. Views into one buffer share
 * one of each. The arrays are zero-filled and live as long as any of them.
 */

type SlabArrayConstructor = Float64ArrayConstructor | Float32ArrayConstructor | Int32ArrayConstructor | Uint32ArrayConstructor | Uint8ArrayConstructor;

/** Per name, the kind of array and its length. */
export type SlabSpec = Record<string, readonly [SlabArrayConstructor, number]>;

export type SlabArrays<S extends SlabSpec> = { [K in keyof S]: InstanceType<S[K][0]> };

/** The arrays of `spec`, each as long as asked, side by side in one buffer (each aligned to its element size). */
export function slabArrays<S extends SlabSpec>(spec: S): SlabArrays<S> {
  const names = Object.keys(spec) as Array<keyof S & string>;
  // Widest elements first: every array then starts aligned without padding.
  names.sort((a, b) => spec[b][0].BYTES_PER_ELEMENT - spec[a][0].BYTES_PER_ELEMENT);
  let bytes = 0;
  for (const name of names) bytes += spec[name][0].BYTES_PER_ELEMENT * spec[name][1];
  const buffer = new ArrayBuffer(bytes);
  const out = {} as Record<string, unknown>;
  let at = 0;
  for (const name of names) {
    const [Kind, length] = spec[name];
    out[name] = new Kind(buffer, at, length);
    at += Kind.BYTES_PER_ELEMENT * length;
  }
  return out as SlabArrays<S>;
}
