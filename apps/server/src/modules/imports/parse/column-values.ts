// The distinct values of each column and their counts, gathered on the pass that lists a layer at upload (issue 41):
// the wizard's material list had read the whole file once more for one column (7.6 s of a 100k-pipe GeoJSON under
// load). Bounded, because a file may have 2,000 columns of unique values: a column past MAX_DISTINCT values, or with
// a value longer than MAX_TEXT or holding a NUL, is dropped (the material list then reads the file, as before), and past MAX_TOTAL
// values in all the largest column left is dropped.

/** Column → [value as the wizard shows it (trimmed text), count]; only columns that stayed within the bounds. */
export type ColumnValueCounts = Record<string, [string, number][]>;

const MAX_DISTINCT = 2000;
const MAX_TEXT = 200;
const MAX_TOTAL = 50_000;

export class ColumnValues {
  private readonly counts = new Map<string, Map<string, number>>();
  private readonly dropped = new Set<string>();
  private total = 0;

  add(properties: Readonly<Record<string, unknown>>): void {
    // for…in, not Object.entries: no array of pairs for each row of the upload's listing.
    for (const column in properties) {
      if (this.dropped.has(column)) continue;
      const v = properties[column];
      const raw = v === null || v === undefined ? '' : String(v).trim();
      let counts = this.counts.get(column);
      if (!counts) this.counts.set(column, (counts = new Map()));
      if (raw === '') continue;
      // A NUL is refused when the file is read (nul-characters.ts): that read, not this list, answers then.
      if (raw.length > MAX_TEXT || raw.includes('\u0000')) {
        this.drop(column);
        continue;
      }
      const n = counts.get(raw);
      if (n !== undefined) {
        counts.set(raw, n + 1);
        continue;
      }
      counts.set(raw, 1);
      this.total += 1;
      if (counts.size > MAX_DISTINCT) this.drop(column);
      while (this.total > MAX_TOTAL) this.drop(this.largest());
    }
  }

  private largest(): string {
    let best = '';
    let size = -1;
    for (const [column, counts] of this.counts) if (counts.size > size) [best, size] = [column, counts.size];
    return best;
  }

  private drop(column: string): void {
    this.total -= this.counts.get(column)?.size ?? 0;
    this.counts.delete(column);
    this.dropped.add(column);
  }

  result(): ColumnValueCounts {
    return Object.fromEntries([...this.counts].map(([column, counts]) => [column, [...counts]]));
  }
}
