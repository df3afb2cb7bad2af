/** Contracts of the nofly calls (issue 10): filled by its helper. */
export {};
