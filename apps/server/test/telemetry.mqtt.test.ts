/**
 * A flight published over MQTT (topic and fields as docs/api.md says) by an independent client to
 * the embedded broker: it shows on the map while flying and becomes sorties with the simulator's
 * true area. The external-broker path is in telemetry.mqtt-external.test.ts.
 */
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { regionAt } from '../src/modules/regions/geo/regionAt.ts';
import { DEFAULT_DRONE, runMission } from '../src/sim/flight/index.ts';
import { freePort } from './freePort.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';
import { expectTrueSorties, field, keyFor, makerADrone, publishFlight } from './telemetryKit.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

describe('telemetry over MQTT', () => {
  it('embedded broker: a published flight is on the map while flying and lands as sorties with the true area', async () => {
    const port = await freePort();
    const t = await createTestApp({ env: { MQTT_PORT: String(port) } });
    apps.push(t);
    const key = await keyFor(t, 'mqtt-e2e');
    const droneId = await makerADrone(t);
    const mission = runMission(DEFAULT_DRONE, field, {
      startTime: Date.now() - 2 * 3600_000,
      seed: 31,
      rateHz: 1,
    });
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: key.vid,
      password: key.secret,
    });
    const first = mission.sorties[0]?.points ?? [];
    // The first half of a sortie, sent "now": the drone is online and in the air on the map.
    const now = Date.now();
    const shifted = first.slice(0, 60).map((p, i) => ({ ...p, recordTime: now - 60_000 + i * 1000 }));
    // An unknown drone is acknowledged and dropped: the connection carries on.
    await publishFlight(client, 'NO-SUCH-DRONE', shifted.slice(0, 1));
    await publishFlight(client, droneId, shifted);
    const { auth } = await signInWith(t, '13800000001');
    const online = (
      await t.app.inject({
        method: 'GET',
        url: '/api/drone/mointor/manage/onlineDrones?queryType=1&minLng=119&maxLng=121&minLat=33&maxLat=34.5',
        headers: auth,
      })
    ).json().data;
    expect(online.droneId).toEqual([droneId]);
    expect(online.lng[0]).toBeCloseTo(shifted.at(-1)?.lng ?? 0, 5);

    // A whole flight (older times, another drone of the account): sorties with the true area.
    const { zz_account_id: zz } = await t.db
      .selectFrom('drones')
      .select('zz_account_id')
      .where('drone_id', '=', droneId)
      .executeTakeFirstOrThrow();
    const { drone_id: second } = await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('drone_id', '>', droneId)
      .where('zz_account_id', '=', zz)
      .orderBy('drone_id')
      .executeTakeFirstOrThrow();
    await publishFlight(
      client,
      second,
      mission.sorties.flatMap((s) => s.points),
    );
    await expectTrueSorties(t, second, mission);
    const row = await t.db
      .selectFrom('sorties')
      .select(['lng', 'lat', 'province_code'])
      .where('drone_id', '=', second)
      .executeTakeFirstOrThrow();
    expect(row.province_code).toBe(regionAt(row.lng, row.lat).province);
    await client.endAsync();
  });
});
