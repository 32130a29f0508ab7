import { createHash } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { logLevel } from './config';
import { serviceName } from './service-name';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/**
 * Powertools' logger: one JSON object per line, as CloudWatch Logs Insights reads them, with the
 * Lambda context (`function_request_id`, `cold_start`, `function_name`) once the handler's middleware
 * has given it, and `xray_trace_id`. Our own level (`LOG_LEVEL`, read again after `resetConfig`)
 * decides what is written; Powertools writes everything it is given.
 */
export const lambdaLogger = new Logger({
  serviceName,
  logLevel: 'DEBUG',
});

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < order[logLevel()]) return;
  lambdaLogger[level](message, fields);
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

/** What a caught error says, for a log line's `error` field. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * A player's id as logs carry it: the first 16 hex digits of its SHA-256, enough to follow one
 * player's calls through the logs without writing the id that the API and the rankings show.
 */
export const hashedUserId = (userId: string): string =>
  createHash('sha256').update(userId).digest('hex').slice(0, 16);
