import { NotAvailable } from '../../app/NotAvailable.tsx';

/** MemberList (issue 12): replaced by the real screen. */
export default function MemberListPage() {
  return <NotAvailable screen="MemberList" />;
}
