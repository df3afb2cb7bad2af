/** A "part of" pattern for ILIKE / LIKE: the text with its wildcards (%, _) and backslashes escaped. */
export const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
