import { NotAvailable } from '../../app/NotAvailable.tsx';

/** InvoiceList (issue 12): replaced by the real screen. */
export default function InvoiceListPage() {
  return <NotAvailable screen="InvoiceList" />;
}
