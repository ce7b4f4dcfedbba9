// Initials for the avatar of the user menu (SHELL-TOP-03): first letters of the first and last word;
// for a one-word name the first two characters; for CJK names (no spaces) the first character.
export function initials(fullName: string, email = ''): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return (email[0] ?? '?').toUpperCase();
  // Japanese and other CJK names read best as their first character (山田 太郎 → 山).
  if (/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(first)) return Array.from(first)[0] ?? '?';
  if (words.length === 1) return Array.from(first).slice(0, 2).join('').toUpperCase();
  const last = words[words.length - 1] ?? '';
  return (Array.from(first)[0]! + (Array.from(last)[0] ?? '')).toUpperCase();
}
