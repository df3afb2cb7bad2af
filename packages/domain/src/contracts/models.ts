/** Contracts of the models calls (issue 10): filled by its helper. */
export {};
