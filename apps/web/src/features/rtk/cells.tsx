/** The RTK list's cells that need React: the allow switch, the end of service with its days left, the drone. */
import { formatDate, type RtkRow } from '@agrifleet/domain';
import { App, Switch, Tag } from 'antd';
import { useState } from 'react';
import type { Translate } from '../../list/columns.ts';
import { rtkApi } from './api.ts';
import { daysText, expiryLevel } from './config.ts';
import styles from './rtk.module.css';

export function AllowSwitch({
  row,
  canManage,
  onChanged,
  t,
}: {
  row: RtkRow;
  canManage: boolean;
  onChanged: () => void;
  t: Translate;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const change = async (allow: boolean) => {
    setBusy(true);
    try {
      await rtkApi.allow(row.devId, allow);
      void message.success(t(allow ? 'rtk:allowed.turnedOn' : 'rtk:allowed.turnedOff', { devId: row.devId }));
      onChanged();
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={row.allowed}
      loading={busy}
      disabled={!canManage}
      checkedChildren={t('rtk:allowed.yes')}
      unCheckedChildren={t('rtk:allowed.no')}
      onChange={(v) => void change(v)}
      data-testid={`rtk-allow-${row.devId}`}
    />
  );
}

const TAG_COLOR = { ended: 'error', soon: 'warning', ok: 'default', none: 'default' } as const;

export function ExpiryCell({ row, t }: { row: RtkRow; t: Translate }) {
  const level = expiryLevel(row);
  return (
    <span className={styles.expiry} data-testid={`rtk-expiry-${row.devId}`} data-level={level}>
      {row.expiresAt === null ? null : (
        <span className={styles.date}>{formatDate(row.expiresAt, 'YYYY-MM-DD')}</span>
      )}
      <Tag color={TAG_COLOR[level]} variant={level === 'ok' || level === 'none' ? 'outlined' : 'solid'}>
        {daysText(row, t)}
      </Tag>
    </span>
  );
}

export function DroneCell({ row }: { row: RtkRow }) {
  if (!row.droneId) return <span className={styles.muted}>-</span>;
  return (
    <span className={styles.drone}>
      <span>{row.droneId}</span>
      {row.droneName ? <span className={styles.muted}>{row.droneName}</span> : null}
    </span>
  );
}
