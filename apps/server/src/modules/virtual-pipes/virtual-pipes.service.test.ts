import { describe, expect, it } from 'vitest';
import { categoryOf, toRow } from './virtual-pipes.service.ts';

describe('categoryOf', () => {
  it('labels values as the engine keys its likelihood maps', () => {
    expect(categoryOf('install_year', 1967, 5)).toBe('1965');
    expect(categoryOf('install_year', 1970, 10)).toBe('1970');
    expect(categoryOf('diameter', 152.39999389648438, 5)).toBe('152.4');
    expect(categoryOf('material_type_code', 8, 5)).toBe('8');
  });
});

describe('toRow', () => {
  it("reads the imputed value's likelihood from its category, the year's bin included", () => {
    const row = toRow(
      {
        id: '7',
        native_pipe_id: 'A7',
        install_year_status: 1,
        install_year_value: 1967,
        install_year_provided: null,
        install_year_imputed: 1967,
        install_year_likelihood: { 1960: 0.2, 1965: 0.8 },
        diameter_status: 0,
        diameter_value: 150,
        diameter_provided: 150,
        diameter_imputed: null,
        diameter_likelihood: null,
        material_type_code_status: 2,
        material_type_code_value: 3,
        material_type_code_provided: null,
        material_type_code_imputed: 8,
        material_type_code_likelihood: { 8: 0.6, 3: 0.4 },
      },
      5,
    );
    expect(row).toEqual({
      id: 7,
      native_pipe_id: 'A7',
      address: null,
      sampled: false,
      verified: false,
      install_year: { status: 1, value: 1967, provided: null, imputed: 1967, likelihood: 0.8 },
      diameter: { status: 0, value: 150, provided: 150, imputed: null, likelihood: null },
      material_type_code: { status: 2, value: 3, provided: null, imputed: 8, likelihood: 0.6 },
    });
  });
});
