/**
 * The verification-code button (000 §4): asks the form for a valid account first, then requests the
 * code and counts down 60 s showing "N seconds to resend"; a failed request resets it at once.
 */
import { type CodeType, LIMITS } from '@agrifleet/domain';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { authApi } from './api.ts';

interface Props {
  codeType: CodeType;
  /** Validates the account field and returns the phoneNum to send; rejects when invalid. */
  account: () => Promise<string>;
  className?: string;
  size?: 'middle' | 'large';
}

export function CodeButton({ codeType, account, className, size }: Props) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const onClick = async () => {
    let phoneNum: string;
    try {
      phoneNum = await account();
    } catch {
      return; // the form shows why
    }
    setSending(true);
    setSeconds(LIMITS.codeCountdownSeconds);
    try {
      await authApi.sendCode(phoneNum, codeType);
      message.success(t('code.sent'));
    } catch (err) {
      setSeconds(0);
      if (err instanceof ApiError && err.message) message.error(err.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button className={className} size={size} disabled={seconds > 0} loading={sending} onClick={onClick}>
      {seconds > 0 ? t('code.resendIn', { n: seconds }) : t('code.get')}
    </Button>
  );
}
