/**
 * HTTP authentication and authorization hooks for an external broker, in EMQX's format
 * (EMQX 5 "HTTP Server" authenticator and authorizer: POST JSON, answer 200 { result }).
 * Devices sign in with their account's key: username = vid, password = secret; they may publish
 * only to the telemetry and command-answer topics of drones their account may publish for, and
 * subscribe only to those drones' command topics.
 *
 * Public routes on purpose (the broker calls them, with no console session): expose them to the
 * broker only (firewall, or a listener on a private address). See README.md.
 */
import { ErrorCode } from '@agrifleet/domain';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import type { Routes } from '../routes.ts';
import { droneIdOfAckTopic, droneIdOfCommandTopic, droneIdOfTopic, type TelemetryHandler } from './types.ts';

export interface MqttAuthDeps {
  authenticate: TelemetryHandler['authenticate'];
  /** The account of a key's vid (the ACL call carries the username only), or null. */
  accountOfVid(vid: string): Promise<number | null>;
  mayPublish: TelemetryHandler['mayPublish'];
  /** A device was allowed to subscribe to a drone's command topic (its subscription follows). */
  onSubscribe?(droneId: string): void;
}

const tags = ['telemetry'];
const access = 'public' as const;
const verdict = z.object({ result: z.enum(['allow', 'deny']) });
type Verdict = z.infer<typeof verdict>;
const allow: Verdict = { result: 'allow' };
const deny: Verdict = { result: 'deny' };

export const mqttAuthRoutes: Routes<MqttAuthDeps> = async (app, deps) => {
  app.post(
    '/api/telemetry/mqtt/auth',
    {
      // The broker asking whether a client may connect or publish: a read, not a write.
      config: { access, audit: false },
      schema: {
        tags,
        summary: 'MQTT broker hook: may this key connect? (username = vid, password = secret)',
        body: z.object({
          username: z.string().max(200),
          password: z.string().max(500),
          clientid: z.string().max(200).optional(),
        }),
        response: { 200: verdict },
      },
    },
    async (req) => {
      const { username, password } = req.body;
      if (!username || !password) return deny;
      // A disabled account's key throws accountDisabled (logged by the key service): deny it.
      const accountId = await deps.authenticate(username, password).catch((err: unknown) => {
        if (err instanceof AppError && err.code === ErrorCode.accountDisabled) return null;
        throw err;
      });
      return accountId === null ? deny : allow;
    },
  );

  app.post(
    '/api/telemetry/mqtt/acl',
    {
      // The broker asking whether a client may connect or publish: a read, not a write.
      config: { access, audit: false },
      schema: {
        tags,
        summary: 'MQTT broker hook: may this key publish to (or subscribe to) this topic?',
        body: z.object({
          username: z.string().max(200),
          topic: z.string().max(1000),
          action: z.string().max(20),
          clientid: z.string().max(200).optional(),
        }),
        response: { 200: verdict },
      },
    },
    async (req) => {
      const { username, topic, action } = req.body;
      if (!username) return deny;
      // publish: telemetry and command answers; subscribe: the command topic itself (no wildcards).
      const droneId =
        action === 'publish'
          ? (droneIdOfTopic(topic) ?? droneIdOfAckTopic(topic))
          : action === 'subscribe'
            ? droneIdOfCommandTopic(topic)
            : null;
      if (!droneId) return deny;
      const accountId = await deps.accountOfVid(username);
      if (accountId === null) return deny;
      if (!(await deps.mayPublish(accountId, droneId))) return deny;
      if (action === 'subscribe') deps.onSubscribe?.(droneId);
      return allow;
    },
  );
};
