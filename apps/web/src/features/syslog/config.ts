/**
 * The system log (SystemLogList, 001 §2) as configuration of the shared list pattern (src/list):
 * filters accountName (the platform's: other accounts see only their own log), userName, the date
 * range (startTime, endTime) and logType (1 and 2 together by default, 001 §4); columns time,
 * account, user, type, action (translated, else the route as logged), target, IP and result (done,
 * or refused with its HTTP status); newest first, the time column sorts (order). Read only: no
 * create, edit or delete. Pure; tested in config.test.ts.
 */
import { formatDate, type SyslogPage, type SyslogRow } from '@agrifleet/domain';
import type { ReactNode } from 'react';
import type { Translate } from '../../list/columns.ts';
import type { ColumnDef, FilterDef, ListConfig } from '../../list/types.ts';
import { syslogApi } from './api.ts';

export interface SyslogLook {
  t: Translate;
  /** The platform reads every account's log: it gets the account filter. */
  platform: boolean;
  /** 'YYYY-MM-DD', for the export's file name. */
  today: string;
}

/** The type filter's choices: "1,2" is the server's default (sign-ins and changes). */
export const TYPE_CHOICES = ['1,2', '1', '2', '3', '1,2,3'] as const;

/** The action as people read it: its translation, else the logged route ("PUT /api/..."). */
export function actionText(row: Pick<SyslogRow, 'action' | 'actionKey'>, t: Translate): string {
  if (!row.actionKey) return row.action;
  const key = `syslog:action.${row.actionKey}`;
  const text = t(key);
  return text === key || text === `action.${row.actionKey}` ? row.action : text;
}

/** Done (2xx) or refused, with the status. */
export const resultOk = (row: Pick<SyslogRow, 'result'>) =>
  row.result !== null && row.result >= 200 && row.result < 300;
export function resultText(row: Pick<SyslogRow, 'result'>, t: Translate): string {
  if (row.result === null) return '-';
  return resultOk(row) ? t('syslog:result.ok') : t('syslog:result.refused', { status: row.result });
}

/** The line under the filters when more rows match than are counted. */
export function cappedText(page: SyslogPage | undefined, t: Translate): string | null {
  return page?.capped ? t('syslog:capped', { total: page.total.toLocaleString() }) : null;
}

export function syslogConfig(
  look: SyslogLook,
  hooks: { resultCell: (row: SyslogRow) => ReactNode },
): ListConfig<SyslogRow, SyslogPage> {
  const { t } = look;
  const col = (key: string, extra: Partial<ColumnDef<SyslogRow>> = {}): ColumnDef<SyslogRow> => ({
    key,
    title: `syslog:col.${key}`,
    ...extra,
  });
  const filters: FilterDef[] = [
    ...(look.platform
      ? [{ kind: 'text' as const, name: 'accountName', label: 'syslog:filter.accountName' }]
      : []),
    { kind: 'text', name: 'userName', label: 'syslog:filter.userName' },
    { kind: 'dateRange', name: 'days', label: 'syslog:filter.days', params: ['startTime', 'endTime'] },
    {
      kind: 'select',
      name: 'logType',
      label: 'syslog:filter.logType',
      options: TYPE_CHOICES.map((v) => ({ value: v, labelKey: `syslog:types.${v.replace(/,/g, '')}` })),
    },
  ];
  return {
    id: 'syslog',
    ns: ['syslog'],
    fetch: syslogApi.page,
    rowKey: (r) => r.id,
    defaultSort: { field: 'time', order: 1 },
    filters,
    columns: [
      col('time', { value: (r) => formatDate(r.time, 'YYYY-MM-DD HH:mm:ss'), sort: true, fixed: 'left' }),
      ...(look.platform ? [col('accountName')] : []),
      col('userName'),
      col('logType', { value: (r) => t(`syslog:type.${r.logType}`) }),
      col('action', { value: (r) => actionText(r, t) }),
      col('target', { ellipsis: true, width: 220 }),
      col('ip'),
      col('result', { value: (r) => resultText(r, t), render: hooks.resultCell }),
    ],
    export: { fileName: () => t('syslog:fileName', { date: look.today }), pageSize: 100 },
  };
}
