/**
 * Commands to drones (ARCHITECTURE "Commands to drones"): one path for lock, flight settings,
 * plans, pause, resume and return home. A command is a row with its state; it travels on the MQTT
 * downlink `agrifleet/v1/drones/{droneId}/commands` and the drone answers on
 * `agrifleet/v1/drones/{droneId}/commands/ack`. Pending commands are re-sent when the drone is
 * back (docs/api.md "Commands").
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export type CommandType =
  | 'lock'
  | 'unlock'
  | 'settings'
  | 'plan'
  | 'start'
  | 'pause'
  | 'resume'
  | 'returnHome';
export type CommandState = 'pending' | 'sent' | 'acknowledged' | 'done' | 'failed' | 'timedOut';

export interface DroneCommand {
  id: number;
  droneId: string;
  type: CommandType;
  payload: Record<string, unknown>;
  state: CommandState;
  /** Why it failed or timed out (the drone's own reason when it gave one). */
  reason: string | null;
  createdAt: number;
  sentAt: number | null;
  answeredAt: number | null;
  byUserId: number | null;
  /** How many times it was handed to the drone's subscription (re-sends included). */
  attempts: number;
}

export interface SendCommand {
  droneId: string;
  type: CommandType;
  payload?: Record<string, unknown>;
  byUserId?: number | null;
}

/** A drone's answer as stored: the command after it, and the progress it reported (a plan being flown). */
export interface CommandAnswer {
  command: DroneCommand;
  /** 0..1 for a `start` being flown, when the drone sent one. */
  progress: number | null;
}
export type AnswerListener = (answer: CommandAnswer) => Promise<void> | void;

export interface Commands {
  /**
   * Stores the command and has it published. Given a transaction, the command exists (and is
   * published) only if that transaction commits: the lock of a leasing charge, a route plan.
   * A lock or unlock supersedes the drone's earlier lock or unlock still pending (state failed,
   * reason 'superseded').
   */
  send(input: SendCommand, trx?: Kysely<Database>): Promise<DroneCommand>;
  /**
   * The newest command of each drone among `types` (all types when omitted); with `ownedBy`, among
   * those created while that account owned or leased the drone.
   */
  latest(
    droneIds: readonly string[],
    types?: readonly CommandType[],
    ownedBy?: number,
  ): Promise<Map<string, DroneCommand>>;
  /**
   * A drone's commands, newest first; with `ownedBy`, only those created while that account owned
   * or leased it (its ownership periods), as a past or later owner's commands are not its own.
   */
  list(droneId: string, limit?: number, ownedBy?: number): Promise<DroneCommand[]>;
  /**
   * Calls `listener` after each answer that was stored (the command moved, or an acknowledged one
   * was acknowledged again with a new progress), on the process that received it. Returns the
   * function that removes the listener. A listener's error is logged, not retried.
   */
  onAnswer(listener: AnswerListener): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The service as the MQTT transports see it (platform/mqtt/types.ts DownlinkHandler): answers from
 * drones, and the moments a drone is back (it subscribed, its telemetry arrived, the link is up).
 */
export interface CommandService extends Commands {
  onAck(droneId: string, payload: Buffer, accountId: number | null): Promise<void>;
  onSubscribed(droneId: string): void;
  onTelemetry(droneId: string): void;
  onLinkUp(): void;
  /** Unanswered commands older than the time-out become timedOut (also every minute). Returns how many. */
  sweep(): Promise<number>;
}
