/**
 * AppLog (/business_manage/app-log, 002 §2 "ground station log"): the log entries the ground-station
 * apps sent (POST /api/oper/appLog/batch with the account key), newest first, filtered by type and
 * searched by text (at least three characters), each linked to its drone's detail and to the flight
 * history of its sortie. A total past the bound (10,000; 1,000 for a search) is shown as "more than".
 */
import type { AppLogRow, AppLogPage as Page } from '@agrifleet/domain';
import { Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Translate } from '../../list/columns.ts';
import { ListPage } from '../../list/ListPage.tsx';
import { droneDetailPath, monitorHistoryPath } from '../drones/paths.ts';
import { appLogConfig } from './config.ts';

const LEVEL_COLOR = { debug: 'default', info: 'blue', warn: 'orange', error: 'red' } as const;

export default function AppLogPage() {
  const { t: tr, i18n } = useTranslation(['applogs', 'list', 'common']);
  const t = tr as unknown as Translate;
  const config = useMemo(
    () =>
      appLogConfig(t, {
        level: (r: AppLogRow) => <Tag color={LEVEL_COLOR[r.level]}>{t(`applogs:level.${r.level}`)}</Tag>,
        drone: (r: AppLogRow) =>
          r.droneId ? (
            <Link to={droneDetailPath(r.droneId)} data-testid={`applog-drone-${r.id}`}>
              {r.droneId}
              {r.droneName ? <Typography.Text type="secondary"> {r.droneName}</Typography.Text> : null}
            </Link>
          ) : (
            '-'
          ),
        sortie: (r: AppLogRow) =>
          r.droneId && r.sortieId !== null ? (
            <Link to={monitorHistoryPath(r.droneId)} title={t('applogs:sortieLink')}>
              #{r.sortieId}
            </Link>
          ) : (
            '-'
          ),
      }),
    [t],
  );
  const extra = (page: Page | undefined) =>
    page?.totalBounded ? (
      <Typography.Text type="secondary" data-testid="applog-bounded">
        {t('applogs:bounded', { count: page.total.toLocaleString(i18n.language) })}
      </Typography.Text>
    ) : null;
  return (
    <ListPage
      config={config}
      title={t('common:screen.AppLog')}
      extra={extra}
      header={<Typography.Paragraph type="secondary">{t('applogs:intro')}</Typography.Paragraph>}
    />
  );
}
