import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCreateShareCard } from '../api/create-share-card';
import { myGuildQueryOptions } from '@/features/guild/api/guild-queries';
import { SaveError } from '@/components/ui/save-error';
import { ToggleSwitch } from '@/components/ui/toggle-switch';

const shareText = (tournamentName: string, round: number) =>
  `${tournamentName} 第${round}ラウンドの私のドリームチーム #ゴルフドリームチーム`;

/**
 * After the deadline: my team and rank for the round as an image, with its public page to share on
 * X or LINE. The card is drawn on the server once per ranking snapshot. The owner of a guild may
 * choose to put its join code on the page (off unless ticked: whoever reads the page can join).
 */
export function ShareCard({
  round,
  gameGlobalId,
  tournamentName,
}: {
  round: number;
  gameGlobalId: string;
  tournamentName: string;
}) {
  const create = useCreateShareCard(round, gameGlobalId);
  const guild = useQuery(myGuildQueryOptions()).data?.guild;
  const [withJoinCode, setWithJoinCode] = useState(false);
  const card = create.data;
  const text = shareText(tournamentName, round);
  const chooseJoinCode = (on: boolean) => {
    setWithJoinCode(on);
    // A card already made: its page with (or without) the code, the same image.
    if (card) create.mutate(on);
  };
  return (
    <section className="section" aria-labelledby="share-heading">
      <h2 id="share-heading" className="section__title">
        チームをシェア
      </h2>
      <p className="section__lead">チームと順位の画像を作って、X や LINE でシェアできます。</p>
      {guild?.join_code && (
        <ToggleSwitch
          title="ギルドの参加コードも載せる"
          hint={`共有ページにギルド「${guild.name}」の参加コードを載せます。ページを見た人は誰でも参加できます。`}
          checked={withJoinCode}
          disabled={create.isPending}
          onChange={chooseJoinCode}
        />
      )}
      <SaveError error={create.error} />
      {card ? (
        <div className="share-card" data-testid="share-card">
          <img
            className="share-card__image"
            src={card.image_url}
            width={600}
            height={315}
            alt={`第${round}ラウンドのチームと順位の画像`}
          />
          <div className="share-card__links">
            <a
              className="button button--primary button--small"
              href={`https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(card.share_url)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              X でシェア
            </a>
            <a
              className="button button--primary button--small"
              href={`https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(card.share_url)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              LINE で送る
            </a>
            <a
              className="button button--outline button--small"
              href={card.share_url}
              target="_blank"
              rel="noopener noreferrer"
            >
              共有ページを開く
            </a>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button--outline"
          disabled={create.isPending}
          onClick={() => create.mutate(withJoinCode)}
        >
          {create.isPending ? '画像を作成中…' : 'シェア画像を作る'}
        </button>
      )}
    </section>
  );
}
