// tau-prolog ships no types. Its values are described, as far as this
// bridge uses them, in ./tau.ts; the modules are typed as unknown here and
// cast there, so the rest of the code never sees an untyped value.
declare module 'tau-prolog' {
  const pl: unknown;
  export default pl;
}
declare module 'tau-prolog/modules/lists.js' {
  const load: (pl: unknown) => void;
  export default load;
}
declare module 'tau-prolog/modules/format.js' {
  const load: (pl: unknown) => void;
  export default load;
}
declare module 'tau-prolog/modules/charsio.js' {
  const load: (pl: unknown) => void;
  export default load;
}
declare module 'tau-prolog/modules/random.js' {
  const load: (pl: unknown) => void;
  export default load;
}
