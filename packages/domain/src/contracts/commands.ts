/** Contracts of the commands calls (issue 10): filled by its helper. */
export {};
