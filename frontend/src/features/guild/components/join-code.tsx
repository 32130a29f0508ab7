import { useState } from 'react';

/** What the code field accepts from a paste: full-width letters, spaces and case do not matter. */
export const normalizeJoinCode = (typed: string) =>
  typed
    .normalize('NFKC')
    .replace(/[\s-]+/g, '')
    .toUpperCase();

/** A guild's join code with buttons to copy it and, where the phone can, to share it. */
export function JoinCode({ code, guildName }: { code: string; guildName: string }) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const text = `ゴルフドリームチームのギルド「${guildName}」の参加コードは ${code} です。`;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = () =>
    navigator.clipboard.writeText(code).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  const share = () =>
    navigator
      .share({
        title: 'ギルドの参加コード',
        text,
        url: new URL(`/guild/code?code=${encodeURIComponent(code)}`, window.location.origin).href,
      })
      .catch(() => undefined);
  return (
    <div className="join-code">
      <p className="guild-code" data-testid="join-code">
        参加コード <strong>{code}</strong>
      </p>
      <div className="join-code__actions">
        <button type="button" className="button button--outline button--small" onClick={() => void copy()}>
          コピー
        </button>
        {canShare && (
          <button type="button" className="button button--outline button--small" onClick={() => void share()}>
            共有
          </button>
        )}
      </div>
      <p className="join-code__status" role="status">
        {copied === 'copied' && '参加コードをコピーしました。'}
        {copied === 'failed' && 'コピーできませんでした。コードを長押ししてコピーしてください。'}
      </p>
    </div>
  );
}
