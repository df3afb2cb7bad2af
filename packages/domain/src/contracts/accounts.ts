/**
 * Account contracts of issue 12 live in accountAdmin.ts (accounts) and approvals.ts (account and
 * user applications, moved from here).
 */
export {};
