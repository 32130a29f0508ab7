import { topicItem, type TopicRecord } from '../../functions/src/db/repositories/topic-repository';
import type { SampleSeason } from './generate';

const daysFrom = (now: Date, days: number, hour = 10) => {
  const at = new Date(now.getTime() + days * 86_400_000);
  at.setUTCHours(hour - 9, 0, 0, 0); // hour in Tokyo
  return at.toISOString();
};

/** Notices of the sample season around `now`, newest last; one is scheduled and not yet shown. */
export function sampleTopicItems(season: SampleSeason, now: Date): Record<string, unknown>[] {
  const [current, next, rainedOut] = [season.tournaments[6]!, season.tournaments[7]!, season.tournaments[3]!];
  const topics: Array<Omit<TopicRecord, 'updated_at'>> = [
    {
      id: 'season-open',
      category: 'news',
      title: `${season.seasonId}年シーズンが開幕しました`,
      body: `${season.seasonId}年シーズンのゴルフドリームチームが開幕しました。\n\n今シーズンも、大会ごとの個人ランキング・ギルドランキングに加えて、シーズンを通した年間ランキングで豪華賞品をご用意しています。遊び方のページもあわせてご覧ください。`,
      published_at: daysFrom(now, -45),
    },
    {
      id: 'ai-selection',
      category: 'news',
      title: 'AIセレクトモードで3つのタイプが選べるようになりました',
      body: 'チーム編成の「AIセレクト」で、コンディション重視・安定感重視・チャンス重視の3つのタイプから選べるようになりました。\n\nAIの選び方は決まった計算式で、同じデータならいつも同じ4人を選びます。迷ったときの参考にどうぞ。',
      published_at: daysFrom(now, -30),
    },
    {
      id: `rain-${rainedOut.game_global_id}`,
      category: 'tournament',
      title: `${rainedOut.tournament_name} 第4ラウンド中止のお知らせ`,
      body: `${rainedOut.tournament_name}は、荒天のため第4ラウンドが中止となりました。\n\n中止となったラウンドは、どなたのスコアにも含めません。大会のランキングは第3ラウンドまでの結果で確定します。`,
      published_at: daysFrom(now, -20, 16),
    },
    {
      id: 'maintenance-1',
      category: 'maintenance',
      title: 'システムメンテナンスのお知らせ',
      body: 'サービスの安定運用のため、システムメンテナンスを行いました。\n\nメンテナンス中はご利用いただけず、ご不便をおかけしました。ご協力ありがとうございました。',
      published_at: daysFrom(now, -10, 9),
    },
    {
      id: `entry-${current.game_global_id}`,
      category: 'tournament',
      title: `${current.tournament_name} エントリー受付中`,
      body: `${current.tournament_name}のエントリーを受け付けています。\n\n各ラウンドの締め切りは、第1組のスタート時刻です。締め切りまでは何度でも選び直せます。「次のラウンドに引き継ぐ」をオンにしておくと、チームの作り忘れを防げます。`,
      published_at: daysFrom(now, -3),
    },
    {
      id: 'campaign-autumn',
      category: 'campaign',
      title: '法人のお客さま向け 秋冬ゴルフキャンペーン実施中',
      body: '法人のお客さまを対象に、アンケートにお答えいただいた方の中から抽選でゴルフ用品やラウンド招待券が当たるキャンペーンを実施しています。\n\nお申し込みはキャンペーンページからどうぞ。',
      published_at: daysFrom(now, -1),
    },
    {
      id: `preview-${next.game_global_id}`,
      category: 'tournament',
      title: `次週は${next.tournament_name}`,
      body: `次週は${next.tournament_name}が開催されます。エントリーの受付は大会の週に始まります。`,
      published_at: daysFrom(now, 3),
    },
  ];
  const at = now.toISOString();
  return topics.map((topic) => topicItem({ ...topic, updated_at: at }));
}
