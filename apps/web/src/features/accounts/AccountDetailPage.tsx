/**
 * AccountDetail (/institution_manage/account-detail; /redirect_to_account leads here, 001 §2): the
 * signed-in account's record, its applications with status and reason, the "update account info"
 * form (an unreviewed account completes or corrects its registration; a reviewed one applies for a
 * modification), and the telemetry secret key (create with vid, download as a file; a failure that
 * arrives as a file is unwrapped, 001 §8). With ?accountId= (platform and parents) the same record,
 * read-only.
 */
import {
  type AccountRecord,
  type AccountType,
  hasAbility,
  isVerified,
  type UserType,
} from '@agrifleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../../app/session.ts';
import { AccountInfoForm } from './AccountInfoForm.tsx';
import { accountsApi } from './api.ts';

const STATUS_COLOR: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error' };

function Record({ r }: { r: AccountRecord }) {
  const { t } = useTranslation('accounts');
  const items = [
    ['accountName', r.accountName],
    ['accountType', t(`type.${r.accountType}`)],
    [
      'checkStatus',
      <Tag key="c" color={STATUS_COLOR[r.checkStatus]}>
        {t(`check.${r.checkStatus}`)}
      </Tag>,
    ],
    ['contactName', r.contactName],
    ['contactPhone', r.contactPhone],
    ['email', r.email],
    ['creditCode', r.creditCode],
    ['legal', r.legal],
    ['region', [r.province, r.city, r.county].filter(Boolean).join(' / ')],
    ['contactAddress', r.contactAddress],
    ['parentName', r.parentName],
    ['createTime', r.createTime.slice(0, 10)],
  ] as const;
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      data-testid="account-record"
      items={items.map(([k, v]) => ({ key: k, label: t(`col.${k}`), children: v || '-' }))}
    />
  );
}

function Applies() {
  const { t } = useTranslation('accounts');
  const q = useQuery({ queryKey: ['account', 'own', 'applies'], queryFn: accountsApi.ownApplies });
  return (
    <Table
      size="small"
      rowKey="applyId"
      loading={q.isLoading}
      dataSource={q.data ?? []}
      pagination={false}
      locale={{ emptyText: <Empty description={t('applies.none')} /> }}
      data-testid="account-applies"
      columns={[
        { key: 'type', title: t('applies.type'), render: (_, a) => t(`applyType.${a.applyType}`) },
        {
          key: 'status',
          title: t('applies.status'),
          render: (_, a) => (
            <Tag color={STATUS_COLOR[a.applyStatus]}>{t(`applyStatus.${a.applyStatus}`)}</Tag>
          ),
        },
        { key: 'reason', title: t('applies.reason'), render: (_, a) => a.reason ?? '-' },
        {
          key: 'created',
          title: t('applies.created'),
          render: (_, a) => a.createTime.slice(0, 16).replace('T', ' '),
        },
        {
          key: 'reviewed',
          title: t('applies.reviewed'),
          render: (_, a) => a.reviewTime?.slice(0, 16).replace('T', ' ') ?? '-',
        },
      ]}
    />
  );
}

function SecretKey() {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const [vid, setVid] = useState('');
  const [busy, setBusy] = useState(false);
  const fail = (err: unknown) => {
    const text = (err as Error).message;
    if (text) void message.error(text);
  };
  const create = async () => {
    setBusy(true);
    try {
      const r = await accountsApi.createKey(vid.trim());
      void message.success(t('key.created', { vid: r.vid }));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    try {
      const blob = await accountsApi.downloadKey();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'agrifleet.key';
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      fail(err);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('key.help')} />
      <Space wrap>
        <Input
          value={vid}
          onChange={(e) => setVid(e.target.value)}
          placeholder={t('key.vid')}
          style={{ width: 240 }}
          data-testid="key-vid"
        />
        <Button
          type="primary"
          loading={busy}
          disabled={!/^[A-Za-z0-9_-]{3,64}$/.test(vid.trim())}
          onClick={() => void create()}
        >
          {t('key.create')}
        </Button>
        <Button onClick={() => void download()} data-testid="key-download">
          {t('key.download')}
        </Button>
      </Space>
    </Space>
  );
}

export default function AccountDetailPage() {
  const { t } = useTranslation(['accounts', 'common']);
  const user = useSessionUser();
  const [params] = useSearchParams();
  const otherId = Number(params.get('accountId')) || null;
  const other = otherId !== null && otherId !== user?.accountId;
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ['account', other ? otherId : 'own'],
    queryFn: () => (other ? accountsApi.detail(otherId as number) : accountsApi.own()),
  });
  const userType = (user?.userType ?? 3) as UserType;
  const verified = user
    ? isVerified({ accountType: user.accountType as AccountType, checkStatus: user.checkStatus })
    : false;
  const canEdit = !other && hasAbility({ userType }, 'manageAccount');
  const canKey = !other && verified && hasAbility({ userType }, 'manageEquipment');

  return (
    <Space
      orientation="vertical"
      size="middle"
      style={{ width: '100%', padding: 16 }}
      data-testid="account-detail"
    >
      <Card title={t('common:screen.AccountDetail')} loading={q.isLoading}>
        {!verified && !other ? (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('accounts:unreviewed')} />
        ) : null}
        {q.error ? <Alert type="error" title={(q.error as Error).message} /> : null}
        {q.data ? <Record r={q.data} /> : null}
      </Card>
      {!other ? (
        <Card title={t('accounts:applies.title')}>
          <Applies />
        </Card>
      ) : null}
      {canEdit && q.data ? (
        <Card title={t(verified ? 'accounts:info.title' : 'accounts:info.titleUnreviewed')}>
          <AccountInfoForm
            record={q.data}
            verified={verified}
            onDone={() => void queryClient.invalidateQueries({ queryKey: ['account'] })}
          />
        </Card>
      ) : null}
      {canKey ? (
        <Card title={t('accounts:key.title')}>
          <SecretKey />
        </Card>
      ) : null}
    </Space>
  );
}
