// One call for the VIS step of the analysis pipeline: segments, their figures and what a break cuts off.
import type { Topology } from '../network/topology.ts';
import { type VisInputs, type VisSegment, summarizeSegments } from './segment-summary.ts';
import { type Segmentation, type SegmentationOptions, segmentNetwork } from './segments.ts';
import { type SupplyLoss, supplyLoss } from './supply-loss.ts';
import type { IsolationValve } from './valves.ts';

export interface VisAnalysis {
  readonly topology: Topology;
  readonly segmentation: Segmentation;
  readonly segments: readonly VisSegment[];
  readonly supply: SupplyLoss;
}

export function analyzeVis(
  topology: Topology,
  valves: readonly IsolationValve[],
  inputs: VisInputs = {},
  options: SegmentationOptions = {},
): VisAnalysis {
  const segmentation = segmentNetwork(topology, valves, options);
  return {
    topology,
    segmentation,
    segments: summarizeSegments(topology, segmentation, inputs),
    supply: supplyLoss(topology, segmentation),
  };
}
