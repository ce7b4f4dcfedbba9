// One error body for every failure: { status, message, code, fields } (docs/api-accounts.md, spec 000 §8:
// every error carries a message and a status, default 500). Internals never reach the client.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, FieldError } from '@pipewise/domain';
import { AppError } from '../lib/errors.ts';

interface Issue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Our schemas use `validations.<rule>` messages (spec 000 §5); zod's own messages map by issue code. */
function ruleOf(issue: Issue): string {
  if (issue.message?.startsWith('validations.')) return issue.message.slice('validations.'.length);
  switch (issue.keyword) {
    case 'invalid_type':
      return issue.params['input'] === undefined ? 'required' : 'type';
    case 'too_small':
      return 'min';
    case 'too_big':
      return 'max';
    case 'unrecognized_keys':
      return 'unknown_field';
    case 'invalid_format':
      return String(issue.params['format'] ?? 'format');
    default:
      return issue.keyword;
  }
}

function fieldsOf(issues: Issue[]): FieldError[] {
  const all = issues.flatMap((issue) => {
    const rule = ruleOf(issue);
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const keys = issue.keyword === 'unrecognized_keys' ? ((issue.params['keys'] as string[]) ?? []) : [base];
    return keys.map((key) => ({
      field: base && key !== base ? `${base}.${key}` : key,
      rule,
      message: `validations.${rule}`,
    }));
  });
  // One entry per field and rule: a password failing two regexes of the same rule is one error.
  const seen = new Set<string>();
  return all.filter((f) => !seen.has(`${f.field}|${f.rule}`) && seen.add(`${f.field}|${f.rule}`));
}

function send(reply: FastifyReply, body: ErrorBody) {
  return reply.status(body.status).type('application/json').send(body);
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { status: error.statusCode, message: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      if (error.booked) body.booked = error.booked;
      return send(reply, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error.validation as unknown as Issue[]);
      const list = fields.map((f) => `${f.field || 'body'} (${f.rule})`).join(', ');
      return send(reply, {
        status: 400,
        message: `Please check these fields: ${list}.`,
        code: 'VALIDATION',
        fields,
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large): their text is safe.
      return send(reply, { status, message: error.message, code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, { status: 500, message: 'Internal server error', code: 'INTERNAL' });
  });
}

export default fp(errorsPlugin, { name: 'pipewise-errors', fastify: '5.x' });
