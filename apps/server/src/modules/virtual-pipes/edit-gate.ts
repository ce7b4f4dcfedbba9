// Who may change virtual pipes (bulk edits, sampling test, verifications, merge): workers and administrators
// (editPipes) of a client with the VP subscription, as for PATCH assets; demo accounts are read-only first.
import { can } from '@pipewise/domain';
import type { AuthUser } from '../../deps.ts';
import { assertNotDemo, forbidden } from '../../lib/errors.ts';
import type { Viewer } from '../assets/viewer.ts';

/** Before the transaction: the caller's role. */
export function assertMayEdit(me: AuthUser): void {
  assertNotDemo(me);
  if (!can(me, 'editPipes')) throw forbidden('Only workers and administrators can edit pipes.');
}

/** In the transaction: the client's subscriptions. */
export function assertVp(viewer: Viewer): void {
  if (!viewer.subscriptions.includes('VP')) {
    throw forbidden('Editing virtual pipes needs the VP (virtual pipes) subscription.');
  }
}

/** The width of the install-year bins the served imputation's likelihood maps are keyed by (engine default 5). */
export function yearBinOf(imputeSummary: Record<string, unknown> | null | undefined): number {
  const w = imputeSummary?.['yearBinYears'];
  return typeof w === 'number' && w > 0 ? w : 5;
}
