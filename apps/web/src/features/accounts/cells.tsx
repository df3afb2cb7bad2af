/** AccountList's enable switch (PUT enable { accountId, opr }): disabling signs the account's users out at once. */
import type { AccountRecord } from '@agrifleet/domain';
import { App, Popconfirm, Switch } from 'antd';
import { useState } from 'react';
import type { Translate } from '../../list/columns.ts';
import { accountsApi } from './api.ts';

export function EnableSwitch({
  row,
  canManage,
  onChanged,
  t,
}: {
  row: AccountRecord;
  canManage: boolean;
  onChanged: () => void;
  t: Translate;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const change = async (on: boolean) => {
    setBusy(true);
    try {
      await accountsApi.enable(row.accountId, on ? 1 : 0);
      void message.success(
        t(on ? 'accounts:enabled.turnedOn' : 'accounts:enabled.turnedOff', { name: row.accountName }),
      );
      onChanged();
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setBusy(false);
    }
  };
  const sw = (
    <Switch
      size="small"
      checked={row.enabled === 1}
      loading={busy}
      disabled={!canManage}
      checkedChildren={t('accounts:enabled.1')}
      unCheckedChildren={t('accounts:enabled.0')}
      onChange={row.enabled === 1 ? undefined : (v) => void change(v)}
      data-testid={`account-enable-${row.accountId}`}
    />
  );
  if (row.enabled !== 1 || !canManage) return sw;
  // Disabling signs every user of the account out: confirm first.
  return (
    <Popconfirm
      title={t('accounts:enabled.confirmOff', { name: row.accountName })}
      onConfirm={() => void change(false)}
      okButtonProps={{ id: 'account-disable-confirm' }}
    >
      {sw}
    </Popconfirm>
  );
}
