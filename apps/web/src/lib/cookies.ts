// Tiny cookie helpers (document.cookie); the CSRF cookie and the `lang` cookie use them.

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function writeCookie(
  name: string,
  value: string,
  opts: { maxAgeDays: number; sameSite: 'Lax' },
): void {
  const maxAge = Math.round(opts.maxAgeDays * 24 * 60 * 60);
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=${opts.sameSite}`;
}
