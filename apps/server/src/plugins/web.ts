// Serves the built web app with SPA fallback: unknown non-/api paths get index.html, /api ones a 404 body.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors.ts';

async function webPlugin(app: FastifyInstance, opts: { webDist: string | undefined }) {
  const root = opts.webDist;
  const hasWeb = root !== undefined && existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
  } else if (root) {
    app.log.warn({ webDist: root }, 'WEB_DIST has no index.html; not serving the web app');
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (
      !hasWeb ||
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      request.url.startsWith('/ogc') ||
      request.method !== 'GET'
    ) {
      throw notFound(`No route ${request.method} ${request.url.split('?')[0]}.`);
    }
    return reply.type('text/html').sendFile('index.html');
  });
}

export default fp(webPlugin, { name: 'pipewise-web', fastify: '5.x' });
