import { baseConfig } from './config';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** Structured logs: one JSON object per line, as CloudWatch Logs Insights reads them. */
function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < order[baseConfig().LOG_LEVEL]) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields });
  if (level === 'error' || level === 'warn') process.stderr.write(line + '\n');
  else process.stdout.write(line + '\n');
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

/** What a caught error says, for a log line's `error` field. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
