// The server's pino options (issue 18): JSON logs, and no personal data or SQL parameters in them. A failed query's
// error carries its parameters (Drizzle's "params: …", in the message and the stack too) and PostgreSQL's detail
// ("Key (email)=(…) already exists"): row values, often users' addresses or names. Mail recipients and e-mail
// fields are censored wherever a log line names them.
import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * Secrets that travel in URLs, kept out of the logs: the reset secret in the path of PUT /api/forgot-password/{id},
 * and the API token a GIS client may put in the query of /ogc (`?token=pwt_…`, docs/api-ogc.md).
 */
export const redactUrl = (url: string) =>
  url.replace(/(\/forgot-password\/)[^/?]+/, '$1[redacted]').replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

type SerializedError = ReturnType<typeof pino.stdSerializers.err>;

/** pino's error serializer without the values a failed query carries. */
export function errSerializer(err: Error): SerializedError {
  const out = pino.stdSerializers.err(err);
  if (!out || typeof out !== 'object') return out;
  delete out['params'];
  delete out['detail'];
  const params = (err as { params?: unknown }).params;
  if (params !== undefined) {
    // Drizzle builds its message as `Failed query: …\nparams: ${params}`; pino copies it into message and stack.
    const shown = `params: ${String(params)}`;
    const hide = (text: string) => text.split(shown).join('params: [redacted]');
    out.message = hide(out.message);
    out.stack = hide(out.stack);
  }
  return out;
}

export const REDACTED_PATHS = [
  'to',
  'email',
  '*.to',
  '*.email',
  'req.headers.authorization',
  'req.headers.cookie',
];

export function loggerOptions(level: string, env: string) {
  // JSON logs in production; pretty only for a developer at a terminal.
  const pretty = env === 'development' && process.stdout.isTTY;
  const options = {
    level,
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      err: errSerializer,
    },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  return pretty ? { ...options, transport: { target: 'pino-pretty' } } : options;
}
