/** App-log calls (packages/domain contracts/applogs.ts) through the one http client. */
import { APP_LOG_PAGE_PATH, type AppLogPage } from '@agrifleet/domain';
import { http } from '../../api/http.ts';

export const appLogApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<AppLogPage>(APP_LOG_PAGE_PATH.replace(/^\/api\//, ''), query, { signal }),
};
