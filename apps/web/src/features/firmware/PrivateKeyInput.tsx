/**
 * The private key a call carries (encrypt, signrc): the PEM file genkey gave, chosen and read in the
 * browser, or pasted. It lives in this component's state only: never in a URL, a cache or a log.
 */
import { Button, Input, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

export function PrivateKeyInput({ value, onChange }: { value: string; onChange: (pem: string) => void }) {
  const { t } = useTranslation('firmware');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Upload
        accept=".pem,.key,.txt"
        showUploadList={false}
        beforeUpload={(file) => {
          void file.text().then(onChange);
          return false;
        }}
      >
        <Button data-testid="privkey-file">{t('privkey.choose')}</Button>
      </Upload>
      <Input.TextArea
        rows={4}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="-----BEGIN PRIVATE KEY-----"
        aria-label={t('privkey.label')}
        data-testid="privkey-text"
        autoComplete="off"
        spellCheck={false}
      />
    </Space>
  );
}
