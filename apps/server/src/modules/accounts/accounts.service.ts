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
import { AppError, fieldError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { contactMail, resetMail, welcomeMail } from '../../mail/templates.ts';
import { revokeAllOfUser } from '../auth/refresh-tokens.repository.ts';
import { findClientByRegistrationCode } from '../clients/clients.repository.ts';
import { languageOf } from '../users/user-view.ts';
import { findUserByEmail, insertUser, updateUser } from '../users/users.repository.ts';
import { insertContactMessage } from './contact-messages.repository.ts';
import {
  findPasswordResetForUpdate,
  insertPasswordReset,
  markPasswordResetUsed,
} from './password-resets.repository.ts';

/** Spec: a reset link is valid for 1 hour. */
export const RESET_LIFETIME_MS = 60 * 60 * 1000;

export const emailTaken = () =>
  new AppError(409, 'EMAIL_TAKEN', 'An account with this e-mail already exists.');
export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  ('code' in err ? err.code === '23505' : isUniqueViolation((err as Error).cause));

export async function register(deps: Deps, body: RegisterRequest): Promise<RegisterResponse> {
  const passwordHash = await hashPassword(body.password);
  const result = await withSystem(deps.database.db, async (tx) => {
    const client = await findClientByRegistrationCode(tx, body.client_code.trim());
    if (!client) throw fieldError('VALIDATION', 'Unknown client code.', 'client_code', 'client_code');
    if (await findUserByEmail(tx, body.email)) throw emailTaken();
    const language: Language = body.language ?? LANGUAGE_BY_COUNTRY[client.country as 'US'] ?? 'en';
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
    }).catch((err: unknown) => {
      throw isUniqueViolation(err) ? emailTaken() : err;
    });
    return { user, client, language };
  });
  const mail = welcomeMail(
    result.language,
    result.user.email,
    result.user.fullName,
    result.client.name,
    `${deps.config.publicUrl}/user/login`,
  );
  await sendQuietly(deps, mail);
  return { id: result.user.id, email: result.user.email };
}

/** Always succeeds: the answer must not reveal whether the address has an account. */
export async function requestPasswordReset(deps: Deps, email: string, language?: Language): Promise<void> {
  const secret = randomToken();
  const user = await withSystem(deps.database.db, async (tx) => {
    const found = await findUserByEmail(tx, email);
    if (!found || !found.user.isActive) return undefined;
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
  await sendQuietly(deps, resetMail(language ?? languageOf(user), user.email, user.fullName, link));
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
    await markPasswordResetUsed(tx, reset.id);
    // A new password ends every existing session of the account.
    await revokeAllOfUser(tx, reset.userId);
  });
}

export async function contactUs(deps: Deps, body: ContactUsRequest, me: AuthUser | undefined): Promise<void> {
  await withSystem(deps.database.db, (tx) =>
    insertContactMessage(tx, { ...body, clientId: me?.clientId ?? null, userId: me?.id ?? null }),
  );
  await sendQuietly(deps, contactMail(deps.config.contactEmail, body, body.subject, body.message));
}

/** A mail failure is logged, not shown: the account change itself has succeeded. */
export async function sendQuietly(deps: Deps, mail: Parameters<Deps['mailer']['send']>[0]): Promise<void> {
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    deps.log.error({ err, to: mail.to, subject: mail.subject }, 'mail could not be sent');
  }
}
