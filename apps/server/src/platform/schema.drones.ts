/** Kysely table types of the drones tables (the issue 10 migrations). */

// biome-ignore lint/suspicious/noEmptyInterface: filled by the drones migration's tables
export interface DroneRegistryTables {}
