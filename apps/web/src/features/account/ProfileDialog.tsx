/**
 * Profile dialog (000 §2, 560 px): avatar, user name, old password, new password and its confirmation.
 * PUT user/profile; on success the stored user info is replaced, the update-done message shows and the
 * dialog closes and resets; cancel also resets. Failures show the error's message (000 §8).
 */
import type { UserInfo } from '@agrifleet/domain';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, http } from '../../api/http.ts';
import { session } from '../../app/session.ts';
import { AvatarField } from './AvatarField.tsx';
import { PROFILE_TRIGGERS, type ProfileForm, profileBody, profileRules } from './profileRules.ts';
import './account.css';

export const PROFILE_DIALOG_WIDTH = 560;

interface Props {
  open: boolean;
  onClose: () => void;
  user: UserInfo;
}

export function ProfileDialog({ open, onClose, user }: Props) {
  const { t } = useTranslation(['shell', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileForm>();
  const rules = profileRules((key) => t(`shell:${key}`));
  const userName = Form.useWatch('userName', form) ?? user.userName;

  useEffect(() => {
    if (open) form.setFieldsValue({ userName: user.userName, userHeadUrl: user.userHeadUrl ?? '' });
  }, [open, form, user.userName, user.userHeadUrl]);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const save = useMutation({
    mutationFn: (values: ProfileForm) => http.put<UserInfo>('user/profile', profileBody(values)),
    onSuccess: (info) => {
      session.saveUser(info);
      void message.success(t('shell:profile.updateDone'));
      close();
    },
    onError: (err: ApiError) => {
      if (err.message) void message.error(err.message);
    },
  });

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) save.mutate(values);
  };

  return (
    <Modal
      open={open}
      title={t('shell:profile.title')}
      width={PROFILE_DIALOG_WIDTH}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      onOk={submit}
      onCancel={close}
      confirmLoading={save.isPending}
      forceRender
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '184px' }}
        wrapperCol={{ flex: 1 }}
        labelWrap
        className="profile-form"
        requiredMark
      >
        <Form.Item
          name="userHeadUrl"
          label={t('shell:profile.avatar')}
          rules={rules.userHeadUrl}
          validateTrigger={PROFILE_TRIGGERS.userHeadUrl}
          extra={t('shell:profile.uploadHint')}
        >
          <AvatarField name={userName} />
        </Form.Item>
        <Form.Item
          name="userName"
          label={t('shell:profile.userName')}
          rules={rules.userName}
          validateTrigger={PROFILE_TRIGGERS.userName}
        >
          <Input maxLength={50} autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="oldPassword"
          label={t('shell:profile.oldPassword')}
          rules={rules.oldPassword}
          validateTrigger={PROFILE_TRIGGERS.oldPassword}
        >
          <Input.Password maxLength={16} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('shell:profile.newPassword')}
          rules={rules.newPassword}
          validateTrigger={PROFILE_TRIGGERS.newPassword}
        >
          <Input.Password minLength={8} maxLength={16} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="newPasswordConfirmation"
          label={t('shell:profile.newPasswordConfirmation')}
          rules={rules.newPasswordConfirmation}
          validateTrigger={PROFILE_TRIGGERS.newPasswordConfirmation}
          dependencies={['newPassword']}
        >
          <Input.Password minLength={8} maxLength={16} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
