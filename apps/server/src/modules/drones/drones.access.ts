/**
 * Who may change what on a drone (docs/architecture.md "Fleet registry", the module README).
 *
 * Every write route requires the DroneList screen and the ability 'manageEquipment' (001 §6: the
 * business admin manages equipment: user types 1, 4, 5); the guard refuses the rest with 403.
 * Then the caller's account and the drone decide:
 *
 *   write                       platform (1)  drone's maker (3)  drone's owner (4)  government (2)
 *   update, sign, device type   yes           yes                no                 no
 *   sale status, rental model   no            yes                no                 no
 *   lock / unlock               yes (*)       yes                yes                no
 *   change owner                yes           yes                no                 no
 *
 * (*) the platform may unlock without the lock password (a forgotten password); everyone else
 * gives the password the drone was locked with.
 *
 * A drone outside the caller's data scope answers 404 (no probing of other tenants' drones); a drone
 * the caller sees but may not change this way answers 403.
 */
import { type DroneActions, droneActionsOf, unlocksWithoutPassword } from '@agrifleet/domain';

export type DroneAction = keyof DroneActions;
export type { ActingAccount } from '@agrifleet/domain';
export { droneActionsOf, unlocksWithoutPassword };
