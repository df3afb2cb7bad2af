/** Remote controllers bound to the manufacturer: a signed statement per rcid, checkable offline. */
import { formatDate, type RcStatement } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firmwareApi } from './api.ts';
import { PrivateKeyInput } from './PrivateKeyInput.tsx';

export function RcTab() {
  const { t } = useTranslation('firmware');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [rcid, setRcid] = useState('');
  const [privkey, setPrivkey] = useState('');
  const [busy, setBusy] = useState(false);
  const q = useQuery({ queryKey: ['firmware', 'rc', page], queryFn: () => firmwareApi.statements(page) });
  const sign = async () => {
    setBusy(true);
    try {
      const s = await firmwareApi.signrc(rcid.trim(), privkey.trim());
      message.success(t('rc.signed', { rcid: s.rcid }));
      setPrivkey('');
      await q.refetch();
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph>{t('rc.about')}</Typography.Paragraph>
      <Input
        placeholder={t('rc.rcid')}
        value={rcid}
        onChange={(e) => setRcid(e.target.value)}
        style={{ maxWidth: 320 }}
        data-testid="rcid"
      />
      <PrivateKeyInput value={privkey} onChange={setPrivkey} />
      <Button
        type="primary"
        onClick={sign}
        loading={busy}
        disabled={!rcid.trim() || !privkey.trim()}
        data-testid="signrc"
      >
        {t('rc.sign')}
      </Button>
      <Table<RcStatement>
        rowKey={(r) => `${r.rcid}-${r.time}`}
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        pagination={{ current: page, pageSize: 10, total: q.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('rc.rcid'), dataIndex: 'rcid' },
          { title: t('col.keyId'), dataIndex: 'keyId', render: (v: string) => <code>{v}</code> },
          { title: t('col.time'), dataIndex: 'time', render: (v: number) => formatDate(v) },
          {
            title: t('rc.sig'),
            dataIndex: 'sig',
            render: (v: string) => (
              <Typography.Text code copyable ellipsis style={{ maxWidth: 220 }}>
                {v}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Space>
  );
}
