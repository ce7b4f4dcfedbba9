import { describe, expect, it } from 'vitest';
import { byDecade } from './asset.ts';
import { elevenBuckets } from './distribution.ts';

describe('elevenBuckets', () => {
  it('gives the 11 buckets of 001 §9 in order, empty ones as zero', () => {
    const buckets = elevenBuckets([
      { bucketPercent: 100, from: 9, to: 10, pipes: 1, lengthM: 5 },
      { bucketPercent: 0, from: 0, to: 1, pipes: 7, lengthM: 50 },
    ]);
    expect(buckets.map((b) => b.bucketPercent)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(buckets.map((b) => b.pipes)).toEqual([7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });
});

describe('byDecade', () => {
  it('sums install years into decades, oldest first, unknown last', () => {
    const row = (key: string | null, lengthM: number) => ({
      key,
      pipes: 1,
      lengthM,
      breaks: null,
      breaksPer100kmYear: null,
    });
    const decades = byDecade([row(null, 5), row('1972', 20), row('1965', 10), row('1969', 1)]);
    expect(decades.map((d) => [d.key, d.pipes, d.lengthM])).toEqual([
      ['1960', 2, 11],
      ['1970', 1, 20],
      [null, 1, 5],
    ]);
  });
});
