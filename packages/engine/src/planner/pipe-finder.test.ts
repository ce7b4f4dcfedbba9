import { describe, expect, it } from 'vitest';
import { selectHighRiskPipes } from './pipe-finder.ts';

const pipes = [
  { id: 4, lengthM: 100, risk: 0.2 },
  { id: 2, lengthM: 50, risk: 0.9 },
  { id: 9, lengthM: 200, risk: 0.5 },
  { id: 1, lengthM: 150, risk: 0.5 },
  { id: 7, lengthM: 500, risk: 0.1 },
];

describe('selectHighRiskPipes', () => {
  it('takes the highest risk first, ties by id, until the count share is reached', () => {
    expect(selectHighRiskPipes(pipes, 'count_percent', 40)).toEqual([2, 1]);
    expect(selectHighRiskPipes(pipes, 'count_percent', 41)).toEqual([2, 1, 9]);
    expect(selectHighRiskPipes(pipes, 'count_percent', 100)).toEqual([2, 1, 9, 4, 7]);
  });

  it('includes the pipe that reaches a length coverage', () => {
    // Total 1000 m: 20 % = 200 m is reached by 50 + 150.
    expect(selectHighRiskPipes(pipes, 'length_percent', 20)).toEqual([2, 1]);
    expect(selectHighRiskPipes(pipes, 'length_percent', 20.1)).toEqual([2, 1, 9]);
    expect(selectHighRiskPipes(pipes, 'length', 60)).toEqual([2, 1]);
    expect(selectHighRiskPipes(pipes, 'length', 50)).toEqual([2]);
  });

  it('handles none, everything and float round-off', () => {
    expect(selectHighRiskPipes(pipes, 'length', 0)).toEqual([]);
    expect(selectHighRiskPipes(pipes, 'count_percent', 0)).toEqual([]);
    expect(selectHighRiskPipes(pipes, 'length', 1e9)).toHaveLength(5);
    expect(selectHighRiskPipes(pipes, 'length_percent', 150)).toHaveLength(5);
    expect(selectHighRiskPipes([], 'count_percent', 50)).toEqual([]);
    // 7 % of 100 is 7.000000000000001 in floats, and 0.7 + 0.1 is 0.7999999999999999: both are reached.
    const hundred = Array.from({ length: 100 }, (_, i) => ({
      id: i,
      lengthM: i === 0 ? 0.7 : 0.1,
      risk: 1 - i / 1000,
    }));
    expect(selectHighRiskPipes(hundred, 'count_percent', 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(selectHighRiskPipes(hundred, 'length', 0.8)).toEqual([0, 1]);
  });

  it('rejects a negative or non-finite amount', () => {
    expect(() => selectHighRiskPipes(pipes, 'length', -1)).toThrow(RangeError);
    expect(() => selectHighRiskPipes(pipes, 'count_percent', Number.NaN)).toThrow(RangeError);
  });
});
