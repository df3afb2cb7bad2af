/**
 * The command service (ARCHITECTURE "Commands to drones"; docs/api.md "Commands").
 *
 * `send` stores the command (in the caller's transaction when given) and sends a change notice on
 * `drone_commands`; PostgreSQL delivers it only when that transaction commits, so a rolled-back
 * command is never published. The dispatcher of every server process listens to those notices and
 * publishes pending commands through the downlink (platform/mqtt): a command becomes `sent` once
 * handed to a subscription of the drone (embedded broker) or to the external broker. Without a
 * subscriber it stays `pending`.
 *
 * Re-send: when a drone subscribes to its command topic (and, at most every `resendEveryMs`, when
 * its telemetry arrives while it has unanswered commands), every pending or sent command of it is
 * published again, oldest first; drones recognise a command by its id. A drone the registry holds
 * locked (drones.locked) that has no lock on its way is sent its latest lock command again (a new
 * one when it has none), so a restarted drone stays locked.
 *
 * Answers: `onAnswer` listeners (the control module's plan progress) are called with every answer
 * stored, on the process whose transport received it.
 *
 * Time-out: a command unanswered `timeoutMs` (default 24 h) after it was created becomes
 * `timedOut` (swept every minute). A late answer still moves it to acknowledged, done or failed. A
 * lock does not depend on its command: the registry's lock is asserted at every subscription.
 */
import { commandAckSchema } from '@agrifleet/domain';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db.ts';
import { type Downlink, StoreUnavailable } from '../../platform/mqtt/types.ts';
import { type Notifier, notify } from '../../platform/notify.ts';
import { BadMessage } from '../ingest/validate.ts';
import { createCommandsRepo } from './commands.repo.ts';
import type { AnswerListener, CommandService, DroneCommand } from './types.ts';

export type { CommandService, Commands } from './types.ts';

export const COMMANDS_CHANNEL = 'drone_commands';
const DAY_MS = 24 * 3600_000;

export interface CommandsOptions {
  db: Db;
  notifier: Notifier;
  logger?: Logger;
  /** Where commands are published (registerMqtt's downlink); none: commands stay pending. */
  downlink?: Downlink | null;
  /** Unanswered this long after creation: timedOut (default 24 h). */
  timeoutMs?: number;
  /** The least time between two telemetry-triggered re-sends to one drone (default 10 s). */
  resendEveryMs?: number;
  /** Scan for pending commands this often while the notice connection is down (default 2 s). */
  pollMs?: number;
}

/** The message a drone receives. */
export const commandMessage = (c: DroneCommand) =>
  JSON.stringify({ id: c.id, type: c.type, payload: c.payload, createdAt: c.createdAt });

export function createCommands(o: CommandsOptions): CommandService {
  const repo = createCommandsRepo(o.db);
  const downlink = o.downlink ?? null;
  const timeoutMs = o.timeoutMs ?? DAY_MS;
  const resendEveryMs = o.resendEveryMs ?? 10_000;
  const log = o.logger;
  /** Drones with unanswered commands (the telemetry trigger's cheap test), and their last re-send. */
  const open = new Map<string, number>();
  let chain: Promise<unknown> = Promise.resolve();
  let running = false;
  const timers: NodeJS.Timeout[] = [];
  let unlisten: (() => void) | null = null;
  const answerListeners = new Set<AnswerListener>();

  /** Dispatch work runs one at a time, in order: a drone gets its commands in the order created. */
  function enqueue(what: string, fn: () => Promise<void>): Promise<void> {
    const next = chain.then(fn).catch((err: unknown) => log?.error({ err }, `commands: ${what} failed`));
    chain = next;
    return next;
  }

  async function publish(commands: DroneCommand[]): Promise<void> {
    if (!downlink || commands.length === 0) return;
    const at = new Date();
    const sent: number[] = [];
    for (const c of commands) if (await downlink.publish(c.droneId, commandMessage(c))) sent.push(c.id);
    await repo.markSent(sent, at);
  }

  async function publishPending(): Promise<void> {
    let after = 0;
    for (;;) {
      const batch = await repo.pending(after, 500);
      if (batch.length === 0) return;
      for (const c of batch) open.set(c.droneId, open.get(c.droneId) ?? 0);
      await publish(batch);
      after = batch[batch.length - 1]?.id ?? after;
    }
  }

  async function resend(droneId: string): Promise<DroneCommand[]> {
    open.set(droneId, Date.now());
    const cmds = await repo.openOf(droneId);
    if (cmds.length === 0) open.delete(droneId);
    await publish(cmds);
    return cmds;
  }

  /** The drone is subscribed: its unanswered commands, and the registry's lock. */
  async function onSubscribed(droneId: string): Promise<void> {
    const cmds = await resend(droneId);
    if (cmds.some((c) => c.type === 'lock' || c.type === 'unlock')) return;
    const lock = await repo.registryLock(droneId);
    if (!lock) return;
    if (!lock.fresh) {
      if (downlink) await downlink.publish(droneId, commandMessage(lock.command)); // answered already
      return;
    }
    // Locked in the registry with no lock command (seeded, or set outside the command path).
    open.set(droneId, Date.now());
    await publish([lock.command]);
  }

  async function onNotice(payload: string | null): Promise<void> {
    if (payload === null) return publishPending();
    const id = Number(payload.split(':')[0]);
    if (!Number.isSafeInteger(id)) return;
    const c = await repo.byId(id);
    if (c?.state !== 'pending') return;
    open.set(c.droneId, open.get(c.droneId) ?? 0);
    await publish([c]);
  }

  async function sweep(): Promise<number> {
    const n = await repo.timeOut(new Date(Date.now() - timeoutMs), 'timedOut');
    if (n > 0) log?.info({ count: n }, 'commands timed out');
    return n;
  }

  const service: CommandService = {
    async send(input, trx) {
      const c = await repo.insert(input, trx);
      await notify(trx ?? o.db, COMMANDS_CHANNEL, `${c.id}:${c.droneId}`);
      return c;
    },
    async latest(droneIds, types, ownedBy) {
      const rows = await repo.latest(droneIds, types, ownedBy);
      return new Map(rows.map((c) => [c.droneId, c]));
    },
    list: (droneId, limit = 20, ownedBy) => repo.list(droneId, Math.min(Math.max(1, limit), 1000), ownedBy),

    async onAck(droneId, payload, _accountId) {
      // The transport has checked that the sender may act for droneId; the command must be its own.
      let body: unknown;
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {
        throw new BadMessage('command answer is not JSON');
      }
      const ack = commandAckSchema.safeParse(body);
      if (!ack.success) throw new BadMessage('command answer must be { id, state, reason? }');
      const changed = await repo
        .answer(droneId, ack.data.id, ack.data.state, ack.data.reason ?? null)
        .catch((err: Error) => {
          throw new StoreUnavailable(err.message); // not stored: the drone sends the answer again
        });
      if (!changed) {
        log?.debug({ droneId, id: ack.data.id }, 'command answer ignored (unknown, not the drone, or final)');
        return;
      }
      for (const listener of answerListeners) {
        try {
          await listener({ command: changed, progress: ack.data.progress ?? null });
        } catch (err) {
          log?.error({ err, droneId, id: changed.id }, 'commands: answer listener failed');
        }
      }
    },
    onAnswer(listener) {
      answerListeners.add(listener);
      return () => answerListeners.delete(listener);
    },
    onSubscribed(droneId) {
      if (running) void enqueue('re-send on subscribe', () => onSubscribed(droneId));
    },
    onTelemetry(droneId) {
      const last = open.get(droneId);
      if (!running || last === undefined || Date.now() - last < resendEveryMs) return;
      open.set(droneId, Date.now());
      void enqueue('re-send on telemetry', async () => {
        await resend(droneId);
      });
    },
    sweep,
    onLinkUp() {
      if (running) void enqueue('publish pending', publishPending);
    },

    async start() {
      running = true;
      downlink?.attach(service);
      unlisten = o.notifier.on(COMMANDS_CHANNEL, (payload) => {
        void enqueue('dispatch', () => onNotice(payload));
      });
      for (const d of await repo.dronesWithOpen()) open.set(d, 0);
      await enqueue('sweep', async () => {
        await sweep();
      });
      await enqueue('publish pending', publishPending);
      const poll = setInterval(() => {
        if (!o.notifier.connected) void enqueue('poll', publishPending);
      }, o.pollMs ?? 2000);
      const sweeper = setInterval(
        () =>
          void enqueue('sweep', async () => {
            await sweep();
          }),
        60_000,
      );
      poll.unref();
      sweeper.unref();
      timers.push(poll, sweeper);
    },
    async stop() {
      running = false;
      unlisten?.();
      unlisten = null;
      for (const t of timers.splice(0)) clearInterval(t);
      await chain;
    },
  };
  return service;
}
