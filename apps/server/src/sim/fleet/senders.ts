/**
 * How simulated drones send, exactly as real ones do: HTTP batches to /api/telemetry/batch with
 * the account key (Basic vid:secret), or one MQTT message per drone per tick on the drone's topic
 * (QoS 1, username = vid, password = secret).
 */
import {
  APP_LOG_BATCH_PATH,
  type AppLogEntry,
  FLIGHT_LOG_UPLOAD_PATH,
  TELEMETRY_TOPIC,
  type TelemetryPoint,
} from '@agrifleet/domain';
import { type GroundStationLink, httpGroundStation } from './groundStation.ts';

export interface Sender {
  send(batch: Array<{ droneId: string; points: TelemetryPoint[] }>): Promise<void>;
  /** A working picture (HTTP only: MQTT carries telemetry). */
  picture?(droneId: string, at: TelemetryPoint, png: Buffer): Promise<void>;
  /** The ground-station app's log entries (HTTP only), as apps send them (modules/applogs). */
  appLogs?(entries: AppLogEntry[]): Promise<void>;
  /** A sortie's drone-signed flight log (HTTP only). */
  flightLog?(droneId: string, text: string): Promise<void>;
  /** The ground-station app's configuration calls (HTTP only; groundStation.ts). */
  groundStation?: GroundStationLink;
  close(): Promise<void>;
}

export interface KeyPair {
  vid: string;
  secret: string;
}

export function httpSender(baseUrl: string, key: KeyPair): Sender {
  const authorization = `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}`;
  return {
    async send(batch) {
      if (!batch.length) return;
      const res = await fetch(new URL('/api/telemetry/batch', baseUrl), {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ drones: batch }),
      });
      if (!res.ok) throw new Error(`telemetry batch refused: HTTP ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { data: { drones: Array<{ droneId: string; error?: string }> } };
      const refused = body.data.drones.filter((d) => d.error);
      if (refused.length)
        throw new Error(`refused: ${refused.map((d) => `${d.droneId} (${d.error})`).join(', ')}`);
    },
    async picture(droneId, at, png) {
      const form = new FormData();
      form.set('droneId', droneId);
      form.set('recordTime', String(at.recordTime));
      form.set('lng', String(at.lng));
      form.set('lat', String(at.lat));
      form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'field.png');
      const res = await fetch(new URL('/api/telemetry/picture', baseUrl), {
        method: 'POST',
        headers: { authorization },
        body: form,
      });
      if (!res.ok) throw new Error(`picture refused: HTTP ${res.status} ${await res.text()}`);
    },
    async appLogs(entries) {
      const res = await fetch(new URL(APP_LOG_BATCH_PATH, baseUrl), {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ entries }),
      });
      if (!res.ok) throw new Error(`app logs refused: HTTP ${res.status} ${await res.text()}`);
    },
    async flightLog(droneId, text) {
      const form = new FormData();
      form.set('log', new Blob([text], { type: 'application/x-ndjson' }), `${droneId}.jsonl`);
      const res = await fetch(new URL(FLIGHT_LOG_UPLOAD_PATH, baseUrl), {
        method: 'POST',
        headers: { authorization },
        body: form,
      });
      if (!res.ok) throw new Error(`flight log refused: HTTP ${res.status} ${await res.text()}`);
    },
    groundStation: httpGroundStation(baseUrl, authorization),
    async close() {},
  };
}

export async function mqttSender(url: string, key: KeyPair): Promise<Sender> {
  const mqtt = await import('mqtt');
  const client = await mqtt.connectAsync(url, {
    username: key.vid,
    password: key.secret,
    clientId: `agrifleet-sim-${key.vid}-${process.pid}`,
    reconnectPeriod: 2000,
  });
  return {
    async send(batch) {
      await Promise.all(
        batch.map(({ droneId, points }) =>
          client.publishAsync(
            TELEMETRY_TOPIC(droneId),
            JSON.stringify(points.length === 1 ? points[0] : { points }),
            {
              qos: 1,
            },
          ),
        ),
      );
    },
    async close() {
      await client.endAsync(true);
    },
  };
}
