/**
 * The BasicPriceList's editable table as pure functions (tested in config.test.ts): the server's
 * rows (minor units) to rows of the form (major units), a new currency row for a model, and the
 * changed rows to the set call's body (major units, as the server's majorAmountSchema takes them).
 */
import {
  type BasicPriceInput,
  type BasicPriceRow,
  currencyDigits,
  LEASE_CURRENCIES,
  type LeaseCurrency,
  toMajor,
} from '@agrifleet/domain';

export interface PriceEditRow {
  key: string;
  id: number | null;
  modelId: number;
  modelName: string;
  currency: LeaseCurrency | null;
  /** Major units. */
  dailyFee: number | null;
  muUnitPrice: number | null;
  durationPrice: number | null;
  updatedAt: number | null;
  /** Changed since loaded: sent on save. */
  dirty: boolean;
}

const major = (minor: number | null, currency: string | null) =>
  minor === null || currency === null ? null : toMajor(minor, currency);

export function toEditRows(list: readonly BasicPriceRow[]): PriceEditRow[] {
  return list.map((r) => ({
    key: r.id === null ? `m${r.modelId}` : `p${r.id}`,
    id: r.id,
    modelId: r.modelId,
    modelName: r.modelName,
    currency: (r.currency as LeaseCurrency | null) ?? null,
    dailyFee: major(r.dailyFee, r.currency),
    muUnitPrice: major(r.muUnitPrice, r.currency),
    durationPrice: major(r.durationPrice, r.currency),
    updatedAt: r.updatedAt,
    dirty: false,
  }));
}

/** The currencies a model has no row for yet. */
export const freeCurrencies = (rows: readonly PriceEditRow[], modelId: number): LeaseCurrency[] =>
  LEASE_CURRENCIES.filter((c) => !rows.some((r) => r.modelId === modelId && r.currency === c));

/** Adds a row for another currency of a model, after its last row (unchanged when none is left). */
export function addCurrencyRow(rows: readonly PriceEditRow[], modelId: number, seq: number): PriceEditRow[] {
  const currency = freeCurrencies(rows, modelId)[0];
  const last = rows.map((r) => r.modelId).lastIndexOf(modelId);
  const model = rows[last];
  if (!currency || !model) return [...rows];
  const row: PriceEditRow = {
    key: `new${seq}`,
    id: null,
    modelId,
    modelName: model.modelName,
    currency,
    dailyFee: null,
    muUnitPrice: null,
    durationPrice: null,
    updatedAt: null,
    dirty: true,
  };
  return [...rows.slice(0, last + 1), row, ...rows.slice(last + 1)];
}

/** A changed row: its new values, marked dirty. */
export const editRow = (rows: readonly PriceEditRow[], key: string, patch: Partial<PriceEditRow>) =>
  rows.map((r) => (r.key === key ? { ...r, ...patch, dirty: true } : r));

/** Rounds a typed amount to what the currency holds (KRW: whole units; others: cents). */
export const roundFor = (v: number, currency: string | null) => {
  const f = 10 ** (currency ? currencyDigits(currency) : 2);
  return Math.round(v * f) / f;
};

/**
 * The set call's prices: the changed rows with a currency and a daily fee; `incomplete` are changed
 * rows missing one of them (the page says so instead of sending).
 */
export function setBody(rows: readonly PriceEditRow[]): {
  prices: BasicPriceInput[];
  incomplete: PriceEditRow[];
} {
  const changed = rows.filter((r) => r.dirty);
  const incomplete = changed.filter((r) => r.currency === null || r.dailyFee === null);
  const prices = changed
    .filter((r) => r.currency !== null && r.dailyFee !== null)
    .map((r) => ({
      modelId: r.modelId,
      currency: r.currency as LeaseCurrency,
      dailyFee: r.dailyFee as number,
      ...(r.muUnitPrice === null ? {} : { muUnitPrice: r.muUnitPrice }),
      ...(r.durationPrice === null ? {} : { durationPrice: r.durationPrice }),
    }));
  return { prices, incomplete };
}
