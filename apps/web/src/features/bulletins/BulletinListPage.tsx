/**
 * BulletinList (/bulletin_manage/bulletin-list, 001 §2): a tab per bulletin type (001 §4: ordinary
 * 2, anomaly 1; `?type=1` opens the anomalies). Unread rows are bold; an ordinary bulletin opens in a
 * dialog and is read by opening it; rows are marked read one at a time, as a selection, or all of
 * the current type (PUT read with oprType 1 / 2). Every read refreshes the list and the header bell.
 */
import {
  type AnomalyBulletinRow,
  type BulletinRow,
  type BulletinTypeCode,
  formatDate,
} from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Modal, Tabs, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Translate } from '../../list/columns.ts';
import { ListPage } from '../../list/ListPage.tsx';
import { bulletinsApi, UNREAD_KEY } from './api.ts';
import { anomalyConfig, ordinaryConfig } from './config.ts';

const Unread = ({ read, children }: { read: boolean; children: React.ReactNode }) =>
  read ? <span>{children}</span> : <strong data-testid="bulletin-unread">{children}</strong>;

export default function BulletinListPage() {
  const { t: tr } = useTranslation(['bulletins', 'list', 'common']);
  const t = tr as unknown as Translate;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const type: BulletinTypeCode = search.get('type') === '1' ? 1 : 2;
  const [open, setOpen] = useState<BulletinRow | null>(null);

  const read = useCallback(
    async (bulletinType: BulletinTypeCode, ids: number[] | 'all') => {
      if (ids !== 'all' && ids.length === 0) {
        void message.warning(t('bulletins:noneSelected'));
        return;
      }
      try {
        const done = await bulletinsApi.read(
          ids === 'all' ? { bulletinType, oprType: 2 } : { bulletinType, oprType: 1, bulletinIds: ids },
        );
        if (ids === 'all') void message.success(t('bulletins:readDone', { count: done.marked }));
      } catch (err) {
        void message.error((err as Error).message);
      } finally {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: UNREAD_KEY }),
          queryClient.invalidateQueries({
            queryKey: ['list', bulletinType === 1 ? 'bulletinAnomalies' : 'bulletins'],
          }),
        ]);
      }
    },
    [message, queryClient, t],
  );

  const state = useCallback(
    (r: { read: boolean }) => (
      <Tag color={r.read ? 'default' : 'blue'}>
        {t(r.read ? 'bulletins:state.read' : 'bulletins:state.unread')}
      </Tag>
    ),
    [t],
  );
  const ordinary = useMemo(
    () =>
      ordinaryConfig(t, {
        mainCell: (r: BulletinRow) => (
          <Typography.Link
            onClick={() => {
              setOpen(r);
              if (!r.read) void read(2, [r.bulletinId]);
            }}
            data-testid="bulletin-title"
          >
            <Unread read={r.read}>{r.title}</Unread>
          </Typography.Link>
        ),
        stateCell: state,
        read: (ids) => read(2, ids),
      }),
    [t, read, state],
  );
  const anomalies = useMemo(
    () =>
      anomalyConfig(t, {
        mainCell: (r: AnomalyBulletinRow) => <Unread read={r.read}>{r.droneId}</Unread>,
        stateCell: state,
        read: (ids) => read(1, ids),
      }),
    [t, read, state],
  );

  return (
    <>
      <Tabs
        activeKey={String(type)}
        onChange={(key) => setSearch({ type: key })}
        items={[
          { key: '2', label: t('bulletins:tab.2') },
          { key: '1', label: t('bulletins:tab.1') },
        ]}
        style={{ padding: '0 24px', marginBottom: -16 }}
      />
      {type === 2 ? (
        <ListPage key="ordinary" config={ordinary} title={t('common:screen.BulletinList')} />
      ) : (
        <ListPage key="anomaly" config={anomalies} title={t('bulletins:tab.1')} />
      )}
      <Modal
        open={open !== null}
        title={open?.title}
        onCancel={() => setOpen(null)}
        footer={null}
        data-testid="bulletin-dialog"
      >
        {open ? (
          <>
            <Typography.Paragraph type="secondary">
              {open.accountName} · {formatDate(open.createTime)}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{open.content}</Typography.Paragraph>
          </>
        ) : null}
      </Modal>
    </>
  );
}
