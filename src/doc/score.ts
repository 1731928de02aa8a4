/**
 * A score as the API returns it: 4 decimals. One place for the response's
 * rounding and the layers that hand their entries to the response as they
 * are (the senses layer).
 */
export function roundScore(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
