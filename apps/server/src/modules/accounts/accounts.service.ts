// Public account flows: register, password reset by mail, contact (docs/api-accounts.md).
import {
  DEFAULT_TIME_ZONE,
  LANGUAGE_BY_COUNTRY,
  LOCALE_BY_LANGUAGE,
  PERMISSION_GROUP,
} from '@pipewise/domain';
import type { ContactUsRequest, Language, RegisterRequest, RegisterResponse } from '@pipewise/domain';
import { withSystem } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Mail } from '../../mail/mailer.ts';
import { awaitingApprovalMail } from '../../mail/approval-templates.ts';
import { unknownCodeMail } from '../../mail/registration-templates.ts';
import { accountExistsMail, contactMail, resetMail, welcomeMail } from '../../mail/templates.ts';
import { recordAudit } from '../admin/admin-audit.ts';
import { endSessionsAndResets } from '../auth/end-sessions.ts';
import { findClientByRegistrationCode } from '../clients/clients.repository.ts';
import { languageOf } from '../users/user-view.ts';
import { findUserByEmail, insertUser, updateUser } from '../users/users.repository.ts';
import { insertContactMessage } from './contact-messages.repository.ts';
import { approvalRequests, joinsDirectly } from './registration-approval.ts';
import { findPasswordResetForUpdate, insertPasswordReset } from './password-resets.repository.ts';

/** Spec: a reset link is valid for 1 hour. */
export const RESET_LIFETIME_MS = 60 * 60 * 1000;

/** Administrators creating a user are told (admin-users.service.ts); self-registration never is. */
export const emailTaken = () =>
  new AppError(409, 'EMAIL_TAKEN', 'An account with this e-mail already exists.');
export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  ('code' in err ? err.code === '23505' : isUniqueViolation((err as Error).cause));

/**
 * Issue 18: the answer is the same whether or not the address has an account (in any client), so registration
 * cannot be used to find out who has one. A new address gets its account and a mail; an address with an account
 * gets a mail saying so. Mail goes after the answer, so both take the same time.
 * Issue 37: the code alone no longer opens a utility's network. An address of one of the client's join domains
 * (clients.join_domains; '*' on the demo clients) gets an active viewer account at once; any other waits,
 * inactive, for an administrator's approval (registration-approval.ts), and the client's administrators are asked.
 */
export async function register(deps: Deps, body: RegisterRequest): Promise<RegisterResponse> {
  const passwordHash = await hashPassword(body.password);
  const loginLink = `${deps.config.publicUrl}/user/login`;
  let mails: Mail[] = [];
  try {
    mails = await withSystem(deps.database.db, async (tx) => {
      const client = await findClientByRegistrationCode(tx, body.client_code.trim());
      // Issue 37: "Unknown client code." let anyone probe for codes. The answer is the same 202 as for a known
      // code, and the address learns by mail that no organisation has it.
      if (!client)
        return [unknownCodeMail(body.language ?? 'en', body.email, `${deps.config.publicUrl}/user/register`)];
      const existing = await findUserByEmail(tx, body.email);
      if (existing) {
        const { user } = existing;
        return [accountExistsMail(languageOf(user), user.email, user.fullName, loginLink)];
      }
      const language: Language = body.language ?? LANGUAGE_BY_COUNTRY[client.country as 'US'] ?? 'en';
      const joins = joinsDirectly(client.joinDomains, body.email);
      const user = await insertUser(tx, {
        clientId: client.id,
        email: body.email,
        passwordHash,
        fullName: body.full_name,
        language,
        locale: LOCALE_BY_LANGUAGE[language],
        timeZone: DEFAULT_TIME_ZONE,
        country: client.country,
        // New self-registered users can only look (docs/api-accounts.md).
        permissionGroupTypeCode: PERMISSION_GROUP.VIEWER,
        isActive: joins,
        awaitingApproval: !joins,
      });
      await recordAudit(tx, {
        clientId: client.id,
        actorId: user.id,
        action: 'user.register',
        targetId: user.id,
        changes: { email: user.email, full_name: user.fullName, awaiting_approval: !joins },
      });
      if (joins) return [welcomeMail(language, user.email, user.fullName, client.name, loginLink)];
      return [
        awaitingApprovalMail(language, user.email, user.fullName, client.name, loginLink),
        ...(await approvalRequests(tx, deps, client, user)),
      ];
    });
  } catch (err) {
    // The same address registered at the same moment: it has an account now, which the answer does not tell.
    if (!isUniqueViolation(err)) throw err;
  }
  for (const mail of mails) sendLater(deps, 'registration mail', mail);
  return { email: body.email };
}

/**
 * Always succeeds, and answers before looking the address up: neither the answer nor its timing may reveal
 * whether the address has an account (issue 18: the mail made the call twice as slow for existing accounts).
 */
export function requestPasswordReset(deps: Deps, email: string, language?: Language): void {
  deps.background.run('password reset', async () => {
    const secret = randomToken();
    const user = await withSystem(deps.database.db, async (tx) => {
      const found = await findUserByEmail(tx, email);
      // A service account (issue 42) has no password to reset: it acts through its API tokens only.
      if (!found || !found.user.isActive || found.user.serviceAccount) return undefined;
      await insertPasswordReset(tx, {
        id: sha256(secret),
        userId: found.user.id,
        clientId: found.user.clientId,
        expiresAt: new Date(Date.now() + RESET_LIFETIME_MS),
      });
      return found.user;
    });
    if (!user) return;
    const link = `${deps.config.publicUrl}/user/reset?id=${encodeURIComponent(secret)}`;
    await deps.mailer.send(resetMail(language ?? languageOf(user), user.email, user.fullName, link));
  });
}

export async function resetPassword(deps: Deps, secret: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await withSystem(deps.database.db, async (tx) => {
    const reset = await findPasswordResetForUpdate(tx, sha256(secret));
    if (!reset || reset.usedAt || reset.expiresAt <= new Date()) {
      throw new AppError(
        400,
        'RESET_INVALID',
        'This reset link is invalid or has expired. Please ask for a new one.',
      );
    }
    await updateUser(tx, reset.userId, { passwordHash });
    await endSessionsAndResets(tx, reset.userId);
  });
}

export async function contactUs(deps: Deps, body: ContactUsRequest, me: AuthUser | undefined): Promise<void> {
  await withSystem(deps.database.db, (tx) =>
    insertContactMessage(tx, { ...body, clientId: me?.clientId ?? null, userId: me?.id ?? null }),
  );
  await sendQuietly(deps, contactMail(deps.config.contactEmail, body, body.subject, body.message));
}

/** Mail sent after the answer (lib/background.ts); a failure is logged without the address. */
export function sendLater(deps: Deps, name: string, mail: Mail): void {
  deps.background.run(name, () => deps.mailer.send(mail));
}

/** A mail failure is logged, not shown: the account change itself has succeeded. */
export async function sendQuietly(deps: Deps, mail: Parameters<Deps['mailer']['send']>[0]): Promise<void> {
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    // Not the address: error logs carry no personal data (issue 18).
    deps.log.error({ err, subject: mail.subject }, 'mail could not be sent');
  }
}
