/** Where the unified-task screens are: a task's drone list and its chart page. */
import { buildPath } from '@agrifleet/domain';

export const taskDronesPath = (tftzId: number) => buildPath('UnifiedTaskDroneList', { id: String(tftzId) });
export const taskChartPath = (tftzId: number) => buildPath('UnifiedTaskChart', { id: String(tftzId) });
