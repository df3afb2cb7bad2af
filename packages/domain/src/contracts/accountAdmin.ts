/** Contracts of issue 12: accountAdmin. */
export const ACCOUNTADMIN_CONTRACTS = true;
