/** Lease calls (packages/domain contracts/leasingClients.ts) through the one http client. */
import {
  type AddRentalBody,
  type LeaseEvent,
  RENTAL_PATHS,
  type RentalDrone,
  type RentalPage,
  type UpdateDroneRentalBody,
} from '@agrifleet/domain';
import { http } from '../../../api/http.ts';
import { rel } from '../clients/api.ts';

export const leasesApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<RentalPage>(rel(RENTAL_PATHS.rentalList), query, { signal }),
  drones: () => http.get<RentalDrone[]>(rel(RENTAL_PATHS.rentalDrones)),
  add: (body: AddRentalBody) => http.post<{ ids: number[] }>(rel(RENTAL_PATHS.addRental), body),
  returnDrone: (id: number, returnTime?: number) =>
    http.post<null>(rel(RENTAL_PATHS.returnDrone), { id, returnTime }),
  cancel: (id: number) => http.post<null>(rel(RENTAL_PATHS.cancelRental), { id }),
  update: (body: UpdateDroneRentalBody) => http.post<null>(rel(RENTAL_PATHS.updateDroneRental), body),
  history: (id: number) => http.get<LeaseEvent[]>(rel(RENTAL_PATHS.rentalHistory), { id }),
};
