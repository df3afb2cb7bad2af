/**
 * RtkList (/business_manage/rtk-list, 001 §2): the RTK devices of the caller (platform: all;
 * manufacturer: its own) with the pn and type filters, the allow switch, the end of service with
 * its days left, the export, and the dialogs to bind a service key and to renew by Bluetooth
 * address or by phone. Built on the shared list pattern (src/list, config.ts); writes are offered
 * only to users who may manage equipment (the server refuses the others).
 */
import { formatDate, hasAbility, type RtkRow, type UserType } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session.ts';
import type { Translate } from '../../list/columns.ts';
import { FormModal } from '../../list/FormModal.tsx';
import { ListPage } from '../../list/ListPage.tsx';
import { rtkApi } from './api.ts';
import { AllowSwitch, DroneCell, ExpiryCell } from './cells.tsx';
import { bindForm, type DialogSeed, type RenewalRequest, renewForm, rtkConfig } from './config.ts';

type Dialog = { kind: 'bind' | 'renew'; seed: DialogSeed } | null;

export default function RtkListPage() {
  const { t: tr } = useTranslation(['rtk', 'list', 'common']);
  const t = tr as unknown as Translate;
  const { message } = App.useApp();
  const user = useSessionUser();
  const canManage = user ? hasAbility({ userType: user.userType as UserType }, 'manageEquipment') : false;
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['list', 'rtk'] }),
    [queryClient],
  );
  const [dialog, setDialog] = useState<Dialog>(null);

  const config = useMemo(
    () =>
      rtkConfig(
        { t, today: formatDate(Date.now(), 'YYYY-MM-DD'), showManufacturer: user?.accountType === 1 },
        {
          canManage,
          allowedCell: (row: RtkRow) => (
            <AllowSwitch row={row} canManage={canManage} onChanged={refresh} t={t} />
          ),
          expiryCell: (row: RtkRow) => <ExpiryCell row={row} t={t} />,
          droneCell: (row: RtkRow) => <DroneCell row={row} />,
          openBind: (row?: RtkRow) => setDialog({ kind: 'bind', seed: { devId: row?.devId } }),
          openRenew: (row?: RtkRow) => setDialog({ kind: 'renew', seed: { btaddr: row?.btaddr } }),
        },
      ),
    [t, canManage, refresh, user?.accountType],
  );
  const forms = useMemo(
    () => ({
      bind: bindForm(rtkApi.bind),
      renew: renewForm(async (req: RenewalRequest) => {
        const done =
          req.method === 'phone' ? await rtkApi.renewByPhone(req.body) : await rtkApi.renewByBtaddr(req.body);
        void message.info(t('rtk:renew.done', { count: done.count, days: req.body.availableDays }));
      }),
    }),
    [message, t],
  );

  return (
    <>
      <ListPage config={config} title={t('common:screen.RtkList')} />
      {dialog ? (
        <FormModal
          key={dialog.kind}
          form={forms[dialog.kind]}
          mode="edit"
          row={dialog.seed}
          onClose={() => setDialog(null)}
          onSaved={refresh}
          t={t}
        />
      ) : null}
    </>
  );
}
