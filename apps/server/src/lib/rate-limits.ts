// Per-route limits for calls that check passwords or send mail (brute force, mail bombing).
// Counted in the database (lib/rate-limit-store.ts), so several API processes share one count.
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const MINUTE = 60_000;

function limit(max: number, timeWindow: number, message: string, key: (request: FastifyRequest) => string) {
  return {
    max,
    timeWindow,
    // After validation, so keys may use the body.
    hook: 'preHandler' as const,
    keyGenerator: key,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new AppError(
        429,
        'RATE_LIMITED',
        message.replace('{minutes}', String(Math.max(1, Math.ceil(context.ttl / MINUTE)))),
      ),
  };
}

const emailOf = (request: FastifyRequest) =>
  String((request.body as { email?: string }).email ?? '').toLowerCase();

export const passwordResetLimit = () =>
  limit(
    5,
    15 * MINUTE,
    'Too many reset requests. Please wait {minutes} minutes and try again.',
    (r) => `${r.ip}|${emailOf(r)}`,
  );

export const contactLimit = () =>
  limit(5, 15 * MINUTE, 'Too many messages. Please wait {minutes} minutes and try again.', (r) => r.ip);

export const registerLimit = () =>
  limit(10, 60 * MINUTE, 'Too many registrations. Please wait {minutes} minutes and try again.', (r) => r.ip);

/** The web's error reports: generous for a burst of failures, bounded against a flood (per address). */
export const clientErrorLimit = () =>
  limit(60, MINUTE, 'Too many error reports. Please wait {minutes} minutes.', (r) => r.ip);

/** Sign-in codes (issue 17): a challenge has its own limits (TWO_FACTOR); these bound one address over many. */
export const twoFactorSendLimit = () =>
  limit(
    10,
    15 * MINUTE,
    'Too many codes requested. Please wait {minutes} minutes and try again.',
    (r) => r.ip,
  );
// A flood bound only: wrong codes are limited by account and address in two-factor.service.ts (failures only).
export const twoFactorCheckLimit = () =>
  limit(300, 15 * MINUTE, 'Too many codes tried. Please wait {minutes} minutes and try again.', (r) => r.ip);

/** Feedback mails the platform staff: a user's burst is fine, a flood is not. */
export const feedbackLimit = () =>
  limit(10, 60 * MINUTE, 'Too many messages. Please wait {minutes} minutes and try again.', (r) => r.ip);
