/** Contracts of issue 12: bulletins. */
export const BULLETINS_CONTRACTS = true;
