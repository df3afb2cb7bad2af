/** Registration (000 §2): header, two steps (form, documents under review). */
import { Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthHeader } from './AuthHeader.tsx';
import styles from './auth.module.css';
import { DoneStep } from './DoneStep.tsx';
import { RegisterForm } from './RegisterForm.tsx';

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState(0);
  return (
    <div className={styles.page}>
      <AuthHeader
        label={t('register.welcome')}
        linkPrompt={t('register.haveAccount')}
        linkText={t('register.toLogin')}
        linkTo="/login"
      />
      <main className={styles.pageBody}>
        <section className={`${styles.sheet} ${styles.sheetWide}`}>
          <Steps
            current={step}
            className={styles.steps}
            items={[{ title: t('register.step1') }, { title: t('register.step2') }]}
          />
          {step === 0 ? (
            <RegisterForm onDone={() => setStep(1)} />
          ) : (
            <DoneStep status="review" title={t('register.underReview')} />
          )}
        </section>
      </main>
    </div>
  );
}
