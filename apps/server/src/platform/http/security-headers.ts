import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * What the built web app needs and no more: its own scripts and styles (emotion writes style
 * tags, hence inline styles), images and sound from itself, data: and the blob: URLs it makes
 * of files fetched with the session's token, calls and the live socket to itself. No page may
 * frame it; nothing of it goes to other sites.
 */
export const APP_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  workerSrc: ["'self'", 'blob:'],
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The app's CSP as a header value, with extra sources for some directives. */
export function appCsp(extra: Partial<Record<keyof typeof APP_CSP_DIRECTIVES, string[]>>): string {
  return Object.entries(APP_CSP_DIRECTIVES)
    .map(([name, sources]) => {
      const more = extra[name as keyof typeof APP_CSP_DIRECTIVES] ?? [];
      return `${kebab(name)} ${[...sources, ...more].join(' ')}`;
    })
    .join('; ');
}

/**
 * Security headers on every answer (helmet): CSP, nosniff, frame refusal, no referrer. HSTS is
 * sent only when the public address is https, since it binds browsers to TLS for a year.
 * Routes that serve user files replace the CSP with a sandbox of their own.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
): Promise<void> {
  const behindTls = publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...APP_CSP_DIRECTIVES,
        ...(behindTls ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: behindTls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
}
