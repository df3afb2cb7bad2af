import { NotAvailable } from '../../app/NotAvailable.tsx';

/** SubCompanyList (issue 12): replaced by the real screen. */
export default function SubCompanyListPage() {
  return <NotAvailable screen="SubCompanyList" />;
}
