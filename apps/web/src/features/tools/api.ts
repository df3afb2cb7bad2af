/** The Tools screen's calls (packages/domain contracts/tools.ts) through the one http client. */
import {
  type TelemetryTestBody,
  type TelemetryTestDrones,
  type TelemetryTestKey,
  type TelemetryTestResult,
  TOOLS_PATHS,
} from '@agrifleet/domain';
import { http } from '../../api/http.ts';

const rel = (path: string) => path.replace(/^\/api\//, '');

export const toolsApi = {
  telemetryTest: (body: TelemetryTestBody) =>
    http.post<TelemetryTestResult>(rel(TOOLS_PATHS.telemetryTest), body),
  keyDrones: (body: TelemetryTestKey) =>
    http.post<TelemetryTestDrones>(rel(TOOLS_PATHS.telemetryTestDrones), body),
};
