/**
 * A word's lower case without a new string when it has nothing to lower:
 * `toLowerCase` allocates a copy even then, and the phrase, property and
 * relation walks and the sense targets lower most words they ask about (most
 * are lower case already). A string of ASCII characters other than A–Z is its own lower
 * case; any other goes through `toLowerCase`, so the result is always
 * `w.toLowerCase()`'s value.
 */
export function lowerCase(w: string): string {
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c >= 128 || (c >= 65 && c <= 90)) return w.toLowerCase();
  }
  return w;
}
