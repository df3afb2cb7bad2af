/**
 * The client operator's side of the system log (issue 20 #8). A lessor's call is logged under the
 * lessor (the actor); an account reads only rows of its own account (modules/syslog), so without
 * these rows an operator would never learn that a lessor made it a client, leased it drones or
 * changed what it pays. Each change a lessor makes on an operator therefore also writes a row under
 * the operator's account (no user: nobody of the operator acted), through the audit's `writeIn`
 * in the change's own transaction: the row exists exactly when the change does. The target names
 * the lessor account; the names are AUDIT_NAMED_ACTIONS (packages/domain contracts/syslog.ts).
 */
import type { Kysely } from 'kysely';
import type { Audit } from '../../platform/audit.ts';
import type { Database } from '../../platform/schema.ts';

export const CLIENT_LOG = {
  /** A lessor added the operator as a client (it has not consented yet). */
  added: 'leaseClientAdded',
  /** The operator consented: its administrator's code was given to the lessor. */
  consented: 'leaseClientConsented',
  /** Drones leased to the operator. */
  leased: 'leaseDronesLeased',
  /** A leased drone returned to the lessor. */
  returned: 'leaseDroneReturned',
  /** A lease cancelled (its daily fees given back). */
  cancelled: 'leaseCancelled',
  /** Prices, lease model, daily fee or credit limit changed. */
  terms: 'leaseTermsChanged',
  /** A correction posted to the operator's balance. */
  adjusted: 'leaseBalanceAdjusted',
} as const;
export type ClientLogAction = (typeof CLIENT_LOG)[keyof typeof CLIENT_LOG];

export interface ClientLogEntry {
  clientAccountId: number;
  lessorAccountId: number;
  /** The lessor's user who acted. */
  lessorUserId: number;
  action: ClientLogAction;
  /** What else the row names ("leaseIds=4,5"), after the lessor. */
  target?: string;
  detail?: Record<string, unknown>;
}

export function logToClient(trx: Kysely<Database>, audit: Audit, e: ClientLogEntry): Promise<number> {
  return audit.writeIn(trx, {
    actor: { accountId: e.clientAccountId, userId: null },
    logType: 2,
    action: e.action,
    method: null,
    path: null,
    target: `lessorAccountId=${e.lessorAccountId}${e.target ? ` ${e.target}` : ''}`,
    result: 200,
    ip: null,
    detail: { lessorAccountId: e.lessorAccountId, lessorUserId: e.lessorUserId, ...e.detail },
  });
}
