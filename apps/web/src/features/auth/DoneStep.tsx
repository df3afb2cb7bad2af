/** The last step of registration and password retrieval: a message and a confirm button to /login. */
import { AuditOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styles from './auth.module.css';

export function DoneStep({ status, title }: { status: 'success' | 'review'; title: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Result
      status={status === 'success' ? 'success' : 'info'}
      icon={status === 'review' ? <AuditOutlined className={styles.reviewIcon} /> : undefined}
      title={title}
      extra={
        <Button type="primary" size="large" onClick={() => navigate('/login', { replace: true })}>
          {t('confirm')}
        </Button>
      }
    />
  );
}
