/** The region form value is the slash-joined path of area names (000 §3). */
export const REGION_SEPARATOR = '/';
