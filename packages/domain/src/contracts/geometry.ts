/** Contracts of the geometry calls (issue 10): filled by its helper. */
export {};
