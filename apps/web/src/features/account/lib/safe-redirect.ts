// The login page's `redirect` query comes from the URL, so anyone can craft it: only a path of
// this origin is followed (no `//evil.example`, no `https://…`, no `javascript:`), else /home.
const FALLBACK = '/home';

export function safeRedirect(target: string | null | undefined, origin = window.location.origin): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return FALLBACK;
  try {
    const url = new URL(target, origin);
    if (url.origin !== origin) return FALLBACK;
    // Going back to a guest page after logging in would just bounce to /home anyway.
    if (url.pathname.startsWith('/user/login') || url.pathname.startsWith('/user/register')) return FALLBACK;
    return url.pathname + url.search + url.hash;
  } catch {
    return FALLBACK;
  }
}
