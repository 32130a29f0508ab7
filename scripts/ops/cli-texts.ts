/** What the operator CLI tells the operator about an answer, in the operator's words. */
import { actionPreviewLines } from '../../shared/src/game/ranking-impact';
import { actionPreviewSchema, type MigrationRun } from '../../shared/src/schemas/ops';

/** One line on a new operator, in the operator's words. */
export function operatorSummary(answer: Record<string, unknown>): string | null {
  if (typeof answer['already_done'] !== 'boolean' || typeof answer['user_id'] !== 'string') return null;
  return answer['already_done']
    ? `${String(answer['email'])} はすでに運営者です。`
    : [
        `${String(answer['email'])} を運営者にしました。運営画面（/ops）を使うまでの手順：`,
        '  1. スマートフォンに認証アプリ（Google Authenticator、Microsoft Authenticator など）を入れる',
        '  2. /login にメールアドレスとパスワードでログインする（ログイン中なら一度ログアウトする）',
        '  3. 表示される「二段階認証の設定」でQRコードを読み取り（またはキーを入力し）、6桁のコードを入力する',
        '  4. 次回からはログインのたびにパスワードと認証アプリのコードを入力する',
      ].join('\n');
}

/** One line on an operator's authenticator app removed. */
export const mfaResetSummary = (email: string) =>
  `${email} の二段階認証を解除し、ログイン中のセッションを終了しました。次のログインで新しい認証アプリを設定します。`;

/** A dry run of a correction, a withdrawal or a cancel: the teams and rankings it would change. */
export function previewSummary(answer: Record<string, unknown>): string | null {
  const preview = actionPreviewSchema.safeParse(answer['preview']);
  if (answer['dry_run'] !== true || !preview.success) return null;
  return ['確認のみ（まだ実行していません）', ...actionPreviewLines(preview.data)].join('\n');
}

/** One line on a prize retired or restored. */
export function retirementSummary(retired: boolean, answer: Record<string, unknown>): string {
  const name = String((answer['prize'] as { name?: string } | undefined)?.name ?? '');
  const done = retired ? '公開をやめています' : '公開しています';
  if (answer['already_done'] === true) return `「${name}」はすでに${done}。何も変えていません。`;
  return retired
    ? `「${name}」の公開をやめました。賞品一覧に表示されず、抽選されません。`
    : `「${name}」を公開に戻しました。`;
}

/**
 * One line on an import's answer: players and rows are counted apart. A dry run changed nothing, so
 * it says what the import would do.
 */
export function importSummary(answer: Record<string, unknown>): string | null {
  if (typeof answer['players'] !== 'number' || typeof answer['rows'] !== 'number') return null;
  const counts = `${answer['rows']}行、選手${answer['players']}人（変更あり${String(answer['changed'])}人、変更なし${String(answer['unchanged'])}人）`;
  if (answer['imported'] === false)
    return `確認のみで、何も変えていません。取り込むと：${counts}${
      answer['tournament_changed'] === true ? '、大会の情報も変わります' : ''
    }。スコアとランキングは、取り込んだあとで計算し直されます`;
  return `取り込みました：${counts}${
    answer['tournament_changed'] === true ? '、大会の情報を更新' : ''
  }。スコアとランキングはまもなく更新されます`;
}

/** What one call of the migrations did, a line each. */
export function migrationLines(run: MigrationRun): string[] {
  const states = {
    applied_before: '適用済み',
    applied: '適用しました',
    unfinished: '続きがあります',
    waiting: '前の移行を待っています',
  } as const;
  return run.migrations.map(
    (migration) =>
      `${migration.name}：${states[migration.state]}${migration.moved ? `（${migration.moved}件を移動）` : ''}`,
  );
}
