/**
 * The Content Security Policy (helmet). The page may talk to and show images from itself, data: and
 * blob: URLs, its own WebSockets (the monitor socket, MQTT over WebSocket), and the online map
 * sources the host profiles configure (mapSatelliteStyleUrl, mapHdTilesUrl: their origins), nothing
 * else. With no map source configured, nothing outside the console is allowed.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';

interface MapSources {
  mapSatelliteStyleUrl?: string;
  mapHdTilesUrl?: string;
}

const HOST_RE = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin of a source URL as a CSP source: "https://tiles.example", "https://tiles.example:8443".
 * A template whose first host label is a placeholder ("https://{s}.tiles.example/{z}/{x}/{y}.png")
 * becomes a wildcard ("https://*.tiles.example"). Anything else (another scheme, a placeholder
 * elsewhere in the host, garbage) gives null.
 */
export function sourceOrigin(url: string | undefined): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(url?.trim() ?? '');
  if (!m) return null;
  const scheme = (m[1] as string).toLowerCase();
  const host = (m[2] as string).replace(/^\{[^}]*\}\./, '*.').toLowerCase();
  if (host.includes('@')) return null;
  const plain = host.startsWith('*.') ? host.slice(2) : host;
  return HOST_RE.test(plain) ? `${scheme}://${host}` : null;
}

/** The distinct origins of every profile's map sources, in order of appearance. */
export function mapSourceOrigins(profiles: readonly MapSources[]): string[] {
  const origins = profiles.flatMap((p) => [
    sourceOrigin(p.mapSatelliteStyleUrl),
    sourceOrigin(p.mapHdTilesUrl),
  ]);
  return [...new Set(origins.filter((o): o is string => o !== null))];
}

/** ws:// and wss:// of the host the page was loaded from (as the browser sees it). */
export function sameOriginSockets(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const raw =
    (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || req.headers.host;
  const host = raw?.trim().toLowerCase();
  // A Host header that is not a host name adds nothing ('self' still covers the page's own origin).
  return host && HOST_RE.test(host) ? `ws://${host} wss://${host}` : '';
}

export function helmetOptions(profiles: readonly MapSources[], trustProxy: boolean): FastifyHelmetOptions {
  const maps = mapSourceOrigins(profiles);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...maps],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...maps, (req) => sameOriginSockets(req, trustProxy)],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}
