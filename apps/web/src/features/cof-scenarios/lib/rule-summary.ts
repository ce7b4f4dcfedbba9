// A custom COF's rule in words for the list: 'Material: Cast iron, Steel', 'Diameter: 4 – 8 in', 'Install year:
// from 1960', 'District: 3 areas'. Diameters come in mm and are shown in the user's unit.
import { convertDiameter, formatNumber, type DiameterUnit } from '@pipewise/domain';
import type { TFunction } from 'i18next';
import { MATERIAL_OPTIONS, materialName } from '../../../lib/materials.ts';
import type { CustomCofRule } from '../types.ts';

export function materialLabel(t: TFunction, code: number): string {
  return MATERIAL_OPTIONS.some((o) => o.code === code) ? materialName(t, code) : String(code);
}

export function ruleSummary(t: TFunction, rule: CustomCofRule, unit: DiameterUnit, language: string): string {
  if (rule.kind === 'layer') {
    return t('customCofs.summary.layer', {
      layer: t(`customCofs.layers.${rule.layer}`),
      count: rule.areaIds.length,
    });
  }
  const attribute = t(`customCofs.attributes.${rule.attribute}`);
  if (rule.attribute === 'material' || rule.attribute === 'road_type') {
    const values = (rule.values ?? []).map((v) =>
      rule.attribute === 'material' && typeof v === 'number'
        ? materialLabel(t, v)
        : t(`customCofs.roadTypes.${v}`, { defaultValue: String(v) }),
    );
    return `${attribute}: ${values.join(', ')}`;
  }
  const diameter = rule.attribute === 'diameter';
  const show = (v: number) => {
    if (!diameter) return String(v);
    // 152.4 mm reads '6 in'; a typed 6.5 in keeps its tenth.
    const value = Math.round(convertDiameter(v, unit) * 10) / 10;
    return `${formatNumber(value, language, { decimals: Number.isInteger(value) ? 0 : 1 })} ${unit}`;
  };
  const min = rule.min ?? null;
  const max = rule.max ?? null;
  const range =
    min !== null && max !== null
      ? t('customCofs.summary.between', { min: show(min), max: show(max) })
      : min !== null
        ? t('customCofs.summary.from', { min: show(min) })
        : max !== null
          ? t('customCofs.summary.upTo', { max: show(max) })
          : t('customCofs.summary.any');
  return `${attribute}: ${range}`;
}
