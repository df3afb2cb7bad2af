/** The command service (stub: the commands helper builds it; the interface is types.ts). */
import type { Logger } from 'pino';
import type { Db } from '../../platform/db.ts';
import type { Notifier } from '../../platform/notify.ts';
import type { Commands } from './types.ts';

export interface CommandsOptions {
  db: Db;
  notifier: Notifier;
  logger?: Logger;
}

export function createCommands(_o: CommandsOptions): Commands {
  return {
    async send() {
      throw new Error('commands not built yet');
    },
    async latest() {
      return new Map();
    },
    async list() {
      return [];
    },
    async start() {},
    async stop() {},
  };
}
