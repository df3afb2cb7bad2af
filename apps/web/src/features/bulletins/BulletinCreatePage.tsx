import { NotAvailable } from '../../app/NotAvailable.tsx';

/** BulletinCreate (issue 12): replaced by the real screen. */
export default function BulletinCreatePage() {
  return <NotAvailable screen="BulletinCreate" />;
}
