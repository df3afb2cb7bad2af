/**
 * The whitelist upload dialog: an accessory type and a file (.txt or .csv one id per line, .xlsx
 * every non-empty cell of the first sheet). The server checks every line and applies all or
 * nothing; its refusal (naming each bad line number) stays in the dialog until the next try.
 */
import { ACCESSORY_TYPES, type AccessoryType, type WhitelistUploadResult } from '@agrifleet/domain';
import { Alert, Button, Form, Modal, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whitelistApi } from './api.ts';
import { typeKey } from './config.ts';

export function UploadDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (result: WhitelistUploadResult) => void;
}) {
  const { t } = useTranslation(['whitelist', 'common']);
  const [type, setType] = useState<AccessoryType>(1);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const close = () => {
    setFile(null);
    setError('');
    onClose();
  };
  const submit = async () => {
    if (!file) return setError(t('whitelist:noFile'));
    setBusy(true);
    setError('');
    try {
      const result = await whitelistApi.upload(type, file);
      setFile(null);
      onDone(result);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('whitelist:upload')}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common:cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={busy}
          onClick={() => void submit()}
          data-testid="whitelist-upload-submit"
        >
          {t('whitelist:uploadButton')}
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item label={t('whitelist:type.label')} required>
          <Select
            value={type}
            onChange={(v) => setType(v)}
            data-testid="whitelist-upload-type"
            options={ACCESSORY_TYPES.map((v) => ({ value: v, label: t(typeKey(v)) }))}
          />
        </Form.Item>
        <Form.Item label={t('whitelist:file')} required extra={t('whitelist:uploadHint')}>
          <Upload
            accept=".txt,.csv,.xlsx"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              setError('');
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button data-testid="whitelist-upload-file">{t('whitelist:chooseFile')}</Button>
          </Upload>
        </Form.Item>
      </Form>
      {error ? (
        <Alert type="error" showIcon data-testid="whitelist-upload-error" title={error} />
      ) : (
        <Typography.Text type="secondary">{t('whitelist:allOrNothing')}</Typography.Text>
      )}
    </Modal>
  );
}
