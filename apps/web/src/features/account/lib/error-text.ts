// The text of an error that belongs to no single field (shown in an Alert above a form).
// Known codes get a translated sentence; the server's own message is English-only, so it is
// only the last resort.
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';

const KEY_BY_CODE: Record<string, string> = {
  INVALID_CREDENTIALS: 'errors.invalidCredentials',
  RATE_LIMITED: 'errors.rateLimited',
  ACCOUNT_INACTIVE: 'errors.accountInactive',
  ACCOUNT_PENDING: 'errors.accountPending',
  VALIDATION: 'errors.checkFields',
  CSRF: 'errors.unexpected',
  FORBIDDEN: 'errors.forbidden',
  TWO_FACTOR_INVALID: 'errors.twoFactorInvalid',
  TWO_FACTOR_EXPIRED: 'errors.twoFactorExpired',
};

export function errorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.unexpected', { ns: 'account' });
  const key = error.code ? KEY_BY_CODE[error.code] : undefined;
  if (key) return t(key, { ns: 'account' });
  if (error.fields?.length) return t('errors.checkFields', { ns: 'account' });
  // 500 also covers "fetch failed" (the client maps network errors to 500).
  if (error.status >= 500) return t('errors.unexpected', { ns: 'account' });
  return error.message || t('errors.unexpected', { ns: 'account' });
}
