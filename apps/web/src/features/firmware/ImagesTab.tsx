/** Signed and encrypted images: list, download, delete. */
import { type FirmwareImage, formatDate } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../lib/download.ts';
import { firmwareApi } from './api.ts';

export function ImagesTab() {
  const { t } = useTranslation('firmware');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: ['firmware', 'images', page], queryFn: () => firmwareApi.images(page) });
  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (err) {
      message.error((err as Error).message);
    }
  };
  return (
    <Table<FirmwareImage>
      rowKey="fileName"
      size="small"
      loading={q.isLoading}
      dataSource={q.data?.records ?? []}
      pagination={{ current: page, pageSize: 10, total: q.data?.total ?? 0, onChange: setPage }}
      columns={[
        { title: t('col.fileName'), dataIndex: 'fileName' },
        { title: t('col.model'), dataIndex: 'modelName' },
        { title: t('col.version'), dataIndex: 'version' },
        {
          title: t('col.keyId'),
          dataIndex: 'keyId',
          render: (v: string, r) => (
            <Space size={4}>
              <code>{v}</code>
              {r.keyRevoked && <Tag color="red">{t('keys.revokedShort')}</Tag>}
            </Space>
          ),
        },
        { title: t('col.size'), dataIndex: 'size', render: (v: number) => v.toLocaleString() },
        { title: t('col.time'), dataIndex: 'createdAt', render: (v: number) => formatDate(v) },
        {
          title: '',
          key: 'do',
          render: (_: unknown, r) => (
            <Space size={4}>
              <Button
                size="small"
                type="link"
                data-testid="image-download"
                onClick={() =>
                  act(async () => saveFile(r.fileName, await firmwareApi.download(r.fileName, 'encrypted')))
                }
              >
                {t('download')}
              </Button>
              <Popconfirm
                title={t('deleteConfirm')}
                onConfirm={() =>
                  act(() => firmwareApi.remove(r.fileName, 'encrypted').then(() => q.refetch()))
                }
              >
                <Button size="small" type="link" danger>
                  {t('delete')}
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}
