import { NotAvailable } from '../../app/NotAvailable.tsx';

/** OrderList (issue 12): replaced by the real screen. */
export default function OrderListPage() {
  return <NotAvailable screen="OrderList" />;
}
