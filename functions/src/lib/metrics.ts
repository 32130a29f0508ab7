import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { config, logLevel } from './config';
import { serviceName } from './service-name';

/** The namespace of the game's own metrics in CloudWatch (the monitoring stack's dashboard reads it). */
export const metricsNamespace = 'GolfDreamTeam';

/** The game's business metrics and their units. */
export const businessMetrics = {
  /** A team saved (a whole team, one pick, or the AI's team). */
  TeamSaves: MetricUnit.Count,
  /** An operator's tournament or results import that was applied (dry runs are not counted). */
  Imports: MetricUnit.Count,
  /** One tournament's ranking publish: how long it took and how many items it wrote. */
  RankingPublishDuration: MetricUnit.Milliseconds,
  RankingPublishItems: MetricUnit.Count,
  /** Deadline reminders sent (mail and LINE), and those that could not be. */
  RemindersSent: MetricUnit.Count,
  RemindersFailed: MetricUnit.Count,
  /** Share cards drawn (a card already stored is not drawn again). */
  ShareCardsDrawn: MetricUnit.Count,
  /**
   * Best-effort side effects that failed while the action they follow stood (side-effects.ts): the
   * monitoring stack alarms on any, and each one's log line names it.
   */
  SideEffectFailures: MetricUnit.Count,
} as const;
export type BusinessMetric = keyof typeof businessMetrics;

const metrics = new Metrics({
  namespace: metricsNamespace,
  serviceName,
});
/** The stage the metrics' default dimension holds (the stage is read from the configuration). */
let stageDimension: string | undefined;

/**
 * Records one value in CloudWatch's embedded metric format: a JSON line on stdout that CloudWatch
 * Logs turns into the metric (dimensions `service` and `stage`, so that a stage's alarms and
 * dashboard read its own values whatever else the account runs), with no call to CloudWatch's API.
 * Written at once, so concurrent calls of the local stack's processes never flush each other's
 * values. `metadata` goes into the line, not into the metric's dimensions (Logs Insights finds it).
 * `LOG_LEVEL=silent` (the test suites) writes none.
 */
export function recordMetric(name: BusinessMetric, value = 1, metadata: Record<string, string> = {}): void {
  if (logLevel() === 'silent') return;
  const stage = config().STAGE;
  // Set once per stage read: Powertools warns on every setting of a dimension it already has.
  if (stageDimension !== stage) {
    metrics.setDefaultDimensions({ stage });
    stageDimension = stage;
  }
  for (const [key, text] of Object.entries(metadata)) metrics.addMetadata(key, text);
  metrics.addMetric(name, businessMetrics[name], value);
  metrics.publishStoredMetrics();
}
