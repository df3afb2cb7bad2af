/** Contracts of the rtk calls (issue 10): filled by its helper. */
export {};
