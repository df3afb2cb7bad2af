/** The 960 px user-agreement dialog of the registration screen (000 §2, §9); Chinese UI only. */
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { agreementTerms } from './agreementTerms.ts';
import styles from './auth.module.css';

const AGREEMENT_WIDTH = 960;

interface Props {
  open: boolean;
  onClose: () => void;
  onAgree: () => void;
}

export function AgreementDialog({ open, onClose, onAgree }: Props) {
  const { t, i18n } = useTranslation('auth');
  const terms = agreementTerms(i18n.language);
  return (
    <Modal
      open={open}
      width={AGREEMENT_WIDTH}
      title={terms.title}
      onCancel={onClose}
      centered
      footer={
        <Button type="primary" onClick={onAgree}>
          {t('agreement.agree')}
        </Button>
      }
    >
      <div className={styles.agreement}>
        <p>{terms.preamble}</p>
        <ol>
          {terms.clauses.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <p className={styles.agreementNote}>{terms.updated}</p>
      </div>
    </Modal>
  );
}
