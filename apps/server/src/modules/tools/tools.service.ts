/**
 * The telemetry-key tester (README.md): one point sent with an account key, through the same key
 * check as POST /api/telemetry/batch (KeysService.verify), the same point rules
 * (checkTelemetryPoint) and the real ingest, then the drone's live state as the monitor sees it.
 *
 * Who may test what: the drone must be in the caller's data scope (else 404, as if it did not
 * exist); the key must be the caller's own account's (else 404), except for a caller who sees
 * every account (the platform, the only accounts the Tools screen admits): it tests any account's
 * key, since it supports them all and holds no drones itself. The point is real telemetry: it
 * reaches the map, the track and, with others, a sortie, as the key's ground station's would.
 */
import {
  checkTelemetryPoint,
  type Language,
  TELEMETRY_TEST_DRONES_MAX,
  type TelemetryPoint,
  type TelemetryTestBody,
  type TelemetryTestDrones,
  type TelemetryTestKey,
  type TelemetryTestReason,
  type TelemetryTestResult,
} from '@agrifleet/domain';
import type { DataScope } from '../../platform/auth/scope.ts';
import { AppError } from '../../platform/errors.ts';
import { type MessageKey, translate } from '../../platform/messages.ts';
import { outsideRequestTx } from '../../platform/requestTx.ts';
import type { Telemetry } from '../../telemetry/index.ts';
import { IngestError, type IngestResult } from '../../telemetry/ingest/pipeline.ts';
import type { KeysService } from '../accounts/keys.service.ts';
import type { ToolsRepo } from './tools.repo.ts';

export interface Actor {
  accountId: number;
  scope: DataScope;
}

export const toolsErrors = {
  droneNotFound: () => new AppError(404, 404, 'toolsDroneNotFound'),
  keyNotFound: () => new AppError(404, 404, 'toolsKeyNotFound'),
};

type Reason = TelemetryTestResult['reasons'][number];

function reason(code: TelemetryTestReason, lang: Language, field?: string): Reason {
  const message = translate(`toolsTelemetry.${code}` as MessageKey, lang, field ? { field } : {});
  return field ? { code, message, field } : { code, message };
}

/** The reasons ingest's counts for one point give. */
function countReasons(r: IngestResult, lang: Language): Reason[] {
  const out: Reason[] = [];
  if (r.outOfRange) out.push(reason('outOfRange', lang));
  if (r.outOfTime) out.push(reason('outOfTime', lang));
  if (r.duplicates) out.push(reason('duplicate', lang));
  if (r.implausible) out.push(reason('implausible', lang));
  if (r.pilotUnlinked) out.push(reason('pilotUnlinked', lang));
  return out;
}

export function createToolsService(deps: {
  repo: ToolsRepo;
  keys: KeysService;
  telemetry: Pick<Telemetry, 'ingest' | 'live'>;
  now?: () => number;
}) {
  const { repo, keys, telemetry } = deps;
  const now = deps.now ?? Date.now;

  /**
   * The key's account, checked as the batch route checks it: null when the key does not verify,
   * 'disabled' for a disabled account. A key of another account is a 404 unless the caller sees all.
   */
  async function keyAccount(a: Actor, key: TelemetryTestKey): Promise<number | null | 'disabled'> {
    if (a.scope.kind !== 'all') {
      const owner = await keys.accountOfVid(key.vid);
      if (owner !== a.accountId) throw toolsErrors.keyNotFound();
    }
    try {
      return await keys.verify(key.vid, key.secret);
    } catch (err) {
      if (err instanceof AppError && err.key === 'accountDisabled') return 'disabled';
      throw err;
    }
  }

  function liveOf(droneId: string): TelemetryTestResult['live'] {
    const d = telemetry.live.get(droneId);
    if (!d) return null;
    const r = d.region;
    const code = r.county ?? r.city ?? r.province ?? (r.country || null);
    return {
      online: telemetry.live.online(d, now()),
      airborne: d.airborne,
      lng: d.point.lng,
      lat: d.point.lat,
      recordTime: d.point.recordTime,
      receivedAt: d.receivedAt,
      regionCode: code,
    };
  }

  async function test(a: Actor, body: TelemetryTestBody, lang: Language): Promise<TelemetryTestResult> {
    const drone = await repo.droneInScope(a.scope, body.droneId);
    if (!drone) throw toolsErrors.droneNotFound();
    const refused = (reasons: Reason[], keyAccountName: string | null = null): TelemetryTestResult => ({
      accepted: false,
      reasons,
      keyAccountName,
      counts: null,
      live: liveOf(drone.drone_id),
    });
    const accountId = await keyAccount(a, body);
    if (accountId === null) return refused([reason('keyInvalid', lang)]);
    if (accountId === 'disabled') return refused([reason('accountDisabled', lang)]);
    const accountName = await repo.accountName(accountId);
    const problem = checkTelemetryPoint(body.point);
    if (problem) {
      keys.ingestStats.refused(accountId, 'http', drone.drone_id, `invalid telemetry: ${problem}`, 1);
      return refused([reason('invalidPoint', lang, problem)], accountName);
    }
    const point = body.point as unknown as TelemetryPoint;
    let result: IngestResult;
    try {
      result = await telemetry.ingest.ingest(drone.drone_id, [point], accountId);
    } catch (err) {
      if (!(err instanceof IngestError)) throw err;
      if (err.status === 404) throw toolsErrors.droneNotFound();
      keys.ingestStats.refused(accountId, 'http', drone.drone_id, err.message, 1);
      return refused([reason('droneNotKeyAccount', lang)], accountName);
    }
    keys.ingestStats.accepted(accountId, 'http', drone.drone_id, result);
    return {
      accepted: result.accepted > 0,
      reasons: countReasons(result, lang),
      keyAccountName: accountName,
      counts: result,
      live: liveOf(drone.drone_id),
    };
  }

  return {
    /**
     * The whole test runs outside the request's transaction: holding the request's connection while
     * ingest waits for the writer's would let a few parallel tests take the pool the writer needs
     * (seen: 503s at 5 in parallel on a pool of 4). The request's row is then its only statement.
     */
    telemetryTest(a: Actor, body: TelemetryTestBody, lang: Language): Promise<TelemetryTestResult> {
      return outsideRequestTx(() => test(a, body, lang));
    },

    /** The drones of the caller's scope the key may send for (its account makes or operates them). */
    async keyDrones(a: Actor, key: TelemetryTestKey): Promise<TelemetryTestDrones> {
      const accountId = await keyAccount(a, key);
      if (accountId === null || accountId === 'disabled')
        return { keyValid: false, keyAccountName: null, drones: [] };
      return {
        keyValid: true,
        keyAccountName: await repo.accountName(accountId),
        drones: await repo.dronesOf(a.scope, accountId, TELEMETRY_TEST_DRONES_MAX),
      };
    },
  };
}
export type ToolsService = ReturnType<typeof createToolsService>;
