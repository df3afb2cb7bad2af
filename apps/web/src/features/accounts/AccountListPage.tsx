import { NotAvailable } from '../../app/NotAvailable.tsx';

/** AccountList (issue 12): replaced by the real screen. */
export default function AccountListPage() {
  return <NotAvailable screen="AccountList" />;
}
