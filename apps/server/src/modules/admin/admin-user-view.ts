// Row → the admin view of a user (issue 17, ADM-05): the account fields plus what only administrators see.
import type { AdminUser } from '@pipewise/domain';
import type { ClientRow, UserRow } from '../../db/schema.ts';
import { toApiUser } from '../users/user-view.ts';

export const toAdminUser = (user: UserRow, client: ClientRow): AdminUser => ({
  ...toApiUser(user, client),
  is_active: user.isActive,
  two_factor_enabled: user.twoFactorEnabled,
  awaiting_approval: user.awaitingApproval,
  registered_at: user.createdAt.toISOString(),
});
