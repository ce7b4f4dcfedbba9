import { describe, expect, it } from 'vitest';
import { emitDatasetReset, onDatasetReset } from './reset.ts';
import { sameView } from './view.ts';

describe('dataset reset signal (DATA-SW-01)', () => {
  it('reaches every subscriber until it unsubscribes', () => {
    const seen: string[] = [];
    const stopA = onDatasetReset((r) => seen.push(`a:${r}`));
    const stopB = onDatasetReset((r) => seen.push(`b:${r}`));
    emitDatasetReset('switch');
    stopA();
    emitDatasetReset('selection');
    stopB();
    emitDatasetReset('ready');
    expect(seen).toEqual(['a:switch', 'b:switch', 'b:selection']);
  });
});

describe('sameView (spec 000 §9 set-view tolerance 4 decimals)', () => {
  const saved = { center: [139.93, 37.495], zoom: 14 };
  it('treats views within 4 decimals as the saved one', () => {
    expect(sameView({ center: [139.93001, 37.49499], zoom: 14.00001 }, saved)).toBe(true);
    expect(sameView({ center: [139.9302, 37.495], zoom: 14 }, saved)).toBe(false);
    expect(sameView({ center: [139.93, 37.495], zoom: 14 }, { center: null, zoom: null })).toBe(false);
  });
});
