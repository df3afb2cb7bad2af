import { NotAvailable } from '../../app/NotAvailable.tsx';

/** UserApplyList (issue 12): replaced by the real screen. */
export default function UserApplyListPage() {
  return <NotAvailable screen="UserApplyList" />;
}
