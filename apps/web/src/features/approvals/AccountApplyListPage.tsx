import { NotAvailable } from '../../app/NotAvailable.tsx';

/** AccountApplyList (issue 12): replaced by the real screen. */
export default function AccountApplyListPage() {
  return <NotAvailable screen="AccountApplyList" />;
}
