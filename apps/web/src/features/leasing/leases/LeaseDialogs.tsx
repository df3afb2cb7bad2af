/** The return dialog (date-time, default now) and the history dialog of a lease. */
import type { LeaseRecord } from '@agrifleet/domain';
import { formatDate } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, DatePicker, Descriptions, Modal, Timeline } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { instantOfPicker, pickerNow } from '../../../lib/statDay.ts';
import type { Translate } from '../../../list/columns.ts';
import { leasesApi } from './api.ts';
import { historyLine } from './config.ts';

export function ReturnDialog({
  row,
  t,
  onClose,
  onSaved,
}: {
  row: LeaseRecord;
  t: Translate;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  // a wall clock of the statistics time zone, as every time shown (issue 21)
  const [at, setAt] = useState<Dayjs | null>(pickerNow);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await leasesApi.returnDrone(row.id, at ? instantOfPicker(at) : undefined);
      void message.success(t('common:updated'));
      onSaved();
      onClose();
    } catch (err) {
      if ((err as Error).message) void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('leasingClients:lease.return.title')}
      onCancel={onClose}
      onOk={save}
      okText={t('leasingClients:lease.action.return')}
      cancelText={t('list:cancel')}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('leasingClients:lease.col.droneId')}>{row.droneId}</Descriptions.Item>
        <Descriptions.Item label={t('leasingClients:lease.col.accountName')}>
          {row.accountName}
        </Descriptions.Item>
        <Descriptions.Item label={t('leasingClients:lease.col.startTime')}>
          {formatDate(row.startTime, 'YYYY-MM-DD HH:mm')}
        </Descriptions.Item>
      </Descriptions>
      <DatePicker
        showTime
        value={at}
        onChange={setAt}
        style={{ width: '100%' }}
        placeholder={t('leasingClients:lease.return.time')}
        data-testid="lease-return-time"
      />
    </Modal>
  );
}

export function HistoryDialog({
  row,
  t,
  lng,
  onClose,
}: {
  row: LeaseRecord;
  t: Translate;
  lng: string;
  onClose: () => void;
}) {
  const events = useQuery({
    queryKey: ['leasing', 'history', row.id],
    queryFn: () => leasesApi.history(row.id),
  });
  return (
    <Modal
      open
      title={t('leasingClients:lease.history.title', { droneId: row.droneId })}
      onCancel={onClose}
      footer={null}
    >
      <Timeline
        items={(events.data ?? []).map((e) => ({
          key: e.id,
          children: (
            <>
              <div>{historyLine(e, t, lng)}</div>
              <div style={{ opacity: 0.6, fontSize: 12 }}>
                {formatDate(e.at, 'YYYY-MM-DD HH:mm:ss')} {e.userName ?? ''}
              </div>
            </>
          ),
        }))}
      />
    </Modal>
  );
}
