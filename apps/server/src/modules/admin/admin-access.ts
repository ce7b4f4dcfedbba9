// The administration role matrix (issue 17, spec 000/001 §6): platform staff manage every client; a client
// administrator manages the users of their own client only; everyone else is refused.
import { hasRole, PERMISSION_GROUP } from '@pipewise/domain';
import { withSystem, withTenant, type Db } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo, forbidden, notFound } from '../../lib/errors.ts';

export function assertStaff(me: AuthUser): void {
  if (!me.isStaff) throw forbidden('Only platform staff can manage clients.');
}

/** SUPERADMIN ranks as ADMINISTRATOR (the domain's reading of ROLE-06). */
export const isClientAdmin = (me: AuthUser): boolean =>
  hasRole(me.permissionGroupTypeCode, PERMISSION_GROUP.ADMINISTRATOR);

/**
 * Runs `fn` in the context that may see the users of `clientId`: the system context for staff, the caller's own
 * tenant for a client administrator. Another client's id is a 404, as if it did not exist (as RLS answers elsewhere).
 */
export function withClientAdmin<T>(
  deps: Deps,
  me: AuthUser,
  clientId: number,
  fn: (tx: Db) => Promise<T>,
  opts: { write: boolean },
): Promise<T> {
  if (!me.isStaff && !isClientAdmin(me)) throw forbidden('Only administrators can manage users.');
  if (opts.write) assertNotDemo(me);
  if (me.isStaff) return withSystem(deps.database.db, fn);
  if (clientId !== me.clientId) throw notFound('Client not found.');
  return withTenant(deps.database.db, me.clientId, fn);
}
