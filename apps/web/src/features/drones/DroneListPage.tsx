/** DroneList (001 §2): placeholder until the drones screen is built (issue 10). */
import { NotAvailable } from '../../app/NotAvailable.tsx';

export default function DroneListPage() {
  return <NotAvailable screen="DroneList" />;
}
