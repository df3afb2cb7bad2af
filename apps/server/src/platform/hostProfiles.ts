/**
 * Deployment profiles chosen by the request's hostname (000 §6 "Hosts"). A host name is matched only
 * against the configured list, exactly (case aside); any other name gets the default profile. The
 * name is the Host header's, or X-Forwarded-Host's only when TRUST_PROXY is on (Fastify's
 * request.hostname). Profiles marked `"dev": true` (the shipped localhost names) serve development
 * only: under NODE_ENV=production they are ignored, so `Host: localhost` widens nothing (issue 20,
 * finding 9).
 */
import { readFileSync } from 'node:fs';
import {
  ALL_SCREENS,
  DEFAULT_HOST_SCREENS,
  hostProfileSchema,
  type PublicHostProfile,
  type Screen,
} from '@agrifleet/domain';
import { z } from 'zod';

const fileSchema = z.object({
  default: hostProfileSchema,
  profiles: z
    .array(
      hostProfileSchema.extend({
        /** A development profile: ignored under NODE_ENV=production. */
        dev: z.boolean().default(false),
      }),
    )
    .default([]),
});

export interface HostProfileOptions {
  /** NODE_ENV=production: development profiles are ignored. */
  production: boolean;
}

export interface HostProfiles {
  resolve(hostname: string): PublicHostProfile;
  all(): PublicHostProfile[];
}

function toPublic(p: z.infer<typeof hostProfileSchema> & { dev?: boolean }): PublicHostProfile {
  const { hosts: _hosts, screens, dev: _dev, ...rest } = p;
  const resolved: Screen[] =
    screens === 'all' ? [...ALL_SCREENS] : screens ? [...screens] : [...DEFAULT_HOST_SCREENS];
  return { ...rest, screens: resolved };
}

export function parseHostProfiles(json: unknown, opts: HostProfileOptions): HostProfiles {
  const parsed = fileSchema.parse(json);
  const fallback = toPublic(parsed.default);
  const byHost = new Map<string, PublicHostProfile>();
  for (const p of parsed.profiles) {
    if (p.dev && opts.production) continue;
    const pub = toPublic(p);
    for (const h of p.hosts) byHost.set(h.toLowerCase(), pub);
  }
  return {
    resolve: (hostname) => byHost.get(hostname.toLowerCase().replace(/^\[|\]$/g, '')) ?? fallback,
    all: () => [fallback, ...new Set(byHost.values())],
  };
}

export function loadHostProfiles(file: string, opts: HostProfileOptions): HostProfiles {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Cannot read host profiles from ${file}: ${(err as Error).message}`);
  }
  return parseHostProfiles(json, opts);
}
