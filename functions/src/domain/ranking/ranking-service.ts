/**
 * Personal rankings of a tournament as precomputed snapshots: the recompute (ranking-recompute.ts)
 * and the reads (ranking-read.ts), for the handlers and jobs.
 */
export * from './ranking-recompute';
export * from './ranking-read';
