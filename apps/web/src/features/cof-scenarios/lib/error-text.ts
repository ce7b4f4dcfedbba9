// What a failed scenario call tells the user: a read-only demo account, a refused right, a scenario gone meanwhile,
// a value the server refused, or that it did not work.
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';

export function errorText(t: TFunction, err: unknown): string {
  if (!(err instanceof ApiError)) return t('cof:errors.generic');
  if (err.code === 'DEMO_READ_ONLY') return t('cof:errors.readOnly');
  switch (err.status) {
    case 403:
      return t('cof:errors.forbidden');
    case 404:
      return t('cof:errors.notFound');
    case 400:
    case 422:
      return t('cof:errors.invalid');
    default:
      return t('cof:errors.generic');
  }
}
