/**
 * Ground-station configuration (README.md): the rows, the inheritance (platform default -> ancestors
 * -> account) with the effective version, the atomic version bump with its history row, the devices'
 * applied versions, and the console's Ed25519 signing key (made once, private half sealed in the
 * database).
 */
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import {
  GROUND_STATION_FIELDS,
  type GroundStationConfig,
  type GroundStationField,
  type GroundStationSave,
  type GroundStationValues,
} from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { outsideRequestTx } from '../../platform/requestTx.ts';
import type { Sealer } from '../../platform/seal.ts';
import { canonicalize } from '../firmware/flightLog/index.ts';

interface Row {
  account_id: number;
  theme: string | null;
  launch_page_url: string | null;
  home_page_url: string | null;
  serv_addr: string | null;
  version: number;
}

const EMPTY: GroundStationValues = { theme: null, launchPageUrl: null, homePageUrl: null, servAddr: null };

const valuesOf = (r: Row | undefined): GroundStationValues =>
  r
    ? {
        theme: r.theme as GroundStationValues['theme'],
        launchPageUrl: r.launch_page_url,
        homePageUrl: r.home_page_url,
        servAddr: r.serv_addr,
      }
    : { ...EMPTY };

export function createGroundStationService(deps: { db: Db; sealer: Sealer }) {
  const { db, sealer } = deps;
  let key: { publicPem: string; privatePem: string } | null = null;

  async function exists(id: number): Promise<boolean> {
    const r = await sql<{ id: number }>`SELECT id FROM accounts WHERE id = ${id}`.execute(db);
    return r.rows.length > 0;
  }
  /**
   * The account's ancestors, nearest first (accounts.parent_id), in one recursive query; a cycle or a
   * chain deeper than 32 stops there. Null: no account.
   */
  async function ancestors(id: number): Promise<number[] | null> {
    const r = await sql<{ id: number; depth: number }>`
      WITH RECURSIVE up(id, parent_id, depth, seen) AS (
        SELECT id, parent_id, 0, ARRAY[id] FROM accounts WHERE id = ${id}
        UNION ALL
        SELECT a.id, a.parent_id, up.depth + 1, up.seen || a.id
          FROM up JOIN accounts a ON a.id = up.parent_id
         WHERE up.depth < 32 AND NOT a.id = ANY(up.seen)
      )
      SELECT id, depth FROM up ORDER BY depth`.execute(db);
    if (!r.rows.length) return null;
    return r.rows.slice(1).map((x) => x.id);
  }
  async function platformId(): Promise<number | null> {
    const r = await sql<{ id: number }>`
      SELECT id FROM accounts WHERE account_type = 1 ORDER BY id LIMIT 1`.execute(db);
    return r.rows[0]?.id ?? null;
  }
  async function rows(ids: number[]): Promise<Map<number, Row>> {
    if (ids.length === 0) return new Map();
    const r = await sql<Row>`
      SELECT account_id, theme, launch_page_url, home_page_url, serv_addr, version
        FROM ground_station_configs WHERE account_id IN (${sql.join(ids)})`.execute(db);
    return new Map(r.rows.map((x) => [x.account_id, x]));
  }

  /**
   * The account's values, the inherited ones, the effective ones with their sources. The chain is
   * the platform default, then the ancestors from the root down to the parent (the nearest set value
   * wins), then the account. The effective version is the sum of the chain's own versions: every save
   * in the chain adds one, and the chain of an account never changes (no re-parenting; an account
   * with sub-accounts cannot be deleted), so it only grows.
   */
  async function resolve(accountId: number) {
    const up = await ancestors(accountId);
    if (!up) return null;
    const platform = await platformId();
    const chain: { id: number; source: 'default' | 'parent' }[] = [];
    if (platform !== null && platform !== accountId) chain.push({ id: platform, source: 'default' });
    for (const id of [...up].reverse()) if (id !== platform) chain.push({ id, source: 'parent' });
    const byId = await rows([accountId, ...chain.map((c) => c.id)]);
    const own = valuesOf(byId.get(accountId));
    const inherited: GroundStationValues = { ...EMPTY };
    const inheritedFrom: Record<GroundStationField, 'default' | 'parent' | null> = {
      theme: null,
      launchPageUrl: null,
      homePageUrl: null,
      servAddr: null,
    };
    for (const c of chain) {
      const v = valuesOf(byId.get(c.id));
      for (const f of GROUND_STATION_FIELDS)
        if (v[f] !== null) {
          (inherited as Record<string, unknown>)[f] = v[f];
          inheritedFrom[f] = c.source;
        }
    }
    const effective: GroundStationValues = { ...inherited };
    const sources: Record<GroundStationField, 'default' | 'parent' | 'account' | null> = { ...inheritedFrom };
    for (const f of GROUND_STATION_FIELDS)
      if (own[f] !== null) {
        (effective as Record<string, unknown>)[f] = own[f];
        sources[f] = 'account';
      }
    let effectiveVersion = 0;
    for (const r of byId.values()) effectiveVersion += r.version;
    return {
      own,
      inherited,
      inheritedSources: inheritedFrom,
      effective,
      sources,
      version: byId.get(accountId)?.version ?? 0,
      effectiveVersion,
    };
  }

  async function signingKey() {
    if (key) return key;
    // Made once: the first caller's pair wins (ON CONFLICT DO NOTHING), every caller reads it back.
    key = await outsideRequestTx(async () => {
      const pair = generateKeyPairSync('ed25519');
      const publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      await sql`INSERT INTO ground_station_signing_key (id, public_pem, private_sealed)
        VALUES (1, ${publicPem}, ${sealer.seal(privatePem)}) ON CONFLICT (id) DO NOTHING`.execute(db);
      const r = await sql<{ public_pem: string; private_sealed: string }>`
        SELECT public_pem, private_sealed FROM ground_station_signing_key WHERE id = 1`.execute(db);
      const row = r.rows[0];
      if (!row) throw new Error('ground-station signing key missing');
      return { publicPem: row.public_pem, privatePem: sealer.open(row.private_sealed) };
    });
    return key;
  }

  return {
    /** The screen's view; null: no such account. */
    async get(accountId: number): Promise<GroundStationConfig | null> {
      const r = await resolve(accountId);
      if (!r) return null;
      const d = await sql<{ device_id: string; version: number; last_seen: Date }>`
        SELECT device_id, version, last_seen FROM ground_station_devices
         WHERE account_id = ${accountId} ORDER BY last_seen DESC LIMIT 500`.execute(db);
      return {
        accountId,
        ...r,
        devices: d.rows.map((x) => ({
          deviceId: x.device_id,
          version: x.version,
          lastSeen: new Date(x.last_seen).toISOString(),
        })),
      };
    },

    /** Saves the account's own values; the version is bumped under the row lock. Null: no account. */
    async save(body: GroundStationSave, userId: number): Promise<number | null> {
      if (!(await exists(body.accountId))) return null;
      const r = await sql<{ version: number }>`
        INSERT INTO ground_station_configs AS g
          (account_id, theme, launch_page_url, home_page_url, serv_addr, version, updated_by)
        VALUES (${body.accountId}, ${body.theme}, ${body.launchPageUrl}, ${body.homePageUrl},
                ${body.servAddr}, 1, ${userId})
        ON CONFLICT (account_id) DO UPDATE SET
          theme = EXCLUDED.theme, launch_page_url = EXCLUDED.launch_page_url,
          home_page_url = EXCLUDED.home_page_url, serv_addr = EXCLUDED.serv_addr,
          version = g.version + 1, updated_by = EXCLUDED.updated_by, updated_at = now()
        RETURNING version`.execute(db);
      const version = r.rows[0]?.version ?? 0;
      const values = {
        theme: body.theme,
        launchPageUrl: body.launchPageUrl,
        homePageUrl: body.homePageUrl,
        servAddr: body.servAddr,
      };
      await sql`INSERT INTO ground_station_config_history (account_id, version, values, saved_by)
        VALUES (${body.accountId}, ${version}, ${JSON.stringify(values)}::jsonb, ${userId})`.execute(db);
      return version;
    },

    /** The app's signed effective configuration. */
    async appConfig(accountId: number) {
      const r = await resolve(accountId);
      const config = r?.effective ?? { ...EMPTY };
      const version = r?.effectiveVersion ?? 0;
      const k = await signingKey();
      const signature = sign(
        null,
        Buffer.from(canonicalize({ accountId, version, config }), 'utf8'),
        createPrivateKey(k.privatePem),
      ).toString('base64');
      return { accountId, version, config, signature };
    },

    async publicKey() {
      return { algorithm: 'Ed25519' as const, publicKeyPem: (await signingKey()).publicPem };
    },

    async applied(accountId: number, deviceId: string, version: number) {
      await sql`INSERT INTO ground_station_devices (account_id, device_id, version)
        VALUES (${accountId}, ${deviceId}, ${version})
        ON CONFLICT (account_id, device_id) DO UPDATE SET version = EXCLUDED.version, last_seen = now()`.execute(
        db,
      );
    },
  };
}
export type GroundStationService = ReturnType<typeof createGroundStationService>;
