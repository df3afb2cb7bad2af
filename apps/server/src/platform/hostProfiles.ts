/** Deployment profiles chosen by the request's hostname (000 §6 "Hosts"). */
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
  profiles: z.array(hostProfileSchema).default([]),
});

export interface HostProfiles {
  resolve(hostname: string): PublicHostProfile;
  all(): PublicHostProfile[];
}

function toPublic(p: z.infer<typeof hostProfileSchema>): PublicHostProfile {
  const { hosts: _hosts, screens, ...rest } = p;
  const resolved: Screen[] =
    screens === 'all' ? [...ALL_SCREENS] : screens ? [...screens] : [...DEFAULT_HOST_SCREENS];
  return { ...rest, screens: resolved };
}

export function parseHostProfiles(json: unknown): HostProfiles {
  const parsed = fileSchema.parse(json);
  const fallback = toPublic(parsed.default);
  const byHost = new Map<string, PublicHostProfile>();
  for (const p of parsed.profiles) {
    const pub = toPublic(p);
    for (const h of p.hosts) byHost.set(h.toLowerCase(), pub);
  }
  return {
    resolve: (hostname) => byHost.get(hostname.toLowerCase().replace(/^\[|\]$/g, '')) ?? fallback,
    all: () => [fallback, ...new Set(byHost.values())],
  };
}

export function loadHostProfiles(file: string): HostProfiles {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Cannot read host profiles from ${file}: ${(err as Error).message}`);
  }
  return parseHostProfiles(json);
}
