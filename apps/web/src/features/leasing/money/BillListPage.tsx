/**
 * BillList (002 §2 bill-list; issue 13 "Money"): the balance of one client (a lessor picks the
 * client, a tenant its lessor: the lists' party filter in the address bar), recharge by QR code,
 * a lessor's balance correction, and the recharges and deductions as two tabs of the list pattern.
 */
import { formatDate } from '@agrifleet/domain';
import { EditOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tabs } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useManufacturers } from '../../../app/guard/sessionQueries.ts';
import { useSessionUser } from '../../../app/session.ts';
import { useAreaUnit } from '../../../lib/settings.ts';
import type { Translate } from '../../../list/columns.ts';
import { ListPage } from '../../../list/ListPage.tsx';
import { clientsApi } from '../clients/api.ts';
import { AdjustDialog } from './AdjustDialog.tsx';
import { moneyApi, type Who } from './api.ts';
import { BalanceCard } from './BalanceCard.tsx';
import {
  BILL_REFRESH_MS,
  BILL_TABS,
  type BillLook,
  deductionConfig,
  partyOf,
  rechargeConfig,
  TAB_PARAM,
  tabOf,
  tabSearch,
} from './config.ts';
import { RechargeDialog } from './RechargeDialog.tsx';

export default function BillListPage() {
  const { t: tr, i18n } = useTranslation(['leasingMoney', 'leasing', 'list', 'common']);
  const t = tr as unknown as Translate;
  const user = useSessionUser();
  const unit = useAreaUnit();
  const unitLabel = t(`common:areaUnit.${unit}`);
  const manufacturers = useManufacturers();
  const side: BillLook['side'] = user?.accountType === 4 ? 'tenant' : 'lessor';
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get(TAB_PARAM));
  const party = partyOf(search, side);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'recharge' | 'adjust' | null>(null);

  const lessors = useMemo(
    () => manufacturers.map((m) => ({ value: m.accountId, label: m.accountName })),
    [manufacturers],
  );
  const look = useMemo<BillLook>(
    () => ({
      t,
      lng: i18n.language,
      unit,
      unitLabel,
      side,
      lessors,
      today: formatDate(Date.now(), 'YYYY-MM-DD'),
    }),
    [t, i18n.language, unit, unitLabel, side, lessors],
  );
  const recharges = useMemo(() => rechargeConfig(look), [look]);
  const deductions = useMemo(() => deductionConfig(look), [look]);

  // The lessor's clients (names for the card); a failed call gives none.
  const clients = useQuery({
    queryKey: ['leasing', 'verifiedClients', 'rows'],
    queryFn: clientsApi.verifiedOrNone,
    enabled: side === 'lessor',
    staleTime: 60_000,
  });
  const who: Who = side === 'lessor' ? { accountId: party } : party ? { zzAccountId: party } : {};
  const pickFirst = side === 'lessor' && party === undefined;
  const amount = useQuery({
    queryKey: ['leasingMoney', 'amount', who],
    queryFn: ({ signal }) => moneyApi.amount(who, signal),
    enabled: !pickFirst,
    retry: false,
    refetchInterval: BILL_REFRESH_MS,
  });
  const partyName =
    side === 'lessor'
      ? clients.data?.find((c) => c.accountId === party)?.accountName
      : (lessors.find((l) => l.value === party) ?? (lessors.length === 1 ? lessors[0] : undefined))?.label;

  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['leasingMoney', 'amount'] });
    void queryClient.invalidateQueries({ queryKey: ['list'] });
  }, [queryClient]);

  const currency = amount.data?.currency ?? 'CNY';
  const actions = amount.data ? (
    <Space>
      <Button
        type="primary"
        icon={<QrcodeOutlined />}
        onClick={() => setDialog('recharge')}
        data-testid="recharge-open"
      >
        {t('leasingMoney:qr.button')}
      </Button>
      {side === 'lessor' ? (
        <Button icon={<EditOutlined />} onClick={() => setDialog('adjust')} data-testid="adjust-open">
          {t('leasingMoney:adjust.button')}
        </Button>
      ) : null}
    </Space>
  ) : null;

  const header = (
    <>
      <BalanceCard
        amount={amount.data}
        loading={amount.isFetching && !amount.isRefetching}
        pickFirst={pickFirst}
        party={partyName}
        actions={actions}
      />
      <Tabs
        activeKey={tab}
        onChange={(k) => setSearch(tabSearch(search, k as (typeof BILL_TABS)[number]))}
        items={BILL_TABS.map((k) => ({ key: k, label: t(`leasingMoney:tab.${k}`) }))}
      />
    </>
  );

  return (
    <>
      {tab === 'recharges' ? (
        <ListPage key="recharges" config={recharges} title={t('common:screen.BillList')} header={header} />
      ) : (
        <ListPage key="deductions" config={deductions} title={t('common:screen.BillList')} header={header} />
      )}
      {amount.data ? (
        <RechargeDialog
          open={dialog === 'recharge'}
          who={who}
          currency={currency}
          onClose={() => setDialog(null)}
          onPaid={reload}
        />
      ) : null}
      {amount.data && side === 'lessor' && party !== undefined ? (
        <AdjustDialog
          open={dialog === 'adjust'}
          accountId={party}
          currency={currency}
          onClose={() => setDialog(null)}
          onDone={reload}
        />
      ) : null}
    </>
  );
}
