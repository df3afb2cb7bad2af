/** Programmes (issue 22): unified pest-control tasks and operation subsidies. See docs/programmes.md. */
export * from './attribution.ts';
export * from './dose.ts';
export * from './spotCheck.ts';
export * from './subsidyRule.ts';
export * from './taskStatus.ts';
