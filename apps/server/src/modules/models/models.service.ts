/**
 * Drone models: list, create, update, delete (refused while drones use the model), merge and add ID
 * range, plus the lookup of a manufacturer's models. Who: the platform manages every model (and
 * names the manufacturer of a new one), a manufacturer its own; a model outside the caller's scope
 * is not found (404), so ids cannot be probed. Every accepted write is written to the system log.
 */
import {
  ErrorCode,
  type IdRangeBody,
  type IdRangeResult,
  idRangeProblem,
  idRangeWidth,
  type ModelCreateBody,
  type ModelListQuery,
  type ModelMergeBody,
  type ModelMergeResult,
  type ModelOption,
  type ModelUpdateBody,
} from '@agrifleet/domain';
import type { DataScope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { notify } from '../../platform/notify.ts';
import { DRONE_REGISTRY_CHANNEL } from '../../telemetry/ingest/droneDirectory.ts';
import type { ModelsRepo, ModelValues } from './models.repo.ts';

/** Who acts, as the log records it. */
export interface Actor {
  scope: DataScope;
  userId: number;
  accountId: number;
  ip: string | null;
}

/** A count with thousands separators (10,000): the same in the five languages. */
const grouped = (n: number) => new Intl.NumberFormat('en-US').format(n);

const notFound = () => new AppError(404, ErrorCode.notFound, 'modelNotFound');
const makerNotFound = () => new AppError(404, ErrorCode.notFound, 'modelMakerNotFound');

/** A unique violation (the manufacturer's model names) becomes a 409 naming the name. */
async function uniqueName<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw new AppError(409, ErrorCode.conflict, 'modelNameTaken', { name });
    throw err;
  }
}

const valuesOf = (b: ModelCreateBody | ModelUpdateBody): ModelValues => ({
  modelName: b.modelName,
  shape: b.shape,
  power: b.power,
  sprayWidth: b.sprayWidth,
  tankLitres: b.tankLitres,
});

export function createModelsService(d: { repo: ModelsRepo; db: Db }) {
  return {
    list: (scope: DataScope, q: ModelListQuery) => d.repo.list(scope, q),

    async create(a: Actor, b: ModelCreateBody): Promise<{ id: number }> {
      let zz: number;
      if (a.scope.kind === 'zz') {
        // A manufacturer creates its own models; naming another is naming one it cannot see.
        if (b.zzAccountId !== undefined && b.zzAccountId !== a.scope.accountId) throw makerNotFound();
        zz = a.scope.accountId;
      } else if (a.scope.kind === 'all') {
        if (b.zzAccountId === undefined) throw errors.badRequest('modelMakerRequired');
        if (!(await d.repo.isManufacturer(b.zzAccountId))) throw makerNotFound();
        zz = b.zzAccountId;
      } else throw errors.forbidden();
      const id = await uniqueName(b.modelName, () => d.repo.create(zz, valuesOf(b)));
      return { id };
    },

    async update(a: Actor, b: ModelUpdateBody): Promise<{ id: number }> {
      const done = await uniqueName(b.modelName, () => d.repo.update(a.scope, b.id, valuesOf(b)));
      if (!done) throw notFound();
      return { id: b.id };
    },

    async remove(a: Actor, id: number): Promise<{ id: number }> {
      const done = await d.repo.remove(a.scope, id).catch((err: unknown) => {
        // A drone put on the model between the count and the delete.
        if ((err as { code?: string }).code === '23503') return 1;
        throw err;
      });
      if (done === 'missing') throw notFound();
      if (done > 0) throw new AppError(409, ErrorCode.conflict, 'modelInUse', { count: grouped(done) });
      return { id };
    },

    /** Merges mergeFlyModelIds into flyModelId: all of it in one transaction, or nothing. */
    async merge(a: Actor, b: ModelMergeBody): Promise<ModelMergeResult> {
      const merged = [...new Set(b.mergeFlyModelIds)];
      if (merged.length === 0) throw errors.badRequest('modelMergeEmpty');
      if (merged.includes(b.flyModelId)) throw errors.badRequest('modelMergeSelf');
      const result = await d.repo.transaction(async (trx) => {
        const rows = await d.repo.lock(trx, a.scope, [b.flyModelId, ...merged]);
        if (rows.length !== merged.length + 1) throw notFound();
        const zz = rows.find((r) => r.id === b.flyModelId)?.zz;
        if (rows.some((r) => r.zz !== zz)) throw errors.badRequest('modelMergeOtherMaker');
        const { movedDrones } = await d.repo.merge(trx, b.flyModelId, merged);
        // Ingest caches each drone's model: drop them all when the transaction commits.
        await notify(trx, DRONE_REGISTRY_CHANNEL, '');
        return { flyModelId: b.flyModelId, merged: merged.length, movedDrones };
      });
      return result;
    },

    /** Registers every serial of the range as a drone of the model, in one statement. */
    async addRange(a: Actor, b: IdRangeBody): Promise<IdRangeResult> {
      const problem = idRangeProblem(b);
      if (problem?.key === 'empty') throw errors.badRequest('modelRangeEmpty');
      if (problem?.key === 'tooMany')
        throw errors.badRequest('modelRangeTooMany', {
          max: grouped(problem.max),
          count: grouped(problem.count),
        });
      const model = await d.repo.get(a.scope, b.flyModelId);
      if (!model) throw notFound();
      return d.repo.transaction(async (trx) => {
        const done = await d.repo.addRange(trx, model, {
          prefix: b.prefix,
          start: b.start,
          end: b.end,
          width: idRangeWidth(b),
        });
        // Serials already tried by ingest are cached as unknown: let them in at once.
        if (done.created > 0) await notify(trx, DRONE_REGISTRY_CHANNEL, '');
        return done;
      });
    },

    /** The lookup: a manufacturer's models (another manufacturer's: 404). */
    async options(scope: DataScope, manufacturerId: number): Promise<ModelOption[]> {
      if (scope.kind === 'zz' && scope.accountId !== manufacturerId) throw makerNotFound();
      if (!(await d.repo.isManufacturer(manufacturerId))) throw makerNotFound();
      return d.repo.options(scope, manufacturerId);
    },
  };
}
export type ModelsService = ReturnType<typeof createModelsService>;
