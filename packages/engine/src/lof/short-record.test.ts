// The short-record rule (issue 40): a record of six or seven years trains on more yearly windows with shallower trees
// and says so in the model; a long record keeps the standard rule.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOST_PARAMS } from './booster.ts';
import { indexBreaks } from './history.ts';
import { FIXED_TREES, trainLofModel } from './model.ts';
import { DEFAULT_PANEL_OPTIONS } from './panel.ts';
import { recordRule, SHORT_RECORD, SHORT_RECORD_PANEL_YEARS } from './short-record.ts';
import { SYNTHETIC_ATTRIBUTES, syntheticNetwork } from './testing/synthetic.ts';
import type { Tree } from './tree.ts';
import type { PanelOptions } from './types.ts';

/** Generous: the shared CI machine can be loaded; speed is measured in bench/, not here. */
const SLOW_TEST_MS = 60_000;

/** Deepest leaf of a tree (the root at depth 0); feature −1 marks a leaf. */
function depth(tree: Tree, node = 0): number {
  if (tree.feature[node] === -1) return 0;
  return 1 + Math.max(depth(tree, tree.left[node]!), depth(tree, tree.right[node]!));
}

function train(fromYear: number, toYear: number, panel: Partial<PanelOptions> = {}) {
  const network = syntheticNetwork({ pipes: 2500, fromYear, toYear, seed: 11 });
  const history = indexBreaks(network.pipes, network.breaks);
  const model = trainLofModel({
    pipes: network.pipes,
    breaks: network.breaks,
    history,
    attributes: SYNTHETIC_ATTRIBUTES,
    seed: 3,
    panel,
  });
  return { model, history };
}

describe('recordRule', () => {
  const rule = (years: number, panel: Partial<PanelOptions> = {}, params = {}) =>
    recordRule(
      2000,
      2000 + years,
      { ...DEFAULT_PANEL_OPTIONS, ...panel },
      { ...DEFAULT_BOOST_PARAMS, ...params },
      FIXED_TREES,
    );

  it('applies the short rule exactly when the standard panel would hold fewer than 4 yearly cutoffs', () => {
    // The standard panel: the first cutoff a year before the end, then back while 5 years of record precede them.
    expect(rule(8.5).rule).toMatchObject({ rule: 'short-record', standardPanelYears: 3 });
    expect(rule(9).rule).toMatchObject({ rule: 'standard', standardPanelYears: SHORT_RECORD_PANEL_YEARS });
    expect(rule(6.7).rule).toMatchObject({ rule: 'short-record', standardPanelYears: 1 });
    expect(rule(6.7).rule.recordYears).toBeCloseTo(6.7, 9);
  });

  it('only ever strengthens what the caller asked, and keeps it all on a long record', () => {
    const short = rule(6.7, { minHistoryYears: 5 }, { maxDepth: 2, minRowsLeaf: 500, maxTrees: 30 });
    expect(short.panel.minHistoryYears).toBe(SHORT_RECORD.minHistoryYears);
    expect(short.params).toMatchObject({ maxDepth: 2, minRowsLeaf: 500 });
    expect(short.rule.fixedTrees).toBe(30);
    const long = rule(20);
    expect(long.panel).toEqual(DEFAULT_PANEL_OPTIONS);
    expect(long.params).toEqual(DEFAULT_BOOST_PARAMS);
    expect(long.rule).toMatchObject({ rule: 'standard', fixedTrees: FIXED_TREES, maxDepth: 4 });
  });

  it('can be turned off (the standard rule at any length)', () => {
    const off = rule(6.7, { shortRecordRule: false });
    expect(off.rule.rule).toBe('standard');
    expect(off.panel.minHistoryYears).toBe(DEFAULT_PANEL_OPTIONS.minHistoryYears);
  });
});

describe('training on a short record', () => {
  // Breaks over [2014, 2020): about six years from the first break to the last.
  const short = train(2014, 2020);
  const standard = train(2014, 2020, { shortRecordRule: false });

  it(
    'trains on several yearly windows, stops early on the latest, with shallow trees, and records the rule',
    () => {
      const { training, params } = short.model;
      expect(training.recordRule).toMatchObject({
        rule: 'short-record',
        standardPanelYears: 1,
        minHistoryYears: 1,
        maxDepth: 3,
        minRowsLeaf: 200,
      });
      expect(training.recordRule!.recordYears).toBeGreaterThan(5.5);
      expect(training.recordRule!.recordYears).toBeLessThan(6.1);
      expect(training.cutoffYears.length).toBeGreaterThanOrEqual(4);
      expect(training.validation.rule).not.toBe('fixed-trees');
      expect(params.maxDepth).toBe(3);
      expect(Math.max(...short.model.booster.trees.map((t) => depth(t)))).toBeLessThanOrEqual(3);
    },
    SLOW_TEST_MS,
  );

  it(
    'by the standard rule the same record has one panel year and a fixed 100 trees of depth 4',
    () => {
      const { training, params } = standard.model;
      expect(training.recordRule).toMatchObject({ rule: 'standard', standardPanelYears: 1, maxDepth: 4 });
      expect(training.cutoffYears).toHaveLength(1);
      expect(training.validation.rule).toBe('fixed-trees');
      expect(training.trees).toBe(FIXED_TREES);
      expect(params.maxDepth).toBe(4);
    },
    SLOW_TEST_MS,
  );

  it(
    'a record too short for a held-out year even so trains the short rule’s fixed trees',
    () => {
      // Breaks over [2018, 2020): one panel year whichever the rule.
      const { model } = train(2018, 2020);
      expect(model.training.cutoffYears).toHaveLength(1);
      expect(model.training.validation.rule).toBe('fixed-trees');
      expect(model.training.trees).toBe(SHORT_RECORD.fixedTrees);
      expect(model.training.recordRule).toMatchObject({ rule: 'short-record', fixedTrees: 40 });
    },
    SLOW_TEST_MS,
  );
});

describe('training on a long record', () => {
  it(
    'keeps the standard rule: ten yearly windows, trees of depth 4',
    () => {
      const { model } = train(1995, 2020);
      expect(model.training.recordRule).toMatchObject({
        rule: 'standard',
        standardPanelYears: 10,
        minHistoryYears: 5,
        maxDepth: 4,
        minRowsLeaf: DEFAULT_BOOST_PARAMS.minRowsLeaf,
      });
      expect(model.training.cutoffYears).toHaveLength(10);
      expect(model.params).toEqual(DEFAULT_BOOST_PARAMS);
      expect(model.panel.minHistoryYears).toBe(5);
    },
    SLOW_TEST_MS,
  );
});
