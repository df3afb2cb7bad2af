/** Plain firmware: upload (file, model, version), list, download, delete, and encrypt one. */
import { formatDate, type PlainFirmware } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../lib/download.ts';
import { firmwareApi } from './api.ts';
import { PrivateKeyInput } from './PrivateKeyInput.tsx';

export function PlainTab({ onEncrypted }: { onEncrypted: () => void }) {
  const { t } = useTranslation('firmware');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [file, setFile] = useState<File | null>(null);
  const [encrypting, setEncrypting] = useState<string | null>(null);
  const [privkey, setPrivkey] = useState('');
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ modelId: number; version: string }>();
  const q = useQuery({ queryKey: ['firmware', 'plain', page], queryFn: () => firmwareApi.plain(page) });
  const models = useQuery({ queryKey: ['firmware', 'models'], queryFn: firmwareApi.models });
  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      message.success(done);
      return true;
    } catch (err) {
      message.error((err as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const upload = async (v: { modelId: number; version: string }) => {
    if (!file) return void message.error(t('plain.noFile'));
    if (await run(() => firmwareApi.upload(file, v.modelId, v.version), t('plain.uploaded'))) {
      setFile(null);
      await q.refetch();
    }
  };
  const encrypt = async () => {
    const name = encrypting as string;
    if (await run(() => firmwareApi.encrypt(name, privkey.trim()), t('images.encrypted'))) {
      setEncrypting(null);
      setPrivkey('');
      onEncrypted();
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Form form={form} layout="inline" onFinish={upload} data-testid="plain-upload">
        <Form.Item>
          <Upload
            accept=".bin,.hex"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button data-testid="plain-file">{t('plain.choose')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="modelId" rules={[{ required: true, message: t('plain.modelRequired') }]}>
          <Select
            style={{ width: 200 }}
            placeholder={t('plain.model')}
            data-testid="plain-model"
            loading={models.isLoading}
            options={(models.data?.records ?? []).map((m) => ({ value: m.id, label: m.modelName }))}
          />
        </Form.Item>
        <Form.Item name="version" rules={[{ required: true, message: t('plain.versionRequired') }]}>
          <Input placeholder={t('plain.version')} style={{ width: 140 }} data-testid="plain-version" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="plain-submit">
          {t('plain.upload')}
        </Button>
      </Form>
      <Table<PlainFirmware>
        rowKey="fileName"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        pagination={{ current: page, pageSize: 10, total: q.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('col.fileName'), dataIndex: 'fileName' },
          { title: t('col.model'), dataIndex: 'modelName' },
          { title: t('col.version'), dataIndex: 'version' },
          { title: t('col.size'), dataIndex: 'size', render: (v: number) => v.toLocaleString() },
          { title: t('col.time'), dataIndex: 'uploadedAt', render: (v: number) => formatDate(v) },
          {
            title: '',
            key: 'do',
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button
                  size="small"
                  type="primary"
                  onClick={() => setEncrypting(r.fileName)}
                  data-testid="encrypt"
                >
                  {t('images.encrypt')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  onClick={() =>
                    run(
                      async () => saveFile(r.fileName, await firmwareApi.download(r.fileName, 'plain')),
                      t('done'),
                    )
                  }
                >
                  {t('download')}
                </Button>
                <Popconfirm
                  title={t('deleteConfirm')}
                  onConfirm={() =>
                    run(() => firmwareApi.remove(r.fileName, 'plain'), t('deleted')).then(() => q.refetch())
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
      <Modal
        open={encrypting !== null}
        title={t('images.encryptTitle', { fileName: encrypting })}
        onCancel={() => {
          setEncrypting(null);
          setPrivkey('');
        }}
        onOk={encrypt}
        okButtonProps={{ disabled: !privkey.trim(), loading: busy, id: 'encrypt-ok' }}
        destroyOnHidden
      >
        <p>{t('images.encryptAbout')}</p>
        <PrivateKeyInput value={privkey} onChange={setPrivkey} />
      </Modal>
    </Space>
  );
}
