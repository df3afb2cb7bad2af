/** System log calls (packages/domain contracts/syslog.ts) through the one http client. */
import { SYSLOG_LIST_PATH, type SyslogPage } from '@agrifleet/domain';
import { http } from '../../api/http.ts';

export const syslogApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<SyslogPage>(SYSLOG_LIST_PATH.replace(/^\/api\//, ''), query, { signal }),
};
