import { createFileRoute } from '@tanstack/react-router';
import { currentTournament } from '@golf/shared/schedule/derive-schedule';
import { AppLink } from '@/components/ui/app-link';
import { Icon, type IconName } from '@/components/ui/icon';
import { LinkCardBody } from '@/components/ui/link-card-body';
import { SkeletonCard } from '@/components/ui/skeleton';
import { CopyNextRoundToggle } from '@/features/game/components/copy-next-round-toggle';
import { MyScoreCard } from '@/features/game/components/my-score-card';
import { ScoreChanges } from '@/features/game/components/score-changes';
import { SeasonCharts } from '@/features/game/components/season-charts';
import { StillToWin } from '@/features/game/components/still-to-win';
import { WonPrizeList } from '@/features/prize/components/won-prize-list';
import { ReminderSettingsCard } from '@/features/reminders/components/reminder-settings-card';
import { SaveReceiptCard } from '@/features/reminders/components/save-receipt-card';
import { schedulesQueryOptions, useSchedules } from '@/features/schedule/api/get-schedules';
import { openRound } from '@/features/schedule/utils/tournament';
import { useAuth } from '@/lib/auth';
import { useNow } from '@/lib/use-now';
import type { AppHref } from '@/lib/app-href';

export const Route = createFileRoute('/mypage/')({
  staticData: { page: { title: 'マイページ', stackType: 'static', parent: '/', pageType: 'account' } },
  loader: ({ context }) => context.queryClient.ensureQueryData(schedulesQueryOptions()),
  pendingComponent: () => (
    <div className="page-body page-body--pending" role="status" aria-label="読み込み中">
      <SkeletonCard lines={3} />
      <SkeletonCard lines={4} />
    </div>
  ),
  component: MyPage,
});

const playLinks: ReadonlyArray<{ href: AppHref; icon: IconName; title: string; text: string }> = [
  { href: '/gametop', icon: 'flag', title: 'ゲームトップ', text: '開催中の大会とエントリー' },
  { href: '/ranking/golf/personal', icon: 'ranking', title: '個人ランキング', text: 'あなたの順位を確認' },
  { href: '/guild', icon: 'guild', title: 'ギルド', text: '参加中のギルドとチャット' },
  { href: '/prize', icon: 'prize', title: '賞品一覧', text: '大会賞・年間賞・エントリー賞' },
];

const settingLinks: ReadonlyArray<{ href: AppHref; label: string }> = [
  { href: '/mypage/profile/edit', label: 'プロフィールを編集する' },
  { href: '/settings/mail', label: 'メールアドレスを変更する' },
  { href: '/settings/password', label: 'パスワードを変更する' },
  { href: '/withdrawal', label: '退会する' },
  { href: '/logout', label: 'ログアウト' },
];

function MyPage() {
  const { authUser } = useAuth();
  const schedules = useSchedules();
  const tournament = currentTournament(schedules);
  const now = useNow(30_000);
  const next = schedules
    .filter((s) => s.status === 'upcoming' && s.game_global_id !== tournament?.game_global_id)
    .sort((a, b) => a.tournament_start_on.localeCompare(b.tournament_start_on))[0];
  const nickname = authUser?.nickname ?? 'ゲスト';
  return (
    <div className="page-body">
      <section className="card profile-card" aria-label="プロフィール">
        {authUser?.profile_img_url ? (
          <img className="profile-card__image" src={authUser.profile_img_url} alt="" />
        ) : (
          <span className="profile-card__image profile-card__image--empty" aria-hidden="true">
            <Icon name="user" size={32} />
          </span>
        )}
        <div className="profile-card__body">
          <p className="profile-card__name" data-testid="mypage-nickname">
            {nickname}
          </p>
          {authUser?.email && <p className="profile-card__email">{authUser.email}</p>}
          <AppLink href="/mypage/profile/edit" className="text-link">
            プロフィールを編集
          </AppLink>
        </div>
      </section>

      {tournament && (
        <StillToWin tournament={tournament} openRound={openRound(tournament, now)} next={next} />
      )}

      {tournament && (
        <section className="section" aria-labelledby="mypage-tournament-heading">
          <h2 id="mypage-tournament-heading" className="section__title">
            {tournament.tournament_name}
          </h2>
          <MyScoreCard gameGlobalId={tournament.game_global_id} enabled />
          <ScoreChanges gameGlobalId={tournament.game_global_id} />
        </section>
      )}

      <SeasonCharts />

      <WonPrizeList />

      <CopyNextRoundToggle checked={authUser?.['is_copy_next_round'] === true} />
      <ReminderSettingsCard />
      <SaveReceiptCard />

      <section className="section" aria-labelledby="mypage-play-heading">
        <h2 id="mypage-play-heading" className="section__title">
          あそぶ
        </h2>
        <ul className="link-list">
          {playLinks.map((link) => (
            <li key={link.href}>
              <AppLink href={link.href} className="card link-card">
                <LinkCardBody icon={link.icon} title={link.title} text={link.text} />
              </AppLink>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="mypage-settings-heading">
        <h2 id="mypage-settings-heading" className="section__title">
          設定
        </h2>
        <ul className="card card--flush settings-list">
          {settingLinks.map((link) => (
            <li key={link.href}>
              <AppLink href={link.href} className="settings-list__item">
                {link.label}
                <Icon name="next" size={16} />
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
