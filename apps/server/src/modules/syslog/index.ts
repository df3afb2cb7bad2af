/** The syslog module's routes (issue 12), registered by app.ts with the organisation dependencies. */
import type { Routes } from '../../platform/routes.ts';
import type { OrgDeps } from '../orgDeps.ts';
import { createSyslogRepo } from './syslog.repo.ts';
import { syslogRoutes } from './syslog.routes.ts';
import { createSyslogService } from './syslog.service.ts';

export const syslogModule: Routes<OrgDeps> = async (app, deps) => {
  await app.register(syslogRoutes, { syslog: createSyslogService({ repo: createSyslogRepo(deps.db) }) });
};
