/** Contracts of issue 12: approvals. */
export const APPROVALS_CONTRACTS = true;
