/**
 * NoFlyZoneList (/business_manage/no-fly-zone-list, 001 §2, §3 "No-fly zone", §7 "No-fly zones"):
 * the zones of the caller's view on the shared list pattern (config.ts), filtered by noflyType,
 * with the counts civilNoflyNum and notCivilNoflyNum of the filtered set; enable switch, delete,
 * detail (ZoneDetail), and create / edit on the map (ZoneEditor). Platform and government managers
 * write; manufacturers and operators read (the server decides per zone: `editable`).
 */
import { hasAbility, type NoflyPage, type NoflyRecord, type UserType } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Switch } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session.ts';
import type { Translate } from '../../list/columns.ts';
import { ListPage } from '../../list/ListPage.tsx';
import { regionLabel } from '../../list/region.ts';
import { useRegionTree } from '../auth/RegionCascader.tsx';
import { noflyApi } from './api.ts';
import { noflyListConfig } from './config.ts';
import styles from './nofly.module.css';
import { ZoneDetail } from './ZoneDetail.tsx';
import { ZoneEditor } from './ZoneEditor.tsx';

function EnabledSwitch({ row, onDone }: { row: NoflyRecord; onDone: () => void }) {
  const { t } = useTranslation('nofly');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      size="small"
      checked={row.enabled}
      disabled={!row.editable}
      loading={busy}
      data-testid={`nofly-enabled-${row.noflyId}`}
      onChange={async (on) => {
        setBusy(true);
        try {
          await noflyApi.enable(row.noflyId, on ? 1 : 0);
          void message.success(t(on ? 'toast.enabled' : 'toast.disabled'));
          onDone();
        } catch (err) {
          const text = (err as Error).message;
          if (text) void message.error(text);
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

function Stats({ page, t }: { page: NoflyPage; t: Translate }) {
  return (
    <div className={styles.stats} data-testid="nofly-stats">
      <div className={styles.stat}>
        <span className={styles.statLabel}>{t('nofly:stats.civil')}</span>
        <span className={styles.statValue} data-testid="nofly-civil">
          {page.civilNoflyNum}
        </span>
      </div>
      <div className={styles.stat}>
        <span className={styles.statLabel}>{t('nofly:stats.notCivil')}</span>
        <span className={styles.statValue} data-testid="nofly-not-civil">
          {page.notCivilNoflyNum}
        </span>
      </div>
    </div>
  );
}

export default function NoFlyZoneListPage() {
  const { t: tr } = useTranslation(['nofly', 'list', 'common']);
  const t = tr as unknown as Translate;
  const user = useSessionUser();
  const regions = useRegionTree();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<{ record: NoflyRecord | null } | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['list', 'nofly'] }),
    [queryClient],
  );
  const canCreate = Boolean(
    user &&
      (user.accountType === 1 || user.accountType === 2) &&
      hasAbility({ userType: user.userType as UserType }, 'manageNoFly'),
  );
  const regionName = useCallback((code: number | null) => regionLabel(regions.data, code), [regions.data]);
  const config = useMemo(
    () =>
      noflyListConfig({
        t,
        regionName,
        enabledCell: (row) => <EnabledSwitch row={row} onDone={refresh} />,
        onDetail: (row) => setDetail(row.noflyId),
        onEdit: (row) => setEditing({ record: row }),
        canCreate,
        onCreate: () => setEditing({ record: null }),
        onDelete: (row) =>
          modal.confirm({
            title: t('list:confirmDelete'),
            content: row.name,
            okText: t('list:delete'),
            cancelText: t('list:cancel'),
            okButtonProps: { danger: true, 'data-testid': 'nofly-confirm-delete' } as Record<
              `data-${string}`,
              string
            >,
            onOk: async () => {
              try {
                await noflyApi.remove(row.noflyId);
                void message.success(t('common:deleted'));
                refresh();
              } catch (err) {
                const text = (err as Error).message;
                if (text) void message.error(text);
              }
            },
          }),
      }),
    [t, regionName, refresh, canCreate, message, modal],
  );
  return (
    <>
      <ListPage
        config={config}
        title={t('common:screen.NoFlyZoneList')}
        extra={(page) => (page ? <Stats page={page} t={t} /> : null)}
      />
      {editing ? (
        <ZoneEditor
          record={editing.record}
          onClose={(saved) => {
            setEditing(null);
            if (saved) refresh();
          }}
        />
      ) : null}
      {detail !== null ? (
        <ZoneDetail noflyId={detail} regionName={regionName} onClose={() => setDetail(null)} />
      ) : null}
    </>
  );
}
