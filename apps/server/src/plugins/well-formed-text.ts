// Text that is not well-formed Unicode is refused at the edge (issue 37, OWASP ASVS 5.1.4): a lone UTF-16 surrogate
// ("\ud800") parses from JSON into a JavaScript string, but PostgreSQL cannot store it in text or jsonb, so a name,
// an extension or a scenario with one answered 500 while writing its row or its audit entry. Every JSON body, query
// and path parameter is walked before the route's schema runs; the first such string answers 400 naming its field.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fieldError } from '../lib/errors.ts';

/** With the u flag a surrogate pair is one code point: only a lone surrogate is of category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;
const wellFormed = (s: string) => !LONE_SURROGATE.test(s);

/** The dotted path of the first string (or key) that is not well-formed, or null. Iterative: no depth limit. */
export function illFormedField(value: unknown, root = ''): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (!wellFormed(v)) return at || 'body';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], at ? `${at}.${i}` : String(i)]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v).reverse()) {
        const field = at ? `${at}.${k}` : k;
        if (!wellFormed(k)) return field;
        stack.push([child, field]);
      }
    }
  }
  return null;
}

function check(request: FastifyRequest) {
  const field =
    illFormedField(request.params) ?? illFormedField(request.query) ?? illFormedField(request.body);
  if (field !== null) {
    throw fieldError(
      'VALIDATION',
      `${field} holds text that is not valid Unicode (a lone surrogate): remove the character and try again.`,
      field,
      'unicode',
    );
  }
}

async function wellFormedText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => check(request));
}

export default fp(wellFormedText, { name: 'well-formed-text' });
