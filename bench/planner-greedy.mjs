// The peer of the auto planner (issue 41): a greedy a planner could write in an afternoon, independent of the
// optimiser. The plan's own `greedy_risk_removed` is the greedy over the optimiser's candidates, which is also its
// warm start, so "risk removed ≥ greedy" held by construction. This one reads the same pipes (the plan job's own
// query, repair costs and nodes) and builds its projects itself: seeds by risk per cost, best first; from a seed,
// add the touching free pipe of best risk per cost while the project is shorter than the minimum (never past the
// maximum), then keep adding while the best such pipe does not lower the project's risk per cost; take the project
// when it is within the bounds and fits the budget left. Each pipe is in one project at most.
import { nodesFromEnds, repairCost } from '../packages/engine/src/index.ts';

const NODE_TOLERANCE_M = 0.5; // plan.worker.ts
const density = (risk, cost) => (cost > 0 ? risk / cost : risk > 0 ? Infinity : 0);

/** `inputs`: loadPlanInputs's pipes; `plan`: budget, lengths and the rates the plan used. */
export function independentGreedy(inputs, plan) {
  const t0 = performance.now();
  const nodes = nodesFromEnds(inputs, NODE_TOLERANCE_M);
  const n = inputs.length;
  const cost = inputs.map((p) => repairCost(p.diameterMm, p.lengthM, plan.rates, plan.perLengthUnit));
  const eligible = inputs.map((p, i) => cost[i] !== null && p.lengthM <= plan.maxLengthM);
  const byNode = new Map();
  const link = (v, i) => (byNode.get(v) ?? byNode.set(v, []).get(v)).push(i);
  for (let i = 0; i < n; i++) {
    if (!eligible[i]) continue;
    link(nodes[i].from, i);
    if (nodes[i].to !== nodes[i].from) link(nodes[i].to, i);
  }
  const used = new Uint8Array(n);
  const seeds = [...Array(n).keys()]
    .filter((i) => eligible[i] && inputs[i].risk > 0)
    .sort((a, b) => density(inputs[b].risk, cost[b]) - density(inputs[a].risk, cost[a]) || a - b);
  let spent = 0;
  let risk = 0;
  let projects = 0;
  for (const seed of seeds) {
    if (used[seed]) continue;
    const group = new Set([seed]);
    let g = { length: inputs[seed].lengthM, cost: cost[seed], risk: inputs[seed].risk };
    for (;;) {
      let best = -1;
      for (const member of group)
        for (const v of [nodes[member].from, nodes[member].to])
          for (const j of byNode.get(v) ?? []) {
            if (used[j] || group.has(j) || g.length + inputs[j].lengthM > plan.maxLengthM) continue;
            if (best < 0 || density(inputs[j].risk, cost[j]) > density(inputs[best].risk, cost[best]))
              best = j;
          }
      if (best < 0) break;
      const short = g.length < plan.minLengthM;
      if (!short && density(inputs[best].risk, cost[best]) < density(g.risk, g.cost)) break;
      group.add(best);
      g = {
        length: g.length + inputs[best].lengthM,
        cost: g.cost + cost[best],
        risk: g.risk + inputs[best].risk,
      };
    }
    if (g.length < plan.minLengthM || spent + g.cost > plan.budget) continue;
    for (const i of group) used[i] = 1;
    spent += g.cost;
    risk += g.risk;
    projects += 1;
  }
  return { risk_removed: risk, cost: spent, projects, ms: Math.round(performance.now() - t0) };
}
