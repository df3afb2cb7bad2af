/**
 * MemberList (/institution_manage/member-list, 001 §2): the members of the caller's account (the
 * platform: every account's) on the shared list pattern (config.ts), with the enable switch, the
 * create dialog (phone verified by an SMS code), edit and delete for the members the caller may
 * manage. Hidden for personal operators by the access tables; the server refuses them as well.
 */
import { grantableUserTypes, hasAbility, type MemberRow, type UserType } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Switch } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session.ts';
import type { Translate } from '../../list/columns.ts';
import { FormModal } from '../../list/FormModal.tsx';
import { ListPage } from '../../list/ListPage.tsx';
import { membersApi } from './api.ts';
import { CreateMemberModal } from './CreateMemberModal.tsx';
import { editForm, membersConfig } from './config.ts';

function EnabledSwitch({ row, onChanged, t }: { row: MemberRow; onChanged: () => void; t: Translate }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const change = async (on: boolean) => {
    setBusy(true);
    try {
      await membersApi.enable(row.userId, on);
      void message.success(
        t(on ? 'members:enabled.turnedOn' : 'members:enabled.turnedOff', { name: row.userName }),
      );
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
      checked={row.enabled}
      loading={busy}
      disabled={!row.manageable}
      checkedChildren={t('members:enabled.yes')}
      unCheckedChildren={t('members:enabled.no')}
      onChange={(v) => void change(v)}
      data-testid={`member-enabled-${row.userId}`}
    />
  );
}

export default function MemberListPage() {
  const { t: tr } = useTranslation(['members', 'list', 'common']);
  const t = tr as unknown as Translate;
  const { message, modal } = App.useApp();
  const user = useSessionUser();
  const canManage = user ? hasAbility({ userType: user.userType as UserType }, 'manageStaff') : false;
  const grantable = useMemo(
    () => (user ? grantableUserTypes({ userType: user.userType }, { leaseModel: user.leaseModel }) : []),
    [user],
  );
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['list', 'members'] }),
    [queryClient],
  );
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<MemberRow | null>(null);

  const config = useMemo(
    () =>
      membersConfig(t, {
        canManage,
        showAccount: user?.accountType === 1,
        enabledCell: (row) => <EnabledSwitch row={row} onChanged={refresh} t={t} />,
        openCreate: () => setCreating(true),
        openEdit: (row) => setEditing(row),
        remove: (row) =>
          modal.confirm({
            title: t('members:remove.confirm', { name: row.userName }),
            okText: t('list:delete'),
            cancelText: t('list:cancel'),
            okButtonProps: { danger: true },
            onOk: async () => {
              try {
                await membersApi.remove(row.userId);
                void message.success(t('common:deleted'));
                refresh();
              } catch (err) {
                const text = (err as Error).message;
                if (text) void message.error(text);
              }
            },
          }),
      }),
    [t, canManage, refresh, user?.accountType, modal, message],
  );
  const form = useMemo(() => editForm(grantable, membersApi.update), [grantable]);

  return (
    <>
      <ListPage config={config} title={t('common:screen.MemberList')} />
      {creating ? (
        <CreateMemberModal grantable={grantable} onClose={() => setCreating(false)} onSaved={refresh} t={t} />
      ) : null}
      {editing ? (
        <FormModal
          form={form}
          mode="edit"
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={refresh}
          t={t}
        />
      ) : null}
    </>
  );
}
