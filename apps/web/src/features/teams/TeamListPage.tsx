import { NotAvailable } from '../../app/NotAvailable.tsx';

/** TeamList (issue 12): replaced by the real screen. */
export default function TeamListPage() {
  return <NotAvailable screen="TeamList" />;
}
