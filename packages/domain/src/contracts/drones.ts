/** Contracts of the drones calls (issue 10): filled by its helper. */
export {};
