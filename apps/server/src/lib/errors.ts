// Errors that carry the wire shape of docs/api-accounts.md: { status, message, code, fields }.
import type { ApiErrorCode, BookedPipe, FieldError } from '@pipewise/domain';

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: FieldError[],
    /** PIPE_BOOKED: which pipes, held by which projects. */
    readonly booked?: BookedPipe[],
  ) {
    super(message);
    this.statusCode = statusCode;
  }
}

export const unauthorized = (message = 'Authentication required.', code: ApiErrorCode = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, 'FORBIDDEN', message);
/** Demo-mode accounts are shared, so nothing they do may change the account (CHECKLIST TBD-05). */
export function assertNotDemo(user: { isDemo: boolean }): void {
  if (user.isDemo) throw new AppError(403, 'DEMO_READ_ONLY', 'Demo accounts are read-only.');
}
export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);

/** A 400 naming one field, for rules that need the database (unknown client code, wrong password). */
export function fieldError(code: ApiErrorCode, message: string, field: string, rule: string): AppError {
  return new AppError(400, code, message, [{ field, rule, message: `validations.${rule}` }]);
}
