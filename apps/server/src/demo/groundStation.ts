/**
 * The demo's ground-station configuration (modules/groundstation): a platform default and the demo
 * manufacturer's own values over it (its launch page inherited), so the GroundStationConfig screen
 * shows values, sources and a QR code on the first start. Version 1 of each, with its history row.
 */
import type { GroundStationValues } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../platform/db.ts';

export const DEMO_GROUND_STATION: Record<'platform' | 'maker-a', GroundStationValues> = {
  platform: {
    theme: 'default',
    launchPageUrl: 'https://www.agrifleet.example/gs/launch',
    homePageUrl: 'https://www.agrifleet.example/gs/home',
    servAddr: 'console.agrifleet.example:443',
  },
  'maker-a': {
    theme: 'alternative',
    launchPageUrl: null,
    homePageUrl: 'https://www.jiyi-uav.example/',
    servAddr: 'gs.jiyi-uav.example:8443',
  },
};

export async function seedDemoGroundStation(db: Db, ids: ReadonlyMap<string, number>): Promise<void> {
  for (const [key, v] of Object.entries(DEMO_GROUND_STATION)) {
    const accountId = ids.get(key);
    if (accountId === undefined) continue;
    await sql`INSERT INTO ground_station_configs
        (account_id, theme, launch_page_url, home_page_url, serv_addr, version)
      VALUES (${accountId}, ${v.theme}, ${v.launchPageUrl}, ${v.homePageUrl}, ${v.servAddr}, 1)`.execute(db);
    await sql`INSERT INTO ground_station_config_history (account_id, version, values)
      VALUES (${accountId}, 1, ${JSON.stringify(v)}::jsonb)`.execute(db);
  }
}
