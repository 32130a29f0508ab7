import { useId, type ReactNode } from 'react';

export const chartWidth = 320;
export const chartHeight = 168;

/**
 * A chart's SVG: an image named by its title and described by its description (what it shows, in
 * words); the figures themselves belong in a table beside it.
 */
export function ChartFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${chartWidth} ${chartHeight}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {children}
    </svg>
  );
}
