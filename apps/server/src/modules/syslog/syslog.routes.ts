/**
 * The system log (001 §7 "GET system logs"), family /api/user/log: read only. SystemLogList with
 * the ability to view system logs (enterprise admins and super admins, 001 §6). There is no call
 * that edits or deletes a row.
 */
import { ok as okSchema, SYSLOG_LIST_PATH, syslogListQuery, syslogPage } from '@agrifleet/domain';
import { callerOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { SyslogService } from './syslog.service.ts';

const read = { access: { screens: ['SystemLogList'], ability: 'viewSystemLogs' } } as const;

export const syslogRoutes: Routes<{ syslog: SyslogService }> = async (app, { syslog }) => {
  app.get(
    SYSLOG_LIST_PATH,
    {
      config: read,
      schema: {
        tags: ['syslog'],
        summary:
          'System log rows of the caller\'s account (platform: all), newest first by default; logType "1,2" by default; total counted up to 10,000 (capped)',
        querystring: syslogListQuery,
        response: { 200: okSchema(syslogPage) },
      },
    },
    async (req) => ok(req, await syslog.list(callerOf(req), req.query)),
  );
};
