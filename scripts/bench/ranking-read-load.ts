/**
 * The load of `npm run bench:ranking read` (scripts/bench/ranking-read.ts), from a process of its own:
 * `<url> <seconds>` sends `connections` loops of GET `url` on one keep-alive agent, a warm-up, then
 * `seconds` of requests, and prints one JSON line. It imports nothing of the stack, so that the
 * process starts quickly.
 */
import { Agent, get } from 'node:http';
import { percentile } from './stats';
import { isEntryPoint } from '../entry-point';

export const connections = 50;
/** The warm-up before the measured seconds: 3 s, or as long as the run when that is shorter (a smoke run). */
const warmupSeconds = (seconds: number) => Math.min(3, seconds);

export interface LoadResult {
  warmup_requests: number;
  requests: number;
  errors: number;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
}

/** Child side: `connections` loops of GET `url` on one keep-alive agent. */
async function load(url: string, seconds: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const request = () =>
    new Promise<number>((resolve, reject) => {
      get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      }).on('error', reject);
    });
  const run = async (durationMs: number, latencies: number[]) => {
    let errors = 0;
    const deadline = performance.now() + durationMs;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline) {
          const start = performance.now();
          const status = await request();
          latencies.push(performance.now() - start);
          if (status !== 200) errors++;
        }
      }),
    );
    return errors;
  };
  const warmup: number[] = [];
  await run(warmupSeconds(seconds) * 1000, warmup);
  const latencies: number[] = [];
  const started = performance.now();
  const errors = await run(seconds * 1000, latencies);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const round1 = (value: number) => Math.round(value * 10) / 10;
  return {
    warmup_requests: warmup.length,
    requests: latencies.length,
    errors,
    requests_per_s: Math.round(latencies.length / elapsed),
    p50_ms: round1(percentile(latencies, 50)),
    p99_ms: round1(percentile(latencies, 99)),
  };
}

if (isEntryPoint(import.meta.url))
  console.log(JSON.stringify(await load(process.argv[2]!, Number(process.argv[3]))));
