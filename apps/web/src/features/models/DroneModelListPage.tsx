/** DroneModelList (001 §2): placeholder until the models screen is built (issue 10). */
import { NotAvailable } from '../../app/NotAvailable.tsx';

export default function DroneModelListPage() {
  return <NotAvailable screen="DroneModelList" />;
}
