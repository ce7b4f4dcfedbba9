// The renewal programme's plain-data contract (issue 39): the network as the served analysis left it, one
// scenario's yearly budgets, and what each year of the scenario buys. Nothing here does I/O; the server loads the
// pipes and stores the result.

/** How a scenario spends its budget each year. */
export type ProgrammeStrategy = 'risk' | 'oldest' | 'breaks';
export const PROGRAMME_STRATEGIES: readonly ProgrammeStrategy[] = ['risk', 'oldest', 'breaks'];

export interface ProgrammePipe {
  /** Database pipe id. */
  readonly id: number;
  readonly lengthM: number;
  /** Age at the programme's first year; null when the install year is unknown (its rate is held flat). */
  readonly ageYears: number | null;
  /** Expected breaks over the 12 months from the scoring date (the served LOF's lofAbsolute, or the prior's). */
  readonly expectedBreaks: number;
  /** Power-law ageing exponent b of its material (rul/ageing.ts): rate ∝ max(minAge, age)^b. */
  readonly ageingExponent: number;
  /** Renewal cost in the scenario's currency; null = unknown diameter: never renewed. */
  readonly cost: number | null;
  /** Consequence of a break in money (COF), 0 without one: total risk (BRE) = P(break in the year) × cof. */
  readonly cof: number;
  /** Breaks on record (the "most breaks first" strategy). */
  readonly recordedBreaks: number;
  /** Remaining useful life in whole years at the first year (RUL); null when unknown. */
  readonly rulYears: number | null;
  /** Breaks per km·year of the main that replaces it (new-pipe-rates.ts). */
  readonly renewedRatePerKm: number;
  /** Node indices (dense, 0-based): pipes sharing one are connected (planner/nodes.ts). */
  readonly from: number;
  readonly to: number;
}

export interface ProgrammeNetwork {
  readonly pipes: readonly ProgrammePipe[];
  /** Ages below this count as this in the ageing law (AGEING_MIN_AGE_YEARS). */
  readonly minAgeYears: number;
  /** Project length bounds of the risk strategy (the auto planner's). */
  readonly minLengthM: number;
  readonly maxLengthM: number;
  /** Over-dispersion of the utility's yearly break counts (poisson-interval.ts yearlyDispersion); 1 = Poisson. */
  readonly dispersion?: number;
}

export interface ProgrammeYear {
  /** 0-based year of the programme. */
  readonly index: number;
  /** The year's budget and what was carried into it unspent. */
  readonly budget: number;
  readonly carriedIn: number;
  readonly spend: number;
  readonly pipesRenewed: number;
  readonly lengthRenewedM: number;
  /** Expected breaks in the year after its renewals, and the 95 % interval of the count (poisson-interval.ts). */
  readonly expectedBreaks: number;
  readonly expectedBreaksLow: number;
  readonly expectedBreaksHigh: number;
  /** Total risk: Σ P(break in the year) × COF. */
  readonly bre: number;
  /** Length-weighted age of the pipes of known age (a renewed main counts from its renewal). */
  readonly meanAge: number | null;
  readonly p90Age: number | null;
  /** Share of the length of known RUL that is past it (its RUL ≤ the year), renewed mains never. */
  readonly sharePastRul: number | null;
  /** The risk strategy's projects of the year (pipe index groups); one per pipe otherwise. */
  readonly projects: number;
}

export interface ScenarioResult {
  readonly years: ProgrammeYear[];
  /** Per pipe (input order): the 0-based year it was renewed in, −1 when never. */
  readonly renewedIn: Int16Array;
  /** Per pipe: its project number within its year (0-based), −1 when never renewed. */
  readonly projectOf: Int32Array;
}
