// Population served by a pipe, from the projection the server joins from population regions: a record of
// year → people. The BASE YEAR of a pipe is the lowest year key of its record (the census year the
// projection starts from, e.g. 2025 with 2030…2050 projected); "population" in the results means that year.

/** The base year of a population record: its lowest numeric key; null for none. */
export function baseYear(population: Readonly<Record<string, number>> | null): string | null {
  if (population === null) return null;
  let best: string | null = null;
  for (const key of Object.keys(population)) {
    const year = Number(key);
    if (Number.isFinite(year) && (best === null || year < Number(best))) best = key;
  }
  return best;
}

/** People served in the base year; 0 when the pipe has no population record. */
export function basePopulation(population: Readonly<Record<string, number>> | null): number {
  const year = baseYear(population);
  const value = year === null ? 0 : population![year]!;
  return Number.isFinite(value) ? value : 0;
}

/** Adds a population record into a running sum by year. */
export function addPopulation(
  sum: Record<string, number>,
  population: Readonly<Record<string, number>> | null,
): void {
  for (const [year, value] of Object.entries(population ?? {}))
    if (Number.isFinite(value)) sum[year] = (sum[year] ?? 0) + value;
}
