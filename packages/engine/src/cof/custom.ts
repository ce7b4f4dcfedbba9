// Custom COFs (001 §3 customCofs, cost code custom 2048): the amount a utility adds to the COF of the pipes a rule
// selects — a river crossing, a hospital district, pipes under a rail line. Rules read the analysed attributes
// (provided, else imputed), so a pipe with no recorded material can still be selected by its imputed one; a pipe
// whose attribute is unknown is not selected (nothing is invented for it).
import type { CustomCofRef, CustomCofRule } from './scenario.ts';

export interface CustomCofPipeFacts {
  readonly id: string;
  readonly materialTypeCode: number | null;
  readonly diameterMm: number | null;
  readonly installYear: number | null;
  readonly roadType: string | null;
}

/** Pipe ids by area id, for layer rules (the analysis' midpoint-in-area membership). */
export type AreaMembers = ReadonlyMap<string, ReadonlySet<string>>;

function inRange(value: number | null, min: number | null | undefined, max: number | null | undefined) {
  if (value === null) return false;
  return (min == null || value >= min) && (max == null || value <= max);
}

export function selects(rule: CustomCofRule, pipe: CustomCofPipeFacts, areas: AreaMembers): boolean {
  if (rule.kind === 'layer') return rule.areaIds.some((id) => areas.get(id)?.has(pipe.id) ?? false);
  switch (rule.attribute) {
    case 'material':
      return (
        pipe.materialTypeCode !== null && (rule.values ?? []).map(Number).includes(pipe.materialTypeCode)
      );
    case 'road_type':
      return (
        pipe.roadType !== null &&
        (rule.values ?? []).map((v) => String(v).toLowerCase()).includes(pipe.roadType.toLowerCase())
      );
    case 'diameter':
      return inRange(pipe.diameterMm, rule.min, rule.max);
    case 'install_year':
      return inRange(pipe.installYear, rule.min, rule.max);
  }
}

/**
 * The custom amounts of each pipe by custom COF id (model.ts `CofPipe.custom`), for the enabled custom COFs with
 * a rule and a positive amount. Only pipes something selects get an entry.
 */
export function customAmounts(
  customCofs: readonly CustomCofRef[],
  pipes: readonly CustomCofPipeFacts[],
  areas: AreaMembers,
): Map<string, Record<string, number>> {
  const active = customCofs.filter((c) => c.enabled && c.rule !== undefined && (c.amount ?? 0) > 0);
  const out = new Map<string, Record<string, number>>();
  if (active.length === 0) return out;
  for (const pipe of pipes) {
    for (const c of active) {
      if (!selects(c.rule!, pipe, areas)) continue;
      const amounts = out.get(pipe.id) ?? {};
      amounts[String(c.id)] = c.amount!;
      out.set(pipe.id, amounts);
    }
  }
  return out;
}

/** Area membership from the dataset inputs' area lists, only for the areas some rule names. */
export function areaMembersOf(
  customCofs: readonly CustomCofRef[],
  areas: readonly { readonly areaId: string; readonly pipeIds: readonly string[] }[],
): AreaMembers {
  const wanted = new Set(
    customCofs.flatMap((c) => (c.enabled && c.rule?.kind === 'layer' ? c.rule.areaIds : [])),
  );
  return new Map(areas.filter((a) => wanted.has(a.areaId)).map((a) => [a.areaId, new Set(a.pipeIds)]));
}
