import { describe, expect, it } from 'vitest';
import { camelizeKeys } from '../../lib/case.ts';
import { currentText, editSchema, imputedText, patchFor } from './edit-form.ts';
import { wireAsset } from './test-data.ts';
import type { AssetDetails } from './types.ts';

const pipe = camelizeKeys<AssetDetails>(wireAsset({ diameter: 152.4, imputed_diameter: 203.2 }));
const message = (attribute: Parameters<typeof editSchema>[0], value: string) => {
  const result = editSchema(attribute, 2026).safeParse({ value });
  return result.success ? null : result.error.issues[0]!.message;
};

describe('pipe edit form rules (PIPE-EDIT-05…07)', () => {
  it('install year: required, numeric, whole, 1800 to the current year', () => {
    expect(message('installYear', ' ')).toBe('validations.required');
    expect(message('installYear', 'abc')).toBe('validations.numeric');
    expect(message('installYear', '1950.5')).toBe('validations.integer');
    expect(message('installYear', '1799')).toBe('validations.year');
    expect(message('installYear', '2027')).toBe('validations.year');
    expect(message('installYear', '1800')).toBeNull();
    expect(message('installYear', '2026')).toBeNull();
  });

  it('material: one of the 11 codes', () => {
    expect(message('materialTypeCode', '')).toBe('validations.required');
    expect(message('materialTypeCode', '11')).toBe('validations.required');
    expect(message('materialTypeCode', '10')).toBeNull();
  });

  it('diameter: 0 to 999 (PIPE-EDIT-07 reading), comma or point', () => {
    expect(message('diameter', '-0.1')).toBe('validations.between');
    expect(message('diameter', '999.1')).toBe('validations.between');
    expect(message('diameter', '0')).toBeNull();
    expect(message('diameter', '12,5')).toBeNull();
  });

  it('shows diameters in the user unit and sends millimetres; the imputed value removes the override', () => {
    expect(currentText(pipe, 'diameter', 'in')).toBe('6');
    expect(imputedText(pipe, 'diameter', 'in')).toBe('8');
    expect(patchFor(pipe, 'diameter', '6', 'in')).toEqual({ diameter: 152.4 });
    expect(patchFor(pipe, 'diameter', '8', 'in')).toEqual({ diameter: null });
    expect(patchFor(pipe, 'diameter', '150', 'mm')).toEqual({ diameter: 150 });
    expect(patchFor(pipe, 'installYear', '1962', 'mm')).toEqual({ installYear: null });
    expect(patchFor(pipe, 'materialTypeCode', '8', 'mm')).toEqual({ materialTypeCode: 8 });
  });
});
