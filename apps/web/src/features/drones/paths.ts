/** Where the drone screens are: the detail of a drone, and its history on the monitor. */
import { buildPath, SCREENS } from '@agrifleet/domain';

export const droneDetailPath = (droneId: string) => buildPath('DroneDetail', { droneId });
/** The monitor with the drone selected and its flight history open (history, log, anomalies). */
export const monitorHistoryPath = (droneId: string, tab?: 'log' | 'anomalies') =>
  `${SCREENS.MonitorView}?droneId=${encodeURIComponent(droneId)}&history=1${tab ? `&tab=${tab}` : ''}`;
