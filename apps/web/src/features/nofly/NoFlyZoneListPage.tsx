/** NoFlyZoneList (001 §2): placeholder until the nofly screen is built (issue 10). */
import { NotAvailable } from '../../app/NotAvailable.tsx';

export default function NoFlyZoneListPage() {
  return <NotAvailable screen="NoFlyZoneList" />;
}
