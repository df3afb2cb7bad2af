/** Counts accepted and rejected messages; logs rejections at most once per interval. */
import type { IngestStats, MqttLogger } from './types.ts';

export interface IngestCounter {
  accept(): void;
  reject(reason: string, context: Record<string, unknown>): void;
  stats(): IngestStats;
}

/**
 * A flood of bad messages must not flood the log: the first rejection is logged at once, the
 * following ones at most once per `intervalMs`, each line saying how many were left out before it.
 */
export function createIngestCounter(logger: MqttLogger, source: string, intervalMs = 10_000): IngestCounter {
  const counts: IngestStats = { accepted: 0, rejected: 0, lastRejectReason: null };
  let lastLogAt = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return {
    accept() {
      counts.accepted++;
    },
    reject(reason, context) {
      counts.rejected++;
      counts.lastRejectReason = reason;
      const now = Date.now();
      if (now - lastLogAt < intervalMs) {
        suppressed++;
        return;
      }
      logger.warn(
        { ...context, reason, source, suppressedSinceLastLog: suppressed, rejectedTotal: counts.rejected },
        'telemetry message rejected',
      );
      lastLogAt = now;
      suppressed = 0;
    },
    stats: () => ({ ...counts }),
  };
}

export function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
