/**
 * The system log's list: who may see which rows, name filters resolved to ids, and the capped
 * total (README.md). Each account sees its own log (rows whose account_id is its own), the
 * platform (account type 1) every row. Nothing here writes: rows come from platform/audit.ts.
 */
import {
  auditActionKey,
  SYSLOG_COUNT_CAP,
  type SyslogListQuery,
  type SyslogPage,
  type SyslogRow,
} from '@agrifleet/domain';
import type { Caller } from '../../platform/auth/subject.ts';
import { likePattern } from '../../platform/like.ts';
import { type LogFilter, type LogRecord, RESOLVE_MAX_IDS, type SyslogRepo } from './syslog.repo.ts';

export function toRow(r: LogRecord): SyslogRow {
  return {
    id: Number(r.id),
    time: r.created_at.getTime(),
    accountName: r.account_name,
    userName: r.user_name,
    logType: r.log_type,
    action: r.action,
    actionKey: auditActionKey(r.action),
    target: r.target,
    ip: r.ip,
    result: r.result,
  };
}

/** The platform reads every account's log; any other account its own. */
export const seesAllLogs = (c: Caller) => c.account.account_type === 1;

export function createSyslogService(d: { repo: SyslogRepo }) {
  /** The filter of a query for this caller, or null when no row can match (a name matched nothing). */
  async function filterOf(c: Caller, q: SyslogListQuery): Promise<LogFilter | null> {
    let accountIds: number[] | null = seesAllLogs(c) ? null : [c.account.id];
    if (seesAllLogs(c) && q.accountName) {
      accountIds = await d.repo.accountIdsByName(q.accountName);
      // So many accounts match that the name says little: filter by it during the walk all the same.
      if (accountIds.length > RESOLVE_MAX_IDS) accountIds = await d.repo.accountIdsByName(q.accountName, 1e9);
    }
    let userIds: number[] | null = null;
    let userNameLike: string | null = null;
    if (q.userName) {
      userIds = await d.repo.userIdsByName(q.userName, accountIds);
      if (userIds.length > RESOLVE_MAX_IDS) {
        userIds = null;
        userNameLike = likePattern(q.userName);
      }
    }
    if (accountIds?.length === 0 || userIds?.length === 0) return null;
    return {
      accountIds,
      userIds,
      userNameLike,
      types: q.logType,
      from: q.startTime === undefined ? null : new Date(q.startTime),
      to: q.endTime === undefined ? null : new Date(q.endTime),
      order: q.order,
    };
  }

  return {
    async list(c: Caller, q: SyslogListQuery): Promise<SyslogPage> {
      const empty = { records: [], total: 0, current: q.currentPage, size: q.pageSize, capped: false };
      const f = await filterOf(c, q);
      if (!f) return empty;
      const [rows, n] = await Promise.all([
        d.repo.page(f, (q.currentPage - 1) * q.pageSize, q.pageSize),
        d.repo.count(f),
      ]);
      return {
        records: rows.map(toRow),
        total: Math.min(n, SYSLOG_COUNT_CAP),
        current: q.currentPage,
        size: q.pageSize,
        capped: n > SYSLOG_COUNT_CAP,
      };
    },
  };
}
export type SyslogService = ReturnType<typeof createSyslogService>;
