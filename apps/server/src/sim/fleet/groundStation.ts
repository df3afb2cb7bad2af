/**
 * The simulated ground-station apps (modules/groundstation, README "App calls"): each group's app
 * fetches its account's configuration with the account key (If-None-Match: an unchanged one is a
 * 304), checks the console's Ed25519 signature with the public key (GET app/publicKey, fetched
 * again once when a signature does not verify, as after a key change), and reports the version it
 * applied for every ground station it stands for: one per simulated drone, `GS-{droneId}`.
 */
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { GROUND_STATION_PATHS, type GroundStationValues } from '@agrifleet/domain';
import { canonicalize } from '../../modules/firmware/flightLog/index.ts';

/** How often an app checks for a new configuration (and reports what it runs). */
export const GS_CHECK_MS = 3 * 60_000;

export interface AppConfig {
  accountId: number;
  version: number;
  config: GroundStationValues;
  signature: string;
}

/** The app's three calls (HTTP with the account key). */
export interface GroundStationLink {
  config(
    etag: string | null,
  ): Promise<{ notModified: true } | { notModified: false; etag: string | null; body: AppConfig }>;
  publicKey(): Promise<string>;
  applied(deviceId: string, version: number): Promise<void>;
}

export function httpGroundStation(baseUrl: string, authorization: string): GroundStationLink {
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(path, baseUrl), init);
    if (!res.ok && res.status !== 304)
      throw new Error(`ground station ${path}: HTTP ${res.status} ${await res.text()}`);
    return res;
  };
  return {
    async config(etag) {
      const res = await call(GROUND_STATION_PATHS.appConfig, {
        headers: { authorization, ...(etag ? { 'if-none-match': etag } : {}) },
      });
      if (res.status === 304) return { notModified: true };
      const body = ((await res.json()) as { data: AppConfig }).data;
      return { notModified: false, etag: res.headers.get('etag'), body };
    },
    async publicKey() {
      const res = await call(GROUND_STATION_PATHS.appPublicKey);
      return ((await res.json()) as { data: { publicKeyPem: string } }).data.publicKeyPem;
    },
    async applied(deviceId, version) {
      await call(GROUND_STATION_PATHS.appApplied, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ deviceId, version }),
      });
    },
  };
}

/** The ground station of a drone, as a device id app/applied takes (1-64 of [A-Za-z0-9._:-]). */
export const groundStationId = (droneId: string) => `GS-${droneId}`.slice(0, 64);

const signedBy = (key: KeyObject, c: AppConfig) =>
  verify(
    null,
    Buffer.from(canonicalize({ accountId: c.accountId, version: c.version, config: c.config }), 'utf8'),
    key,
    Buffer.from(c.signature, 'base64'),
  );

/** One account's app on its ground stations: `check` fetches, verifies, applies and reports. */
export function groundStationApp(link: GroundStationLink, deviceIds: readonly string[]) {
  let etag: string | null = null;
  let applied: AppConfig | null = null;
  let key: KeyObject | null = null;
  return {
    /** The configuration the ground stations run (null before the first check). */
    current: () => applied,
    async check(): Promise<AppConfig> {
      const r = await link.config(applied ? etag : null);
      if (r.notModified === false) {
        key ??= createPublicKey(await link.publicKey());
        if (!signedBy(key, r.body)) {
          key = createPublicKey(await link.publicKey());
          if (!signedBy(key, r.body))
            throw new Error(`ground-station configuration ${r.body.version}: the signature does not verify`);
        }
        applied = r.body;
        etag = r.etag;
      }
      const now = applied as AppConfig;
      for (const id of deviceIds) await link.applied(id, now.version);
      return now;
    },
  };
}
