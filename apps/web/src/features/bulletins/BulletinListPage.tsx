import { NotAvailable } from '../../app/NotAvailable.tsx';

/** BulletinList (issue 12): replaced by the real screen. */
export default function BulletinListPage() {
  return <NotAvailable screen="BulletinList" />;
}
