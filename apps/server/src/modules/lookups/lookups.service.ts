/**
 * The lookup catalogues: crops and work types to read; medicines to read (everyone signed in) and
 * to create and change (the platform). A registration number is unique (a unique index, so two
 * parallel creations of one number give one medicine and one 409); a change of the dose range is
 * checked against the stored range under a row lock. The system-log row of each write is the
 * audit hook's, in the request's transaction (platform/requestTx.ts).
 */
import {
  ErrorCode,
  type Language,
  type MedicineCreateBody,
  type MedicineRow,
  type MedicineUpdateBody,
} from '@agrifleet/domain';
import { AppError, errors } from '../../platform/errors.ts';
import type { LookupsRepo } from './lookups.repo.ts';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';
const regNoTaken = (regNo: string) => new AppError(409, ErrorCode.conflict, 'medRegNoTaken', { regNo });

export function createLookupsService(d: { repo: LookupsRepo }) {
  return {
    crops: (lang: Language, page: number, size: number) => d.repo.crops(lang, page, size),
    workTypes: (lang: Language) => d.repo.workTypes(lang),
    medicines: (lang: Language) => d.repo.medicines(lang),
    cropEnabled: (cropId: number) => d.repo.cropEnabled(cropId),

    async createMedicine(lang: Language, body: MedicineCreateBody): Promise<MedicineRow> {
      try {
        return await d.repo.createMedicine(lang, body);
      } catch (err) {
        if (isUniqueViolation(err)) throw regNoTaken(body.regNo);
        throw err;
      }
    },

    async updateMedicine(lang: Language, medId: number, body: MedicineUpdateBody): Promise<MedicineRow> {
      const stored = await d.repo.lockMedicine(medId);
      if (!stored) throw new AppError(404, ErrorCode.notFound, 'medNotFound');
      const min = body.minLPerMu ?? stored.minLPerMu;
      const max = body.maxLPerMu ?? stored.maxLPerMu;
      if (min > max) throw errors.badRequest('medDoseRange', { min, max });
      try {
        const row = await d.repo.updateMedicine(lang, medId, body);
        if (!row) throw new AppError(404, ErrorCode.notFound, 'medNotFound');
        return row;
      } catch (err) {
        if (isUniqueViolation(err) && body.regNo) throw regNoTaken(body.regNo);
        throw err;
      }
    },
  };
}
export type LookupsService = ReturnType<typeof createLookupsService>;
