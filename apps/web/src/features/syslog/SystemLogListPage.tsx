import { NotAvailable } from '../../app/NotAvailable.tsx';

/** SystemLogList (issue 12): replaced by the real screen. */
export default function SystemLogListPage() {
  return <NotAvailable screen="SystemLogList" />;
}
