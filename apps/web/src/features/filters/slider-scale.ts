// The slider a user sees for a view: the tile's unit, or for imperial users of the diameter view inches (spec 000
// §3: 0–2000 in, step 0.5), converted to the tile's millimetres when applied, and of the breakRate view breaks per
// mile (the tiles carry per km).
import {
  convertDiameter,
  diameterToMm,
  KM_PER_MILE,
  type SliderSettings,
  type UnitSystem,
  type ViewDefinition,
} from '@pipewise/domain';

export interface SliderScale extends SliderSettings {
  toDisplay: (tileValue: number) => number;
  toTile: (displayValue: number) => number;
}

const identity = (v: number) => v;

export function sliderScale(view: ViewDefinition, unitSystem: UnitSystem): SliderScale | null {
  const slider = view.slider;
  if (!slider) return null;
  if (unitSystem === 'imperial' && slider.imperial && view.unit === 'diameter') {
    return {
      ...slider,
      ...slider.imperial,
      toDisplay: (mm) => convertDiameter(mm, 'in'),
      toTile: (inches) => diameterToMm(inches, 'in'),
    };
  }
  if (unitSystem === 'imperial' && slider.imperial && view.unit === 'breakRate') {
    return {
      ...slider,
      ...slider.imperial,
      toDisplay: (perKm) => perKm * KM_PER_MILE,
      toTile: (perMile) => perMile / KM_PER_MILE,
    };
  }
  return { ...slider, toDisplay: identity, toTile: identity };
}
