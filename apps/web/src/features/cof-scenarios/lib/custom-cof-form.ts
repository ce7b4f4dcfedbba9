// A custom COF as its dialog edits it, and the rule it becomes on the wire (packages/domain cof-scenarios.ts): by
// attribute (material codes, road types, or an inclusive diameter or install-year range, either end open) or by
// layer (areas of the mesh, district or custom zone layer). Diameters are typed in the user's unit and sent in mm.
import {
  MIN_YEAR,
  convertDiameter,
  diameterToMm,
  type CustomCofAttribute,
  type DiameterUnit,
} from '@pipewise/domain';
import { parseAmount, type AmountProblem } from './cost-draft.ts';
import type { AreaLayer, CustomCof, CustomCofRule } from '../types.ts';

/** The road types the engine prices (packages/engine cof/scenario.ts RoadType). */
export const ROAD_TYPES = ['arterial', 'collector', 'local'] as const;

export interface CustomCofForm {
  name: string;
  amount: string;
  kind: 'attribute' | 'layer';
  attribute: CustomCofAttribute;
  materials: number[];
  roadTypes: string[];
  /** Diameter in the user's unit, or install year. */
  min: string;
  max: string;
  layer: AreaLayer;
  areaIds: number[];
}

export type FormProblem =
  AmountProblem | 'chooseValues' | 'chooseAreas' | 'rangeEmpty' | 'rangeOrder' | 'year';
export type FormErrors = Partial<Record<'name' | 'amount' | 'values' | 'min' | 'max' | 'areas', FormProblem>>;

export const emptyCustomCofForm = (): CustomCofForm => ({
  name: '',
  amount: '',
  kind: 'attribute',
  attribute: 'material',
  materials: [],
  roadTypes: [],
  min: '',
  max: '',
  layer: 'district',
  areaIds: [],
});

/** Two decimals: 6 in is 152.4 mm, not 152.39999999999998. */
const round2 = (value: number) => Math.round(value * 100) / 100;

const bound = (
  value: number | null | undefined,
  attribute: CustomCofAttribute,
  unit: DiameterUnit,
): string => {
  if (value === null || value === undefined) return '';
  return String(attribute === 'diameter' ? round2(convertDiameter(value, unit)) : value);
};

export function formFromCustomCof(cof: CustomCof, unit: DiameterUnit): CustomCofForm {
  const form: CustomCofForm = { ...emptyCustomCofForm(), name: cof.name, amount: String(cof.amount) };
  const rule = cof.rule;
  if (rule.kind === 'layer') return { ...form, kind: 'layer', layer: rule.layer, areaIds: [...rule.areaIds] };
  const values = rule.values ?? [];
  return {
    ...form,
    attribute: rule.attribute,
    materials: values.filter((v): v is number => typeof v === 'number'),
    roadTypes: values.filter((v): v is string => typeof v === 'string'),
    min: bound(rule.min, rule.attribute, unit),
    max: bound(rule.max, rule.attribute, unit),
  };
}

/** A range end: null when left open, a number, or what is wrong with it. */
function parseBound(text: string, attribute: CustomCofAttribute): number | null | FormProblem {
  if (text.trim() === '') return null;
  const value = parseAmount(text);
  if (typeof value === 'string') return value;
  if (attribute === 'install_year') {
    const maxYear = new Date().getFullYear();
    return Number.isInteger(value) && value >= MIN_YEAR && value <= maxYear ? value : 'year';
  }
  return value;
}

function attributeRule(form: CustomCofForm, unit: DiameterUnit, errors: FormErrors): CustomCofRule | null {
  const { attribute } = form;
  if (attribute === 'material' || attribute === 'road_type') {
    const values = attribute === 'material' ? form.materials : form.roadTypes;
    if (values.length === 0) {
      errors.values = 'chooseValues';
      return null;
    }
    return { kind: 'attribute', attribute, values: [...values] };
  }
  const min = parseBound(form.min, attribute);
  const max = parseBound(form.max, attribute);
  if (typeof min === 'string') errors.min = min;
  if (typeof max === 'string') errors.max = max;
  if (typeof min === 'string' || typeof max === 'string') return null;
  if (min === null && max === null) {
    errors.min = 'rangeEmpty';
    return null;
  }
  if (min !== null && max !== null && min > max) {
    errors.max = 'rangeOrder';
    return null;
  }
  const toWire = (v: number | null) =>
    v === null || attribute !== 'diameter' ? v : round2(diameterToMm(v, unit));
  return { kind: 'attribute', attribute, min: toWire(min), max: toWire(max) };
}

/** The custom COF the form describes, or the problems of its fields. */
export function buildCustomCof(
  form: CustomCofForm,
  base: { id: number; enabled: boolean },
  unit: DiameterUnit,
): { cof: CustomCof } | { errors: FormErrors } {
  const errors: FormErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'required';
  const amount = parseAmount(form.amount);
  if (typeof amount === 'string') errors.amount = amount;
  let rule: CustomCofRule | null = null;
  if (form.kind === 'layer') {
    if (form.areaIds.length === 0) errors.areas = 'chooseAreas';
    else rule = { kind: 'layer', layer: form.layer, areaIds: [...form.areaIds] };
  } else {
    rule = attributeRule(form, unit, errors);
  }
  if (rule === null || typeof amount === 'string' || Object.keys(errors).length > 0) return { errors };
  return { cof: { id: base.id, enabled: base.enabled, name, rule, amount } };
}

/** The wire wants positive ids; a new custom COF takes the next one free in its scenario. */
export function nextCustomCofId(cofs: readonly CustomCof[]): number {
  return cofs.reduce((max, c) => Math.max(max, c.id), 0) + 1;
}
