import { createHash, randomBytes } from 'node:crypto';

/** 256 bits, URL-safe: refresh tokens, reset ids, CSRF tokens. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Secrets are stored as sha256 only; lookups hash the presented value. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
