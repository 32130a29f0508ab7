import type { SVGProps } from 'react';

/** Line icons drawn on a 24 px grid; they take the text colour. */
const paths = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7.5 8.5c.8-3.6 3.8-5.5 7.5-5.5s6.7 1.9 7.5 5.5',
  guild:
    'M8.5 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm8 0a3 3 0 1 0 0-6M2.5 20c.6-3.4 3-5.3 6-5.3s5.4 1.9 6 5.3m1.5-5.2c2.6.2 4.6 2 5.1 5.2',
  ranking:
    'M8 21h8m-4-4v4m-5-17h10v5a5 5 0 0 1-10 0V4Zm0 2H4v1.5A3.5 3.5 0 0 0 7.5 11M17 6h3v1.5a3.5 3.5 0 0 1-3.5 3.5',
  prize: 'M4 10h16v10H4zM3 7h18v3H3zm9 0v13M12 7c-1.5-3.5-6-3.5-5 0m5 0c1.5-3.5 6-3.5 5 0',
  quiz: 'M9.2 9a3 3 0 1 1 4.3 2.7c-.9.5-1.5 1.2-1.5 2.3M12 18h.01M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z',
  book: 'M4 5.5C6.5 4 9.5 4 12 6c2.5-2 5.5-2 8-.5V19c-2.5-1.5-5.5-1.5-8 .5-2.5-2-5.5-2-8-.5V5.5Zm8 .5v13.5',
  news: 'M5 4h11v16H6a1 1 0 0 1-1-1V4Zm11 5h3v10a1 1 0 0 1-1 1h-2M8 8h5M8 12h5M8 16h3',
  flag: 'M6 21V4m0 1 11 4-11 4',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4m8-4v4',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4.5l3 2',
  chart: 'M4 20V10m6 10V4m6 16v-7m4 7H3',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6 6 18',
  back: 'M15 5l-7 7 7 7',
  next: 'm9 5 7 7-7 7',
  up: 'm6 14 6-6 6 6',
  check: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-4-9 3 3 5-6',
  offline:
    'M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 4-2.4m6.8.6A10 10 0 0 1 19 13M2 9a14.5 14.5 0 0 1 4.4-2.9M11 5.1A14.5 14.5 0 0 1 22 9M12 20h.01',
} as const;

export type IconName = keyof typeof paths;

export function Icon({
  name,
  size = 20,
  ...rest
}: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
