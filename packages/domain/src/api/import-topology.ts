// The network check of an import's validation report (issue 16: "a topology report that names what it changed").
// A pipes layer's nodes come from its node-id columns when it has them, as for an EPANET model, else from joining
// pipe ends within a tolerance; either way the report says what that did, and every example names the utility's own
// id and the row. Fields added after the first version default, so reports stored before them still parse.
import { z } from 'zod';

/** One end of a link: its id in the file, its row, and which end (first or last vertex) when it matters. */
export const topologyEndSchema = z.object({
  native_id: z.string(),
  row: z.number().int(),
  end: z.enum(['start', 'end']).optional(),
  /** The node id the file gives this end (node-id mode). */
  node_id: z.string().optional(),
});
export type TopologyEnd = z.infer<typeof topologyEndSchema>;

export const topologyExampleSchema = topologyEndSchema.extend({
  /** Metres: the largest distance merged, an end's distance from its node, the gap between coincident nodes. */
  distance_m: z.number().optional(),
  /** Metres: the link's drawn length (short links). */
  length_m: z.number().optional(),
  /** The other ends of a merged group, or an end of the other coincident node. */
  with: z.array(topologyEndSchema).optional(),
});
export type TopologyExample = z.infer<typeof topologyExampleSchema>;

/** How many, and the first few. */
export const topologyFindingSchema = z.object({
  count: z.number().int(),
  examples: z.array(topologyExampleSchema),
});
export type TopologyFinding = z.infer<typeof topologyFindingSchema>;

const NONE: TopologyFinding = { count: 0, examples: [] };
const finding = () => topologyFindingSchema.default(NONE);

export const topologyComponentSchema = z.object({
  nodes: z.number().int(),
  links: z.number().int(),
  length_m: z.number(),
  /** One of its links, to find it on the map or in the file. */
  native_id: z.string(),
  row: z.number().int(),
});

export const topologyReportSchema = z.object({
  /**
   * `node_ids`: nodes are the file's node ids (start/end node columns, or an EPANET model), coordinates only check
   * them; `coordinates`: pipe ends within `tolerance_m` of each other are joined into one node.
   */
  mode: z.enum(['node_ids', 'coordinates']).default('coordinates'),
  /** Metres: ends this close are one node (coordinates), or agree with their node (node ids). */
  tolerance_m: z.number().default(0.5),
  nodes: z.number().int(),
  links: z.number().int().default(0),
  components: z.number().int(),
  /** Share of the pipe length in the largest connected component (0–1). */
  largest_component_share: z.number(),
  /** The largest connected parts, largest first. */
  component_sizes: z.array(topologyComponentSchema).default([]),
  dangling_ends: z.number().int(),
  dangling: finding(),
  /** Dangling ends within the snap tolerance of another pipe (or on it) but not joined to it. */
  unsnapped_ends: z.number().int(),
  unsnapped_examples: z.array(
    z.object({
      native_id: z.string(),
      distance_m: z.number(),
      row: z.number().int().optional(),
      end: z.enum(['start', 'end']).optional(),
    }),
  ),
  /** Links of no length (pumps, valves, zero-length pipes): kept as links between their two nodes. */
  zero_length_links: finding(),
  /** Coordinates: groups of ends at different points joined into one node; `distance_m` the largest in each. */
  merged_ends: finding(),
  /** Metres: the largest distance any end was moved to join a node (coordinates). */
  largest_merge_m: z.number().default(0),
  /** Coordinates: links drawn shorter than the tolerance, whose two ends may have become one node. */
  short_links: finding(),
  /** Links whose two ends are the same node. */
  self_loops: finding(),
  /** Node ids: different nodes within the tolerance of each other, kept apart as the ids say. */
  coincident_nodes: finding(),
  /** Node ids: ends farther than the tolerance from the other ends of their node. */
  far_ends: finding(),
  /** Rows with an empty node id while the node columns are mapped (the network is then joined by coordinates). */
  missing_node_ids: z.number().int().default(0),
  /** Valves farther than the tolerance from any pipe (valves layer, or existing valves vs new pipes). */
  valves_far: z.number().int(),
  /** Existing valves whose pipe id is not among the new pipes: they will be placed by position. */
  valves_unknown_pipe: z.number().int().default(0),
});
export type TopologyReport = z.infer<typeof topologyReportSchema>;
