/**
 * Commands to drones (issue 10; ARCHITECTURE "Commands to drones"; docs/api.md "Commands"): the
 * message a drone receives on `agrifleet/v1/drones/{droneId}/commands`, its answer on
 * `.../commands/ack`, and the command record the console shows.
 */
import { z } from 'zod';
import { bigIdSchema, droneIdSchema, millisSchema, textSchema } from './bounds.ts';

export const COMMAND_TYPES = [
  'lock',
  'unlock',
  'settings',
  'plan',
  'start',
  'pause',
  'resume',
  'returnHome',
] as const;
export const COMMAND_STATES = ['pending', 'sent', 'acknowledged', 'done', 'failed', 'timedOut'] as const;
/** The states a drone may answer. */
export const COMMAND_ANSWERS = ['acknowledged', 'done', 'failed'] as const;

export const commandTypeSchema = z.enum(COMMAND_TYPES);
export const commandStateSchema = z.enum(COMMAND_STATES);

/** MQTT topics of a drone's commands (console -> drone) and its answers (drone -> console). */
export const commandTopic = (droneId: string) => `agrifleet/v1/drones/${droneId}/commands`;
export const commandAckTopic = (droneId: string) => `agrifleet/v1/drones/${droneId}/commands/ack`;

/** What a drone receives (JSON on its command topic). `id` is the command's; answer it in the ack. */
export const commandMessageSchema = z.object({
  id: bigIdSchema,
  type: commandTypeSchema,
  payload: z.record(z.string(), z.unknown()),
  /** When the console created the command, ms. */
  createdAt: millisSchema,
});
export type CommandMessage = z.infer<typeof commandMessageSchema>;

/** A drone's answer (JSON on its ack topic). */
export const commandAckSchema = z.object({
  id: bigIdSchema,
  state: z.enum(COMMAND_ANSWERS),
  reason: textSchema(500).optional(),
  /**
   * For a `start` (flying a plan): the share of the plan's spray legs flown, 0..1. A drone repeats
   * `acknowledged` with a growing progress while it flies, then answers `done`.
   */
  progress: z.number().min(0).max(1).optional(),
});
export type CommandAck = z.infer<typeof commandAckSchema>;

/** One command as the console shows it (GET /api/drone/device/manage/commands). */
export const droneCommandRecord = z.object({
  id: z.number().int(),
  droneId: z.string(),
  type: commandTypeSchema,
  payload: z.record(z.string(), z.unknown()),
  state: commandStateSchema,
  reason: z.string().nullable(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
  answeredAt: z.number().nullable(),
  byUserId: z.number().int().nullable(),
  attempts: z.number().int(),
});
export type DroneCommandRecord = z.infer<typeof droneCommandRecord>;

/** GET /api/drone/device/manage/commands?droneId=&size= : the drone's newest commands first. */
export const droneCommandsQuery = z.object({
  droneId: droneIdSchema,
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type DroneCommandsQuery = z.infer<typeof droneCommandsQuery>;
