/**
 * SystemLogList (/institution_manage/system-log-list, 001 §2): who did what, on which target, from
 * which address and with which result, newest first; the platform reads every account's log and
 * filters by account, other accounts read their own. Built on the shared list pattern (config.ts);
 * read only. More than SYSLOG_COUNT_CAP matching rows are counted as "10,000+" (the pager stops
 * there: narrow the filters).
 */
import { formatDate, type SyslogPage, type SyslogRow } from '@agrifleet/domain';
import { Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session.ts';
import type { Translate } from '../../list/columns.ts';
import { ListPage } from '../../list/ListPage.tsx';
import { cappedText, resultOk, resultText, syslogConfig } from './config.ts';

export default function SystemLogListPage() {
  const { t: tr } = useTranslation(['syslog', 'list', 'common']);
  const t = tr as unknown as Translate;
  const user = useSessionUser();
  const config = useMemo(
    () =>
      syslogConfig(
        { t, platform: user?.accountType === 1, today: formatDate(Date.now(), 'YYYY-MM-DD') },
        {
          resultCell: (row: SyslogRow) => (
            <Tag color={resultOk(row) ? 'success' : 'error'} data-testid="syslog-result">
              {resultText(row, t)}
            </Tag>
          ),
        },
      ),
    [t, user?.accountType],
  );
  return (
    <ListPage<SyslogRow, SyslogPage>
      config={config}
      title={t('common:screen.SystemLogList')}
      extra={(page) => {
        const capped = cappedText(page, t);
        return capped ? (
          <Typography.Text type="secondary" data-testid="syslog-capped">
            {capped}
          </Typography.Text>
        ) : null;
      }}
    />
  );
}
