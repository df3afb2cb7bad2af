/**
 * A QR payment waiting to be paid, as the payer sees it (leasing recharges, service-fee orders):
 * the provider's code, the amount, 'scan to pay', 'waiting for payment', the trade number and, for
 * the sandbox, a link to its page on this console (a phone cannot open a console on localhost).
 * Texts come from the caller's namespace; polling is the caller's (usePaymentPolling).
 */
import { Spin } from 'antd';
import styles from './qr.module.css';

export interface QrPanelProps {
  /** The image: an object URL or a data URL of the PNG. */
  src: string;
  amount: string;
  outTradeNo: string;
  sandboxUrl: string | null;
  texts: { alt: string; scan: string; waiting: string; openSandbox: string };
  /** Test ids of the panel and of the sandbox link. */
  testId: string;
  linkTestId: string;
}

export function QrPanel({ src, amount, outTradeNo, sandboxUrl, texts, testId, linkTestId }: QrPanelProps) {
  return (
    <div className={styles.qr} data-testid={testId}>
      <img src={src} alt={texts.alt} />
      <div className={styles.amount}>{amount}</div>
      <div>{texts.scan}</div>
      <div className={styles.waiting}>
        <Spin size="small" /> {texts.waiting}
      </div>
      <div className={styles.tradeNo}>{outTradeNo}</div>
      {sandboxUrl && (
        <a href={sandboxUrl} target="_blank" rel="noreferrer" data-testid={linkTestId}>
          {texts.openSandbox}
        </a>
      )}
    </div>
  );
}
