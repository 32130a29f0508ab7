import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';
import { LineChart, pointX, type ChartPoint } from './line-chart';

const line = (points: ChartPoint[]) =>
  renderToStaticMarkup(
    <LineChart
      title="順位の推移"
      description="説明"
      points={points}
      lowerIsBetter
      format={(v) => `${v}位`}
    />,
  );
const circles = (svg: string) =>
  [...svg.matchAll(/<circle[^>]*cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe('LineChart', () => {
  it('is an image named by its title and described by its description', () => {
    const svg = line([{ key: 'a', value: 3 }]);
    const [, labelledBy] = /aria-labelledby="([^"]+)"/.exec(svg)!;
    const [titleId, descId] = labelledBy!.split(' ');
    expect(svg).toContain('role="img"');
    expect(svg).toContain(`<title id="${titleId}">順位の推移</title>`);
    expect(svg).toContain(`<desc id="${descId}">説明</desc>`);
  });

  it('draws a single point as one dot in the middle, with no line', () => {
    const svg = line([{ key: 'a', value: 7 }]);
    expect(circles(svg)).toHaveLength(1);
    expect(circles(svg)[0]![0]).toBeCloseTo(pointX(0, 1));
    expect(svg).not.toContain('<polyline');
  });

  it('puts the best (lowest) value at the top and breaks the line at a gap', () => {
    const svg = line([
      { key: 'a', value: 10 },
      { key: 'b', value: 1 },
      { key: 'c', value: null },
      { key: 'd', value: 5 },
    ]);
    const dots = circles(svg);
    expect(dots).toHaveLength(3);
    const [first, best] = dots;
    expect(best![1]!).toBeLessThan(first![1]!);
    expect(svg.match(/<polyline/g)).toHaveLength(1);
  });

  it('draws nothing but its frame for no points', () => {
    expect(circles(line([]))).toHaveLength(0);
  });
});

describe('BarChart', () => {
  it('draws a bar per entry, proportional to the maximum, and its value above it', () => {
    const svg = renderToStaticMarkup(
      <BarChart
        title="ポイント"
        description="説明"
        bars={[
          { key: 'a', label: '10/1', value: 1000 },
          { key: 'b', label: '10/8', value: 250 },
        ]}
        max={1000}
        format={String}
      />,
    );
    const heights = [...svg.matchAll(/<rect[^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(heights).toHaveLength(2);
    expect(heights[0]! / heights[1]!).toBeCloseTo(4);
    expect(svg).toContain('>250</text>');
  });
});
