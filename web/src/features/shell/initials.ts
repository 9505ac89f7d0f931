/**
 * A name's initials for the avatar: the first and last word's first letters ('?' for none). A one-word name gives
 * its first letter, or its first `oneWordLetters` letters (the friends lists and officials show two: "Thandi" → "TH").
 */
export function initials(name: string, { oneWordLetters = 1 }: { oneWordLetters?: 1 | 2 } = {}): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.slice(0, oneWordLetters)];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}
