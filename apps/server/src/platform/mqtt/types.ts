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

/**
 * The console side of the command downlink (telemetry/commands): what the transports call when a
 * drone answers on `agrifleet/v1/drones/{droneId}/commands/ack`, subscribes to its command topic,
 * sends telemetry, or when the transport (re)connects.
 */
export interface DownlinkHandler {
  /** An answer. accountId null: an external broker checked the device (ACL). Rejects: bad answer. */
  onAck(droneId: string, payload: Buffer, accountId: number | null): Promise<void>;
  /** The drone subscribed to its command topic (embedded broker: the subscription is in place). */
  onSubscribed(droneId: string): void;
  /** Telemetry of the drone arrived (it is back: unanswered commands may be re-sent). */
  onTelemetry(droneId: string): void;
  /** The transport is (again) able to publish: pending commands may be published. */
  onLinkUp(): void;
}

/** Publishing commands to drones, over the embedded broker or an external one. */
export interface Downlink {
  /**
   * Publishes `message` (JSON) on the drone's command topic, QoS 1. Resolves true when handed over
   * (embedded: a subscription of the drone exists and got it; external: the broker acknowledged),
   * false when it could not be (no subscriber, link down): the command stays pending.
   */
  publish(droneId: string, message: string): Promise<boolean>;
  /** Who receives answers and "drone is back" events. */
  attach(handler: DownlinkHandler): void;
}

const COMMANDS_SUFFIX = '/commands';
const ACK_SUFFIX = '/commands/ack';

function droneIdBetween(topic: string, suffix: string): string | null {
  if (!topic.startsWith(PREFIX) || !topic.endsWith(suffix)) return null;
  const droneId = topic.slice(PREFIX.length, topic.length - suffix.length);
  return DRONE_ID_RE.test(droneId) ? droneId : null;
}

/** The drone id of a command topic (agrifleet/v1/drones/{droneId}/commands), else null. */
export const droneIdOfCommandTopic = (topic: string) => droneIdBetween(topic, COMMANDS_SUFFIX);
/** The drone id of an ack topic (agrifleet/v1/drones/{droneId}/commands/ack), else null. */
export const droneIdOfAckTopic = (topic: string) => droneIdBetween(topic, ACK_SUFFIX);
/** The command topic of a drone. */
export const commandTopicOf = (droneId: string) => `${PREFIX}${droneId}${COMMANDS_SUFFIX}`;
