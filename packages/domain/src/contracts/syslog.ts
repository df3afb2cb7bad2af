/** Contracts of issue 12: syslog. */
export const SYSLOG_CONTRACTS = true;
