// Feedback from signed-in users (issue 17, spec 001 §7 feedback): kept in the writer's tenant and mailed to the
// platform staff (the contact address when there are none); staff read all of it.
import type { FeedbackItem, FeedbackList, FeedbackQuery, FeedbackRequest } from '@pipewise/domain';
import { withSystem, withTenant } from '../../db/database.ts';
import type { FeedbackRow } from '../../db/schema.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo } from '../../lib/errors.ts';
import type { Mail } from '../../mail/mailer.ts';
import { sendQuietly } from '../accounts/accounts.service.ts';
import { assertStaff } from '../admin/admin-access.ts';
import { findUserById } from '../users/users.repository.ts';
import { insertFeedback, pageOfFeedback, staffEmails } from './feedback.repository.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Staff read it in English, the platform's working language, whatever the writer's. */
function feedbackMail(to: string, row: FeedbackRow, name: string, client: string): Mail {
  const text = `From: ${name} <${row.userEmail}> (${client})\nCategory: ${row.category}\n\n${row.message}`;
  return {
    to,
    subject: `[Pipewise feedback: ${row.category}] ${row.subject}`,
    text,
    html: `<pre>${escapeHtml(text)}</pre>`,
  };
}

export async function sendFeedback(deps: Deps, me: AuthUser, body: FeedbackRequest): Promise<FeedbackItem> {
  assertNotDemo(me);
  const saved = await withTenant(deps.database.db, me.clientId, async (tx) => {
    const found = (await findUserById(tx, me.id))!;
    const row = await insertFeedback(tx, {
      clientId: me.clientId,
      userId: me.id,
      userEmail: found.user.email,
      ...body,
    });
    return { row, name: found.user.fullName, client: found.client.name };
  });
  const staff = await withSystem(deps.database.db, staffEmails);
  const recipients = staff.length > 0 ? staff : [deps.config.contactEmail];
  for (const to of recipients) await sendQuietly(deps, feedbackMail(to, saved.row, saved.name, saved.client));
  return toApi(saved.row, saved.client);
}

const toApi = (row: FeedbackRow, clientName: string): FeedbackItem => ({
  id: row.id,
  client_id: row.clientId,
  client_name: clientName,
  user_email: row.userEmail,
  category: row.category as FeedbackItem['category'],
  subject: row.subject,
  message: row.message,
  created_at: row.createdAt.toISOString(),
});

export async function listFeedback(deps: Deps, me: AuthUser, page: FeedbackQuery): Promise<FeedbackList> {
  assertStaff(me);
  const { rows, total } = await withSystem(deps.database.db, (tx) => pageOfFeedback(tx, page));
  return { items: rows.map((r) => toApi(r.feedback, r.clientName)), total_count: total };
}
