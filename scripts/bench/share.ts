import { loadavg } from 'node:os';
import { renderShareCard, type ShareCardData } from '../../functions/src/lib/share-card';
import { percentile } from './stats';
import { sized, smokeDone, writeFigures, writePerformanceSection } from './smoke';

/**
 * `npm run bench:share`: share cards drawn in one process as the share function draws them (satori
 * lays out, resvg rasterises, the Japanese font embedded): the first card, which loads the font and
 * the rasteriser, then the time and size of each of the next ones. Writes bench/results/share.json
 * and its section of docs/performance.md. `-- --smoke`: two cards, nothing written.
 */
const cards = sized(30, 1);
const names = [
  '松山 英樹',
  '石川 遼',
  '中島 啓太',
  '蟬川 泰果',
  'スコッティ・シェフラー',
  'ローリー・マキロイ',
  '久常 涼',
  '金谷 拓実',
];
const card = (i: number): ShareCardData => ({
  siteName: 'ゴルフドリームチーム',
  tournamentName: ['日本オープンゴルフ選手権', 'ダンロップフェニックス', '三井住友VISA太平洋マスターズ'][
    i % 3
  ]!,
  round: (i % 4) + 1,
  nickname: `ゴルフ好き${i}号`,
  players: [0, 1, 2, 3].map((slot) =>
    slot === 3 && i % 7 === 0 ? null : names[(i + slot * 3) % names.length]!,
  ),
  score: i % 5 === 0 ? 'E' : `${i % 2 ? '-' : '+'}${i % 13}`,
  rank: 1 + ((i * 7919) % 1_000_000),
  provisional: i % 2 === 0,
});

const loadBefore = loadavg()[0]!;
let started = performance.now();
const first = await renderShareCard(card(0));
const firstMs = performance.now() - started;
const samples: Array<{ ms: number; bytes: number }> = [];
let peakRss = process.memoryUsage().rss;
for (let i = 1; i <= cards; i++) {
  started = performance.now();
  const png = await renderShareCard(card(i));
  samples.push({ ms: performance.now() - started, bytes: png.length });
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}
const ms = samples.map((s) => s.ms);
const bytes = samples.map((s) => s.bytes);
const summary = {
  measured_at: new Date().toISOString(),
  node: process.version,
  load_average: [loadBefore, loadavg()[0]!],
  cards,
  first_card_ms: firstMs,
  first_card_bytes: first.length,
  ms_per_card_median: percentile(ms, 50),
  ms_per_card_p95: percentile(ms, 95),
  bytes_per_card_median: percentile(bytes, 50),
  bytes_per_card_max: Math.max(...bytes),
  peak_rss_mb: peakRss / 2 ** 20,
};
console.table(summary);
writeFigures('bench/results/share.json', `${JSON.stringify(summary, null, 2)}\n`);

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const section = `<!-- share:start -->
## Share cards

\`npm run bench:share\` (scripts/bench/share.ts) draws ${cards + 1} cards of 1200 x 630 in one process, as
the share function does (\`functions/src/lib/share-card.ts\`: satori lays the card out with the
embedded Noto Sans JP Bold, resvg (WebAssembly) rasterises it). Measured ${summary.measured_at.slice(0, 10)}
on the development machine (${process.version}, 2 cores shared with other work; 1-minute load average
${summary.load_average.map((l) => l.toFixed(1)).join(' then ')}).

| figure | value |
| ------ | ----- |
| first card (loads the 5.5 MB font and the rasteriser) | ${firstMs.toFixed(0)} ms |
| each next card, median / p95 | ${summary.ms_per_card_median.toFixed(0)} ms / ${summary.ms_per_card_p95.toFixed(0)} ms |
| bytes per card, median / largest | ${kb(summary.bytes_per_card_median)} / ${kb(summary.bytes_per_card_max)} |
| peak memory of the process | ${summary.peak_rss_mb.toFixed(0)} MB |

A card is drawn at most once per player, round and ranking snapshot (the next request finds it in
the bucket) and is then served by the uploads CDN with \`Cache-Control: immutable\`; the share
function has 1,536 MB (Lambda gives CPU in proportion to memory: at 1,769 MB one full vCPU, per
AWS's documentation), so a card costs about the median above on one core of this machine.
<!-- share:end -->`;
await writePerformanceSection('share', section);
console.log(`\nwrote bench/results/share.json and docs/performance.md`);
smokeDone();
