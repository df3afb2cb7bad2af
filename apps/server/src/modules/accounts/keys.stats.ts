/**
 * What became of the telemetry a key sent (issue 9, "smaller"): a refused MQTT message is still
 * acknowledged (a retry would gain nothing) and an HTTP batch answer may be lost, so the key's
 * account can read here how many messages and points were taken or refused since the console
 * started, and the last reasons. In memory, per account (one live key per account; a new key
 * starts from zero). Messages from an external broker (MQTT_URL) carry no key and are not counted.
 */
import { type IngestResult, nothingIngested } from '../../telemetry/ingest/pipeline.ts';

export type IngestTransport = 'mqtt' | 'http';

export interface IngestProblem {
  /** ms since the epoch (server clock). */
  time: number;
  transport: IngestTransport;
  droneId: string | null;
  /** refused: the whole message (or the drone's part of a batch); dropped: some of its points. */
  kind: 'refused' | 'dropped';
  reason: string;
  /** Points concerned (0 when the message could not be read). */
  points: number;
}

export interface KeyIngestStats {
  /** When counting started (server start, or the key's creation). */
  since: number;
  messages: { accepted: number; refused: number };
  points: {
    accepted: number;
    refused: number;
    outOfRange: number;
    outOfTime: number;
    duplicates: number;
    implausible: number;
    pilotUnlinked: number;
  };
  /** Newest first. */
  lastProblems: IngestProblem[];
}

const DROPS = ['outOfRange', 'outOfTime', 'duplicates', 'implausible'] as const;
export const MAX_PROBLEMS = 20;

export function createKeyIngestStats(now: () => number = Date.now) {
  const byAccount = new Map<number, KeyIngestStats>();
  const started = now();

  function of(accountId: number): KeyIngestStats {
    let s = byAccount.get(accountId);
    if (!s) {
      s = {
        since: started,
        messages: { accepted: 0, refused: 0 },
        points: { ...nothingIngested(), refused: 0 },
        lastProblems: [],
      };
      byAccount.set(accountId, s);
    }
    return s;
  }

  function problem(s: KeyIngestStats, p: IngestProblem) {
    s.lastProblems.unshift(p);
    if (s.lastProblems.length > MAX_PROBLEMS) s.lastProblems.pop();
  }

  return {
    /** A message (or a batch entry) taken; its dropped points are counted and described. */
    accepted(accountId: number, transport: IngestTransport, droneId: string, r: IngestResult) {
      const s = of(accountId);
      s.messages.accepted++;
      s.points.accepted += r.accepted;
      s.points.pilotUnlinked += r.pilotUnlinked;
      let dropped = 0;
      const parts: string[] = [];
      for (const k of DROPS)
        if (r[k] > 0) {
          s.points[k] += r[k];
          dropped += r[k];
          parts.push(`${k} ${r[k]}`);
        }
      if (r.pilotUnlinked > 0) parts.push(`pilotUnlinked ${r.pilotUnlinked}`);
      if (parts.length)
        problem(s, {
          time: now(),
          transport,
          droneId,
          kind: 'dropped',
          reason: parts.join(', '),
          points: dropped || r.pilotUnlinked,
        });
    },
    /** A message (or a batch entry) refused whole, with the reason the sender would have been told. */
    refused(
      accountId: number,
      transport: IngestTransport,
      droneId: string | null,
      reason: string,
      points = 0,
    ) {
      const s = of(accountId);
      s.messages.refused++;
      s.points.refused += points;
      problem(s, { time: now(), transport, droneId, kind: 'refused', reason: reason.slice(0, 300), points });
    },
    /** The account's figures (zeros when it sent nothing). */
    get(accountId: number): KeyIngestStats {
      return structuredClone(of(accountId));
    },
    /** A new key starts from zero. */
    reset(accountId: number) {
      byAccount.delete(accountId);
      of(accountId).since = now();
    },
  };
}
export type KeyIngestStatsRegistry = ReturnType<typeof createKeyIngestStats>;
