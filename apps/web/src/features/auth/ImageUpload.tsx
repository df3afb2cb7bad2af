/**
 * One image (JPEG or PNG) uploaded to POST user/upload as field "file" (000 §7); the form value is the
 * returned url. A click on the thumbnail opens the 320 px preview (000 §9).
 */
import { PlusOutlined } from '@ant-design/icons';
import { App, Modal, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { UPLOAD_URL } from './api.ts';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const PREVIEW_WIDTH = 320;

interface UploadAnswer {
  code?: number;
  message?: string;
  data?: { url?: string };
}

interface Props {
  value?: string;
  onChange?: (url: string | undefined) => void;
  /** What the image is (dialog title, alt text). */
  title: string;
  id?: string;
}

export function ImageUpload({ value, onChange, title, id }: Props) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [pending, setPending] = useState<UploadFile | null>(null);
  const [preview, setPreview] = useState(false);

  const files: UploadFile[] = pending
    ? [pending]
    : value
      ? [{ uid: value, name: value.slice(value.lastIndexOf('/') + 1), status: 'done', url: value }]
      : [];

  return (
    <>
      <Upload<UploadAnswer>
        id={id}
        action={UPLOAD_URL}
        name="file"
        accept={IMAGE_TYPES.join(',')}
        headers={{ Accept: 'application/json', 'Accept-Language': currentLanguage(), 'Terminal-Type': 'web' }}
        withCredentials
        listType="picture-card"
        maxCount={1}
        fileList={files}
        beforeUpload={(file) => {
          if (IMAGE_TYPES.includes(file.type)) return true;
          message.error(t('upload.typeError'));
          return Upload.LIST_IGNORE;
        }}
        onChange={({ file }) => {
          if (file.status === 'uploading') setPending(file);
          else if (file.status === 'done') {
            setPending(null);
            onChange?.(file.response?.data?.url);
          } else if (file.status === 'error') {
            setPending(null);
            message.error(file.response?.message || t('upload.failed'));
          } else if (file.status === 'removed') {
            setPending(null);
            onChange?.(undefined);
          }
        }}
        onPreview={() => setPreview(true)}
      >
        {files.length ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('upload.button')}</div>
          </button>
        )}
      </Upload>
      <Modal
        open={preview}
        width={PREVIEW_WIDTH}
        footer={null}
        title={title}
        onCancel={() => setPreview(false)}
        centered
      >
        {value ? <img src={value} alt={title} style={{ width: '100%' }} /> : null}
      </Modal>
    </>
  );
}
