// Counts per problem and the first rows of each, so a 100k-row import reports in bounded memory.
export type ProblemKind =
  | 'unparseable-geometry'
  | 'missing-geometry'
  | 'wrong-geometry-type'
  | 'too-many-vertices'
  | 'text-in-number'
  | 'unparseable-date'
  | 'year-out-of-range'
  | 'diameter-out-of-range'
  | 'diameter-implausible'
  | 'length-out-of-range'
  | 'length-implausible'
  | 'length-mismatch'
  | 'duplicate-native-id'
  | 'missing-native-id'
  | 'id-too-long'
  | 'z-m-dropped'
  | 'missing-node-id'
  | 'unknown-pipe-id'
  | 'valve-node-not-on-pipe'
  | 'unmapped-material'
  | 'missing-date'
  | 'missing-value';

export interface ProblemExample {
  readonly row: number;
  readonly field: string;
  readonly value: string;
  readonly message: string;
}

export interface ProblemTally {
  count: number;
  readonly examples: ProblemExample[];
}

export const EXAMPLES_PER_PROBLEM = 10;

export class ReportBuilder {
  readonly problems = new Map<ProblemKind, ProblemTally>();

  add(kind: ProblemKind, example: ProblemExample): void {
    let tally = this.problems.get(kind);
    if (!tally) this.problems.set(kind, (tally = { count: 0, examples: [] }));
    tally.count += 1;
    if (tally.examples.length < EXAMPLES_PER_PROBLEM) tally.examples.push(example);
  }

  toJSON(): Partial<Record<ProblemKind, ProblemTally>> {
    return Object.fromEntries(this.problems);
  }
}

export const shown = (v: unknown): string =>
  (v instanceof Date ? v.toISOString() : String(v ?? '')).slice(0, 80);
