/** RtkList (001 §2): placeholder until the rtk screen is built (issue 10). */
import { NotAvailable } from '../../app/NotAvailable.tsx';

export default function RtkListPage() {
  return <NotAvailable screen="RtkList" />;
}
