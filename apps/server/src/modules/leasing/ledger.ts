/**
 * The leasing ledger (ARCHITECTURE "Money"): append-only, double entry. A posting is one txn of
 * entries whose amounts sum to zero per currency (a deferred trigger refuses a txn that does not);
 * nothing is ever updated or deleted (a trigger refuses), a correction is a new posting. A client's
 * balance is the sum of its wallet book, `client:{leaseClientId}`.
 *
 * Books: `client:{id}` the client's prepaid wallet; `lessor:{accountId}` the lessor's leasing
 * revenue; `provider:{name}` money received through a payment provider; `adjust:{accountId}` the
 * lessor's corrections.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export const walletBook = (clientId: number) => `client:${clientId}`;
export const lessorBook = (accountId: number) => `lessor:${accountId}`;
export const providerBook = (provider: string) => `provider:${provider}`;
export const adjustBook = (accountId: number) => `adjust:${accountId}`;

export interface Entry {
  book: string;
  amountMinor: number;
  /** Set on wallet entries: the client whose balance the entry moves. */
  clientId?: number;
}

export interface Posting {
  kind: number;
  currency: string;
  /** What the posting is for: `sortie:{id}`, `fee:{leaseId}:{day}`, `recharge:{outTradeNo}`, ... */
  ref: string;
  entries: Entry[];
}

/** A new txn id (a charge row names its posting before the posting is written). */
export async function nextTxn(trx: Kysely<Database>): Promise<number> {
  const row = await sql<{ id: string }>`SELECT nextval('lease_txn_seq')::text AS id`.execute(trx);
  return Number(row.rows[0]?.id);
}

/**
 * Writes one balanced posting inside `trx` (under `txnId` when given); returns its txn id.
 * Throws when it does not balance.
 */
export async function post(trx: Kysely<Database>, p: Posting, txnId?: number): Promise<number> {
  const sum = p.entries.reduce((n, e) => n + e.amountMinor, 0);
  if (sum !== 0 || p.entries.some((e) => !Number.isSafeInteger(e.amountMinor)))
    throw new Error(`unbalanced leasing posting ${p.ref}: ${sum}`);
  txnId ??= await nextTxn(trx);
  await trx
    .insertInto('lease_ledger')
    .values(
      p.entries.map((e) => ({
        txn_id: txnId,
        book: e.book,
        client_id: e.clientId ?? null,
        amount_minor: e.amountMinor,
        currency: p.currency,
        kind: p.kind,
        ref: p.ref,
      })),
    )
    .execute();
  return txnId;
}

/**
 * A posting between a client's wallet and its lessor's revenue: `amount` moves from the wallet to
 * the lessor (a sortie charge, a daily fee); a negative amount gives it back (a fee reversed).
 */
export function postToLessor(
  trx: Kysely<Database>,
  p: {
    kind: number;
    currency: string;
    ref: string;
    clientId: number;
    lessorAccountId: number;
    amount: number;
  },
  txnId?: number,
): Promise<number> {
  return post(
    trx,
    {
      kind: p.kind,
      currency: p.currency,
      ref: p.ref,
      entries: [
        { book: walletBook(p.clientId), clientId: p.clientId, amountMinor: -p.amount },
        { book: lessorBook(p.lessorAccountId), amountMinor: p.amount },
      ],
    },
    txnId,
  );
}

/** A client's balance in minor units: the sum of its wallet entries. */
export async function balanceOf(db: Kysely<Database>, clientId: number): Promise<number> {
  const row = await db
    .selectFrom('lease_ledger')
    .select(sql<string>`COALESCE(sum(amount_minor), 0)::text`.as('balance'))
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** Balances of several clients (missing ones are 0). */
export async function balancesOf(
  db: Kysely<Database>,
  clientIds: readonly number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>(clientIds.map((id) => [id, 0]));
  if (!clientIds.length) return out;
  const rows = await db
    .selectFrom('lease_ledger')
    .select(['client_id', sql<string>`sum(amount_minor)::text`.as('balance')])
    .where('client_id', 'in', [...clientIds])
    .groupBy('client_id')
    .execute();
  for (const r of rows) if (r.client_id !== null) out.set(r.client_id, Number(r.balance));
  return out;
}

/**
 * Locks the client row for the rest of `trx`: charges, recharges and lock decisions of one client run
 * one at a time. The first lock a leasing writer takes on a client (README "Concurrency": client,
 * then its leases, then their drones, then the ledger). FOR NO KEY UPDATE, not FOR UPDATE: a ledger
 * or charge row inserted for the client (a foreign key's KEY SHARE lock) never waits on it, nor it
 * on them, so a posting made before the lock can no longer deadlock two writers of one client.
 */
export async function lockClient(trx: Kysely<Database>, clientId: number) {
  return trx
    .selectFrom('lease_clients')
    .select([
      'id',
      'manufacturer_account_id',
      'client_account_id',
      'currency',
      'active_status',
      'credit_limit_minor',
    ])
    .where('id', '=', clientId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}
