/** What the MQTT transports need from telemetry ingest, and what they report back. */
import { DRONE_ID_RE } from '@agrifleet/domain';

export interface TelemetryHandler {
  /** MQTT username = key vid, password = key secret. Resolves the account id or null (refused). */
  authenticate(vid: string, secret: string): Promise<number | null>;
  /** May this account publish telemetry for this drone? */
  mayPublish(accountId: number, droneId: string): Promise<boolean>;
  /**
   * One telemetry message for droneId (raw payload). Resolves once the points are durably stored
   * (only then is QoS 1 acknowledged). Rejects with an Error whose message is a reason for bad
   * messages. accountId is null when an external broker authenticated the device.
   * A rejection with a StoreUnavailable error means "not stored, send again": the message is not
   * acknowledged (the embedded broker drops the connection; the consumer reconnects).
   */
  onMessage(droneId: string, payload: Buffer, accountId: number | null): Promise<void>;
  /**
   * A message of an authenticated key the broker acknowledged without storing it (topic not
   * allowed, or onMessage refused it): reported so the key's account can learn why.
   */
  onRefused?(accountId: number, droneId: string | null, reason: string): void;
}

/** The message could not be stored now (database down): it must be delivered again. */
export class StoreUnavailable extends Error {}

/** The part of a pino / Fastify logger the transports use. */
export interface MqttLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface IngestStats {
  /** Messages handed to onMessage that resolved. */
  accepted: number;
  /** Messages refused (topic not allowed) or rejected by onMessage. */
  rejected: number;
  lastRejectReason: string | null;
}

const PREFIX = 'agrifleet/v1/drones/';
const SUFFIX = '/telemetry';

/** The drone id of a telemetry topic (agrifleet/v1/drones/{droneId}/telemetry), else null. */
export function droneIdOfTopic(topic: string): string | null {
  if (!topic.startsWith(PREFIX) || !topic.endsWith(SUFFIX)) return null;
  const droneId = topic.slice(PREFIX.length, topic.length - SUFFIX.length);
  return DRONE_ID_RE.test(droneId) ? droneId : null;
}
