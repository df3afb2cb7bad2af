/**
 * WorkRecordList (002 §2 work-record): the charges of sorties and daily base fees, newest first. A
 * lessor (or its lease manager) reads its clients' records and may pick one client; a tenant reads
 * its own and may pick one lessor. Figures of the filtered set above the list, a totals row, and
 * the .xlsx export of the whole filtered set (config.ts).
 */
import { formatDate, type JobRecordPage } from '@agrifleet/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useManufacturers } from '../../../app/guard/sessionQueries.ts';
import { useSessionUser } from '../../../app/session.ts';
import { useAreaUnit } from '../../../lib/settings.ts';
import type { Translate } from '../../../list/columns.ts';
import { ListFigures } from '../../../list/ListFigures.tsx';
import { ListPage } from '../../../list/ListPage.tsx';
import { type RecordsLook, summaryFigures, workRecordConfig } from './config.ts';

export default function WorkRecordListPage() {
  const { t: tr, i18n } = useTranslation(['leasingRecords', 'leasing', 'list', 'common']);
  const t = tr as unknown as Translate;
  const user = useSessionUser();
  const unit = useAreaUnit();
  const unitLabel = t(`common:areaUnit.${unit}`);
  const manufacturers = useManufacturers();
  const side: RecordsLook['side'] = user?.accountType === 4 ? 'tenant' : 'lessor';
  const look = useMemo<RecordsLook>(
    () => ({
      t,
      lng: i18n.language,
      unit,
      unitLabel,
      side,
      lessors: manufacturers.map((m) => ({ value: m.accountId, label: m.accountName })),
      today: formatDate(Date.now(), 'YYYY-MM-DD'),
    }),
    [t, i18n.language, unit, unitLabel, side, manufacturers],
  );
  const config = useMemo(() => workRecordConfig(look), [look]);
  return (
    <ListPage
      config={config}
      title={t('common:screen.WorkRecordList')}
      extra={(page: JobRecordPage | undefined) =>
        page ? <ListFigures testId="work-record-total" items={summaryFigures(page.summary, look)} /> : null
      }
    />
  );
}
