// The JP client mode of spec §6: some navigation items and the environmental damage row are hidden.
import { JP_EXCEPTION_CLIENT_ID } from '../constants/index.ts';

export function isJapanClient(country: string | null | undefined): boolean {
  return country?.trim().toUpperCase() === 'JP';
}

export interface JapanClientFields {
  readonly clientId: number | null | undefined;
  readonly country: string | null | undefined;
}

/** Japan clients hide the JP-hidden items, except the one exception client. */
export function hidesJapanItems({ clientId, country }: JapanClientFields): boolean {
  return isJapanClient(country) && clientId !== JP_EXCEPTION_CLIENT_ID;
}
