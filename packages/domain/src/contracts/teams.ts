/** Contracts of issue 12: teams. */
export const TEAMS_CONTRACTS = true;
