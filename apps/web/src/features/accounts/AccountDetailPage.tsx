import { NotAvailable } from '../../app/NotAvailable.tsx';

/** AccountDetail (issue 12): replaced by the real screen. */
export default function AccountDetailPage() {
  return <NotAvailable screen="AccountDetail" />;
}
