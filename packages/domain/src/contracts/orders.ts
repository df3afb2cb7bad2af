/** Contracts of issue 12: orders. */
export const ORDERS_CONTRACTS = true;
