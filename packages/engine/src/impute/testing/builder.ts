// Test-data builder for imputation (STYLE.md: builders, not hand-wired data). Streets are straight runs
// of pipes laid end to end (so their ends snap into shared nodes), placed in metres around a base point
// and converted to lon/lat.
import type { MaterialCode } from '@pipewise/domain';
import type { AttributeValue, ImputePipe, LonLatPair } from '../types.ts';

const BASE: LonLatPair = [-80.49, 43.45];
const M_PER_DEG_LAT = 111_320;

export interface PipeFacts {
  readonly installYear?: number | null;
  readonly materialTypeCode?: MaterialCode | null;
  readonly diameterMm?: number | null;
  readonly lengthM?: number;
  readonly attributes?: Readonly<Record<string, AttributeValue>>;
}

export interface StreetPlacement {
  /** Start in metres east and north of the base point. */
  readonly atM?: readonly [number, number];
  readonly direction?: 'east' | 'north';
  /** Years of successive pipes step by this much (pipes on a street laid over a few seasons). */
  readonly yearStep?: number;
}

function toLonLat(x: number, y: number): LonLatPair {
  const lat = BASE[1] + y / M_PER_DEG_LAT;
  return [BASE[0] + x / (M_PER_DEG_LAT * Math.cos((BASE[1] * Math.PI) / 180)), lat];
}

export class ImputeBuilder {
  private readonly pipes: ImputePipe[] = [];

  /** `count` pipes `${name}-1`…, each `lengthM` (default 100) long, with the given facts. */
  street(name: string, count: number, facts: PipeFacts, placement: StreetPlacement = {}): this {
    const [x0, y0] = placement.atM ?? [0, 0];
    const lengthM = facts.lengthM ?? 100;
    for (let k = 0; k < count; k++) {
      const along = (d: number): LonLatPair =>
        placement.direction === 'north' ? toLonLat(x0, y0 + d) : toLonLat(x0 + d, y0);
      const year = facts.installYear == null ? null : facts.installYear + k * (placement.yearStep ?? 0);
      this.add({
        id: `${name}-${k + 1}`,
        coordinates: [along(k * lengthM), along((k + 1) * lengthM)],
        street: name,
        ...this.facts(facts),
        installYear: year,
      });
    }
    return this;
  }

  /** A pipe with no geometry and no street: only its own attributes can inform it. */
  isolated(id: string, facts: PipeFacts): this {
    return this.add({ id, ...this.facts(facts) });
  }

  /** Sets facts of an existing pipe (null hides a value). */
  set(id: string, facts: PipeFacts): this {
    const i = this.pipes.findIndex((p) => p.id === id);
    if (i < 0) throw new Error(`no pipe '${id}'`);
    this.pipes[i] = { ...this.pipes[i]!, ...facts };
    return this;
  }

  build(): ImputePipe[] {
    return [...this.pipes];
  }

  private add(pipe: ImputePipe): this {
    this.pipes.push(pipe);
    return this;
  }

  private facts(f: PipeFacts) {
    return {
      lengthM: f.lengthM ?? 100,
      installYear: f.installYear ?? null,
      materialTypeCode: f.materialTypeCode ?? null,
      diameterMm: f.diameterMm ?? null,
      ...(f.attributes ? { attributes: f.attributes } : {}),
    };
  }
}
