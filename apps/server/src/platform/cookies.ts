import type { FastifyReply, FastifyRequest } from 'fastify';

export function readCookie(req: FastifyRequest, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
  path = '/api',
) {
  reply.header(
    'set-cookie',
    `${name}=${encodeURIComponent(value)}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax`,
  );
}
