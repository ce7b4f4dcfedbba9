// The pipe edit dialog's one field (PIPE-EDIT-05…07): its zod rule, the value shown for the pipe and for its
// imputation, and the PATCH body for what the user confirmed. Pure, so the rules are unit-tested.
import { convertDiameter, diameterToMm, MIN_YEAR, type DiameterUnit } from '@pipewise/domain';
import { z } from 'zod';
import type { AssetPatchBody } from './api/update-asset.ts';
import type { AssetDetails, EditableAttribute } from './types.ts';

/**
 * PIPE-EDIT-07 (conflict): the dialog's diameter is 0–999 in the user's diameter unit (000 §5 / 001 §5, §9),
 * not the general `diameter` rule's 2–50: that rule is for inch inputs elsewhere, and 2–50 would reject most
 * millimetre diameters. The server takes millimetres up to 999 in (DIAMETER_OVERRIDE_MAX_MM).
 */
export const DIAMETER_EDIT_RANGE = { min: 0, max: 999 } as const;

export interface EditFormValues {
  value: string;
}

const toNumber = (text: string) => Number(text.trim().replace(',', '.'));

export function editSchema(attribute: EditableAttribute, currentYear = new Date().getFullYear()) {
  const required = z.string().trim().min(1, { message: 'validations.required' });
  switch (attribute) {
    case 'installYear':
      return z.object({
        value: required
          .refine((s) => /^-?\d+([.,]\d+)?$/.test(s.trim()), { message: 'validations.numeric' })
          .refine((s) => Number.isInteger(toNumber(s)), { message: 'validations.integer' })
          .refine((s) => toNumber(s) >= MIN_YEAR && toNumber(s) <= currentYear, {
            message: 'validations.year',
            params: { min: MIN_YEAR, max: currentYear },
          }),
      });
    case 'materialTypeCode':
      return z.object({
        value: required.refine((s) => /^(10|[0-9])$/.test(s), { message: 'validations.required' }),
      });
    case 'diameter':
      return z.object({
        value: required
          .refine((s) => /^-?\d+([.,]\d+)?$/.test(s.trim()), { message: 'validations.numeric' })
          .refine((s) => toNumber(s) >= DIAMETER_EDIT_RANGE.min && toNumber(s) <= DIAMETER_EDIT_RANGE.max, {
            message: 'validations.between',
            params: { ...DIAMETER_EDIT_RANGE },
          }),
      });
  }
}

/** Decimals a diameter is typed with: whole millimetres, tenths of an inch. */
const DIAMETER_DECIMALS: Record<DiameterUnit, number> = { mm: 0, in: 1 };

function diameterText(mm: number | null, unit: DiameterUnit): string {
  if (mm == null) return '';
  const value = convertDiameter(mm, unit);
  if (!Number.isFinite(value)) return '';
  const factor = 10 ** DIAMETER_DECIMALS[unit];
  return String(Math.round(value * factor) / factor);
}

/** The form text of the pipe's displayed value. */
export function currentText(pipe: AssetDetails, attribute: EditableAttribute, unit: DiameterUnit): string {
  switch (attribute) {
    case 'installYear':
      return pipe.installYear == null ? '' : String(pipe.installYear);
    case 'materialTypeCode':
      return pipe.materialTypeCode == null ? '' : String(pipe.materialTypeCode);
    case 'diameter':
      return diameterText(pipe.diameter, unit);
  }
}

/** The form text of the model's imputed value; '' when the imputation is not known yet. */
export function imputedText(pipe: AssetDetails, attribute: EditableAttribute, unit: DiameterUnit): string {
  switch (attribute) {
    case 'installYear':
      return pipe.imputedInstallYear == null ? '' : String(pipe.imputedInstallYear);
    case 'materialTypeCode':
      return pipe.imputedMaterial == null ? '' : String(pipe.imputedMaterial);
    case 'diameter':
      return diameterText(pipe.imputedDiameter, unit);
  }
}

/**
 * The PATCH body for the confirmed text. Confirming the imputed value (what Restore puts back) removes the
 * override (`null`): the pipe returns to its imputed status instead of being "overridden" with the model's own
 * guess.
 */
export function patchFor(
  pipe: AssetDetails,
  attribute: EditableAttribute,
  text: string,
  unit: DiameterUnit,
): AssetPatchBody {
  const imputed = imputedText(pipe, attribute, unit);
  const restored = imputed !== '' && toNumber(text) === toNumber(imputed);
  const value = toNumber(text);
  switch (attribute) {
    case 'installYear':
      return { installYear: restored ? null : value };
    case 'materialTypeCode':
      return { materialTypeCode: restored ? null : value };
    case 'diameter':
      return { diameter: restored ? null : Math.round(diameterToMm(value, unit) * 10) / 10 };
  }
}
