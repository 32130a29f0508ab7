import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/** 1200 x 630: the size Open Graph and X's large summary card show without cropping. */
export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/**
 * The font the renderer reads at run time. The Lambda bundle gets a copy next to its code (infra
 * copies it after bundling); locally it is read from node_modules. satori and resvg (with its
 * WebAssembly module) are imported only when the first card is drawn; in AWS they are installed next
 * to the bundle (infra/lib/constructs/api-function.ts), so a cold start does not compile them.
 */
export const shareCardAssets = ['@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf'] as const;
const [fontAsset] = shareCardAssets;
const wasmModule = '@resvg/resvg-wasm/index_bg.wasm';

const resolveModule = (spec: string) => createRequire(import.meta.url).resolve(spec);

function assetPath(spec: string): string {
  const bundled = fileURLToPath(new URL(`./${basename(spec)}`, import.meta.url));
  return existsSync(bundled) ? bundled : resolveModule(spec);
}

/** What a card shows: one player's team and standing for one round. */
export interface ShareCardData {
  siteName: string;
  tournamentName: string;
  round: number;
  nickname: string;
  /** The 4 picks' names, in slot order; null for an empty slot. */
  players: Array<string | null>;
  /** The team's round score as shown on the site (`-12`, `E`, `+3`), or null before any result. */
  score: string | null;
  rank: number | null;
  provisional: boolean;
}

/** A satori element: the JSX shape without React. */
interface Node {
  type: string;
  props: { style?: Record<string, string | number>; children?: Array<Node | string> | Node | string };
}
const el = (
  type: string,
  style: Record<string, string | number>,
  children?: Node['props']['children'],
): Node => ({
  type,
  props: { style: { display: 'flex', ...style }, ...(children === undefined ? {} : { children }) },
});

function shareCardTree(data: ShareCardData): Node {
  const picks = data.players.map((name, index) =>
    el(
      'div',
      {
        width: 480,
        padding: '12px 22px',
        marginBottom: 16,
        borderRadius: 14,
        background: 'rgba(255,255,255,0.14)',
        fontSize: 34,
        alignItems: 'center',
      },
      [
        el('div', { color: '#ffd54a', marginRight: 16, fontSize: 28 }, `${index + 1}`),
        el('div', { overflow: 'hidden', whiteSpace: 'nowrap' }, name ?? '—'),
      ],
    ),
  );
  const standing = [
    el('div', { flexDirection: 'column', alignItems: 'flex-end' }, [
      el('div', { fontSize: 26, opacity: 0.85 }, 'スコア'),
      el('div', { fontSize: 72, lineHeight: 1.1 }, data.score ?? '—'),
    ]),
    el('div', { flexDirection: 'column', alignItems: 'flex-end', marginLeft: 56 }, [
      el('div', { fontSize: 26, opacity: 0.85 }, data.provisional ? '順位（速報）' : '順位'),
      el('div', { fontSize: 72, lineHeight: 1.1 }, data.rank === null ? '—' : `${data.rank}位`),
    ]),
  ];
  return el(
    'div',
    {
      width: SHARE_CARD_WIDTH,
      height: SHARE_CARD_HEIGHT,
      color: '#ffffff',
      backgroundImage: 'linear-gradient(135deg, #0d7a45 0%, #064027 100%)',
      fontFamily: 'Noto Sans JP',
    },
    // Margins rather than padding: the card's own size stays exactly 1200 x 630.
    el(
      'div',
      { flexGrow: 1, flexDirection: 'column', justifyContent: 'space-between', margin: '44px 60px' },
      [
        el('div', { flexDirection: 'column' }, [
          el('div', { fontSize: 30, opacity: 0.9 }, `${data.tournamentName}\u3000第${data.round}ラウンド`),
          el(
            'div',
            { fontSize: 56, marginTop: 8, overflow: 'hidden', whiteSpace: 'nowrap' },
            `${data.nickname} のドリームチーム`,
          ),
        ]),
        el('div', { flexWrap: 'wrap', justifyContent: 'space-between' }, picks),
        el('div', { justifyContent: 'space-between', alignItems: 'flex-end' }, [
          el('div', { fontSize: 32, color: '#ffd54a' }, data.siteName),
          el('div', {}, standing),
        ]),
      ],
    ),
  );
}

let loaded: Promise<{ font: Buffer; render: (svg: string) => Uint8Array }> | undefined;

/** Font, layout engine and rasteriser, loaded once per process (the first card pays for them). */
function renderer() {
  loaded ??= (async () => {
    const [font, wasm, resvg] = await Promise.all([
      readFile(assetPath(fontAsset)),
      readFile(resolveModule(wasmModule)),
      import('@resvg/resvg-wasm'),
    ]);
    await resvg.initWasm(wasm);
    return {
      font,
      render: (svg: string) =>
        new resvg.Resvg(svg, { fitTo: { mode: 'width', value: SHARE_CARD_WIDTH } }).render().asPng(),
    };
  })();
  return loaded;
}

/** The card as a PNG: satori lays the tree out to SVG with the embedded font, resvg rasterises it. */
export async function renderShareCard(data: ShareCardData): Promise<Buffer> {
  const [{ font, render }, { default: satori }] = await Promise.all([renderer(), import('satori')]);
  const svg = await satori(shareCardTree(data) as unknown as Parameters<typeof satori>[0], {
    width: SHARE_CARD_WIDTH,
    height: SHARE_CARD_HEIGHT,
    fonts: [{ name: 'Noto Sans JP', data: font, weight: 700, style: 'normal' }],
  });
  return Buffer.from(render(svg));
}
