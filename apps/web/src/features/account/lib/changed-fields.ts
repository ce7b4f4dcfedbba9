// ACC-USER-02: PATCH user information sends only what changed. Values are compared after
// trimming, and a box emptied by the user is sent as null ("no phone any more").
export function changedFields<T extends Record<string, string>>(
  initial: T,
  current: T,
  nullable: readonly (keyof T)[] = [],
): Partial<Record<keyof T, string | null>> {
  const patch: Partial<Record<keyof T, string | null>> = {};
  for (const key of Object.keys(current) as (keyof T)[]) {
    const now = (current[key] ?? '').trim();
    if (now === (initial[key] ?? '').trim()) continue;
    patch[key] = now === '' && nullable.includes(key) ? null : now;
  }
  return patch;
}
