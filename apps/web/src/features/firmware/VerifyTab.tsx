/** Verification: an image (which key signed it, hash, signature, revoked, version, the place of a
 * tampered byte) and a drone-signed flight log (the first broken line, the drone and sortie claimed). */
import type { FirmwareVerdict, FlightLogVerdictBody } from '@agrifleet/domain';
import { Alert, App, Button, Card, Descriptions, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firmwareApi } from './api.ts';

const yes = (v: boolean | null | undefined, t: (k: string) => string) => (v ? t('yes') : t('no'));

export function VerifyTab() {
  const { t } = useTranslation('firmware');
  const { message } = App.useApp();
  const [fw, setFw] = useState<FirmwareVerdict | null>(null);
  const [log, setLog] = useState<FlightLogVerdictBody | null>(null);
  const pick = <T,>(call: (f: File) => Promise<T>, set: (v: T) => void, id: string, label: string) => (
    <Upload
      showUploadList={false}
      beforeUpload={(file) => {
        call(file).then(set, (err: Error) => message.error(err.message));
        return false;
      }}
    >
      <Button type="primary" data-testid={id}>
        {label}
      </Button>
    </Upload>
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Card size="small" title={t('verify.fwTitle')} data-testid="fw-input">
        {pick(firmwareApi.verifyfw, setFw, 'verifyfw', t('verify.fwChoose'))}
        {fw && (
          <div data-testid="fw-verdict" style={{ marginTop: 12 }}>
            <Alert
              type={fw.valid ? 'success' : 'error'}
              showIcon
              title={fw.valid ? t('verify.valid') : t('verify.invalid')}
              description={[fw.message, fw.placeText].filter(Boolean).join(' — ')}
            />
            <Descriptions size="small" column={2} bordered style={{ marginTop: 8 }}>
              <Descriptions.Item label={t('col.keyId')}>{fw.keyId ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('col.version')}>{fw.version ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('verify.hashOk')}>{yes(fw.hashOk, t)}</Descriptions.Item>
              <Descriptions.Item label={t('verify.signatureOk')}>{yes(fw.signatureOk, t)}</Descriptions.Item>
              <Descriptions.Item label={t('verify.revoked')}>{yes(fw.revoked, t)}</Descriptions.Item>
              <Descriptions.Item label={t('verify.encrypted')}>{yes(fw.encrypted, t)}</Descriptions.Item>
            </Descriptions>
          </div>
        )}
      </Card>
      <Card size="small" title={t('verify.logTitle')} data-testid="log-input">
        {pick(firmwareApi.verifylog, setLog, 'verifylog', t('verify.logChoose'))}
        {log && (
          <div data-testid="log-verdict" style={{ marginTop: 12 }}>
            <Alert
              type={log.valid ? 'success' : 'error'}
              showIcon
              title={log.valid ? t('verify.valid') : t('verify.invalid')}
              description={log.message}
            />
            <Descriptions size="small" column={2} bordered style={{ marginTop: 8 }}>
              <Descriptions.Item label={t('verify.drone')}>{log.droneId ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('verify.sortie')}>{log.sortieId ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('col.keyId')}>{log.keyId ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('verify.records')}>{log.records}</Descriptions.Item>
              <Descriptions.Item label={t('verify.sorties')} span={2}>
                {log.sortieIds.length ? log.sortieIds.join(', ') : '—'}
              </Descriptions.Item>
            </Descriptions>
          </div>
        )}
      </Card>
    </Space>
  );
}
