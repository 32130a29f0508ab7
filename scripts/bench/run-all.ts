import { runRankingBenchmarks } from './ranking';

/**
 * `npm run bench`: every benchmark (today the ranking ones: pure step, snapshot write, page reads),
 * each size in its own process. Writes bench/results/*.json. Numbers are measured, never asserted.
 */
runRankingBenchmarks();
