/** Contracts of issue 12: members. */
export const MEMBERS_CONTRACTS = true;
