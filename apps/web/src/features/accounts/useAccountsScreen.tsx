/**
 * What AccountList and SubCompanyList share: the configuration for the caller, the stats figures,
 * the enable switch, and the two dialogs of a row (rental options, merge manufacturer).
 */
import { type AccountPage, type AccountRecord, hasAbility, type UserType } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session.ts';
import type { Translate } from '../../list/columns.ts';
import { FormModal } from '../../list/FormModal.tsx';
import { ListFigures } from '../../list/ListFigures.tsx';
import { ListPage } from '../../list/ListPage.tsx';
import type { FormDef } from '../../list/types.ts';
import { accountsApi } from './api.ts';
import { EnableSwitch } from './cells.tsx';
import { type AccountsMode, accountFigures, accountsConfig } from './config.ts';

type Dialog = { kind: 'rental' | 'merge'; row: AccountRecord } | null;

const LEASE_OPTIONS = [0, 1, 2, 3, 5].map((v) => ({ value: v, labelKey: `accounts:lease.${v}` }));

export function AccountsScreen({ mode, title }: { mode: AccountsMode; title: string }) {
  const { t: tr } = useTranslation(['accounts', 'list', 'common']);
  const t = tr as unknown as Translate;
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () =>
      void queryClient.invalidateQueries({
        queryKey: ['list', mode === 'sub' ? 'sub-companies' : 'accounts'],
      }),
    [queryClient, mode],
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const canManage = user ? hasAbility({ userType: user.userType as UserType }, 'manageAccount') : false;
  const isPlatform = user?.accountType === 1 && !user.tag;
  const isSubPlatform = user?.accountType === 1 && !!user.tag;

  const config = useMemo(
    () =>
      accountsConfig(
        { t, mode, isPlatform, isSubPlatform, canManage },
        {
          enabledCell: (row) => <EnableSwitch row={row} canManage={canManage} onChanged={refresh} t={t} />,
          openRental: (row) => setDialog({ kind: 'rental', row }),
          openMerge: (row) => setDialog({ kind: 'merge', row }),
        },
      ),
    [t, mode, isPlatform, isSubPlatform, canManage, refresh],
  );

  const forms = useMemo(() => {
    const rental: FormDef<AccountRecord> = {
      titles: { edit: 'accounts:rental.title' },
      initial: (r) => ({ leaseModel: r.leaseModel ?? 0 }),
      fields: [
        {
          name: 'leaseModel',
          label: 'accounts:rental.leaseModel',
          kind: 'select',
          numeric: true,
          required: true,
          options: LEASE_OPTIONS,
        },
      ],
      update: (r, v) => accountsApi.setRental(r.accountId, Number(v.leaseModel) || null),
    };
    const merge: FormDef<AccountRecord> = {
      titles: { edit: 'accounts:merge.title' },
      initial: () => ({}),
      fields: [
        {
          name: 'mergeAccountId',
          label: 'accounts:merge.mergeAccount',
          kind: 'select',
          numeric: true,
          required: true,
          help: 'accounts:merge.help',
          options: {
            key: ['accounts', 'manufacturers'],
            load: async () =>
              (await accountsApi.page({ accountType: 3, pageSize: 1000 })).records
                .filter((r) => r.enabled === 1 && r.accountId !== dialog?.row.accountId)
                .map((r) => ({ value: r.accountId, label: r.accountName })),
          },
        },
      ],
      update: (r, v) => accountsApi.merge(r.accountId, Number(v.mergeAccountId)),
    };
    return { rental, merge };
  }, [dialog?.row.accountId]);

  return (
    <>
      <ListPage<AccountRecord, AccountPage>
        config={config}
        title={title}
        extra={(page) => <ListFigures items={accountFigures(page, t)} testId="account-stats" />}
      />
      {dialog ? (
        <FormModal
          key={`${dialog.kind}-${dialog.row.accountId}`}
          form={forms[dialog.kind]}
          mode="edit"
          row={dialog.row}
          onClose={() => setDialog(null)}
          onSaved={refresh}
          t={t}
        />
      ) : null}
    </>
  );
}
