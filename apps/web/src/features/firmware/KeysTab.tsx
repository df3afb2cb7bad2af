/** Signing keys: generate (the private half downloaded once), the account's public keys, revoke. */
import { type FirmwareKey, formatDate } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../lib/download.ts';
import { firmwareApi } from './api.ts';

export function KeysTab() {
  const { t } = useTranslation('firmware');
  const { message } = App.useApp();
  const q = useQuery({ queryKey: ['firmware', 'keys'], queryFn: firmwareApi.keys });
  const generate = async () => {
    try {
      const pem = await firmwareApi.genkey();
      // The key's id and file name come with the download (X-Key-Id, Content-Disposition).
      const keyId = pem.headers.get('x-key-id') ?? 'key';
      saveFile(pem.fileName ?? `agrifleet-${keyId}.pem`, pem.blob);
      await q.refetch();
      message.success(t('keys.generated', { keyId }));
    } catch (err) {
      message.error((err as Error).message);
    }
  };
  const revoke = async (keyId: string) => {
    try {
      await firmwareApi.revokeKey(keyId);
      message.success(t('keys.revokedDone'));
      await q.refetch();
    } catch (err) {
      message.error((err as Error).message);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="warning" showIcon title={t('keys.once')} />
      <Button type="primary" onClick={generate} data-testid="genkey">
        {t('keys.generate')}
      </Button>
      <Table<FirmwareKey>
        rowKey="keyId"
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        columns={[
          { title: t('keys.keyId'), dataIndex: 'keyId', render: (v: string) => <code>{v}</code> },
          { title: t('keys.alg'), dataIndex: 'alg' },
          { title: t('keys.createdAt'), dataIndex: 'createdAt', render: (v: number) => formatDate(v) },
          { title: t('keys.createdBy'), dataIndex: 'createdBy', render: (v: string | null) => v ?? '—' },
          {
            title: t('keys.state'),
            key: 'state',
            render: (_: unknown, k) =>
              k.revokedAt ? (
                <Tag>{t('keys.revoked', { time: formatDate(k.revokedAt) })}</Tag>
              ) : (
                <Space>
                  <Tag color="green">{t('keys.active')}</Tag>
                  <Popconfirm title={t('keys.revokeConfirm')} onConfirm={() => revoke(k.keyId)}>
                    <Button size="small" danger>
                      {t('keys.revoke')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
    </Space>
  );
}
