/** Review of account applications: list, detail (submitted beside current), decision and notice. */
import type { ApplyStatusBody } from '@agrifleet/domain';
import type { Logger } from 'pino';
import { errors } from '../../platform/errors.ts';
import type { Messenger } from '../../platform/messaging.ts';
import type { AppliesRepo, ApplyFilter } from './applies.repo.ts';
import { sendDecision } from './notice.ts';

export function createAppliesService(d: { applies: AppliesRepo; messenger: Messenger; logger: Logger }) {
  return {
    list: (f: ApplyFilter) => d.applies.list(f),

    async detail(applyId: number) {
      const row = await d.applies.detail(applyId);
      if (!row) throw errors.notFound();
      return { ...row, content: (row.content ?? {}) as Record<string, unknown> };
    },

    /** Passes (2) or rejects (3, with a reason); then tells the applicant. Returns whether it was told. */
    async decide(body: ApplyStatusBody, reviewerId: number): Promise<{ notified: boolean }> {
      const reason = body.reason?.trim() || null;
      if (body.applyStatus === 3 && !reason) throw errors.badRequest('applyReasonRequired');
      if (!(await d.applies.decide(body.applyId, body.applyStatus, reviewerId, reason))) {
        if (!(await d.applies.detail(body.applyId))) throw errors.notFound();
        throw errors.applyDecided();
      }
      const to = await d.applies.applicant(body.applyId);
      if (!to) return { notified: false };
      const notified = await sendDecision(d, to, {
        kind: to.apply_type === 1 ? 'applyKindRegistration' : 'applyKindModification',
        name: to.account_name,
        status: body.applyStatus,
        reason,
      });
      return { notified };
    },

    async mine(accountId: number) {
      const rows = await d.applies.mine(accountId);
      return rows.map((r) => ({ ...r, content: (r.content ?? {}) as Record<string, unknown> }));
    },
  };
}
export type AppliesService = ReturnType<typeof createAppliesService>;
