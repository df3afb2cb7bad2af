/**
 * What a successful sign-in does (000 §2, §4): store the session, reset the form, say "Login Success",
 * then go to / (platform, government or a reviewed account) or to /redirect_to_account; the India
 * theme does a full page load instead.
 */
import { AccountType, CheckStatus, type LoginResult, REDIRECT_TO_ACCOUNT } from '@agrifleet/domain';
import { App } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHostProfile } from '../../app/hostProfile.tsx';
import { session } from '../../app/session.ts';

export const landingPath = (r: Pick<LoginResult, 'accountType' | 'checkStatus'>) =>
  r.accountType === AccountType.platform ||
  r.accountType === AccountType.government ||
  r.checkStatus === CheckStatus.passed
    ? '/'
    : REDIRECT_TO_ACCOUNT;

export function useLoginSuccess() {
  const host = useHostProfile();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation('auth');

  return (result: LoginResult, form: FormInstance) => {
    session.save(result);
    form.resetFields();
    message.success(t('login.success'));
    const target = landingPath(result);
    if (host.india) window.location.assign(target);
    else navigate(target, { replace: true });
  };
}
