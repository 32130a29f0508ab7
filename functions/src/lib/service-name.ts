/**
 * The `service` every log line, metric and trace carries. One stage per account and region
 * (docs/deploy.md), and every metric carries its stage too (lib/metrics.ts).
 */
export const serviceName = 'golf-dream-team';
