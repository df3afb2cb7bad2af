/**
 * Avatar upload of the profile form (000 §5): JPEG or PNG only, POST user/upload with the field "file";
 * the answer's url becomes the value. A failure shows the message of the JSON error body.
 */
import { CameraOutlined, LoadingOutlined } from '@ant-design/icons';
import { App, Avatar, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, http } from '../../api/http.ts';
import { initialOf } from '../../app/layout/userLabels.ts';

export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;

interface Props {
  value?: string | null;
  onChange?: (url: string) => void;
  name: string;
}

export function AvatarField({ value, onChange, name }: Props) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if ((AVATAR_TYPES as readonly string[]).includes(file.type)) return true;
    void message.error(t('profile.uploadType'));
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    const body = new FormData();
    body.append('file', file as Blob);
    setBusy(true);
    try {
      const { url } = await http.post<{ url: string }>('user/upload', body);
      onChange?.(url);
      onSuccess?.({ url });
    } catch (err) {
      const e = err as ApiError;
      if (!(e instanceof ApiError && e.cancelled) && e.message) void message.error(e.message);
      onError?.(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Upload
      accept={AVATAR_TYPES.join(',')}
      showUploadList={false}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      className="avatar-field"
    >
      <button type="button" className="avatar-field-button" aria-label={t('profile.upload')} disabled={busy}>
        <Avatar size={88} src={value || undefined} className="avatar-field-image">
          {initialOf(name)}
        </Avatar>
        <span className="avatar-field-overlay">
          {busy ? <LoadingOutlined /> : <CameraOutlined />}
          <span>{t('profile.upload')}</span>
        </span>
      </button>
    </Upload>
  );
}
