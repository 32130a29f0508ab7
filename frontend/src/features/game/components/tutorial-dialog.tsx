import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { useFinishTutorial } from '../api/finish-tutorial';

const steps = [
  {
    title: 'ようこそ！',
    text: '実際のトーナメントに出場する選手の中から4人を選んで、あなただけのドリームチームを作りましょう。',
  },
  {
    title: 'ラウンドごとにチームを作る',
    text: '1つの大会は4ラウンド。ラウンドごとに4人を選びます。締め切り（第1組のスタート時刻）までは何度でも選び直せます。',
  },
  {
    title: '3つの選び方',
    text: '指標カードで選ぶ「かんたん」、詳しいデータで選ぶ「アドバンス」、タイプを選ぶだけの「AIセレクト」から選べます。',
  },
  {
    title: 'スコアで競う',
    text: '選んだ4人の実際のスコア（パーに対する打数）の合計がチームのスコアです。少ないほど上位。ランキング上位には賞品もあります。',
  },
] as const;

/**
 * The first-visit tutorial: shown to a signed-in player whose tutorial_flg is still false. Finishing
 * or skipping it sets the flag (it never goes back), so it appears once per account.
 */
export function TutorialDialog() {
  const { authUser } = useAuth();
  const show = authUser?.['tutorial_flg'] === false;
  const dialog = useRef<HTMLDialogElement>(null);
  const [step, setStep] = useState(0);
  const finish = useFinishTutorial();

  useEffect(() => {
    const element = dialog.current;
    if (show && element && !element.open) element.showModal();
  }, [show]);

  if (!show) return null;
  const current = steps[step]!;
  const last = step === steps.length - 1;
  const close = () => {
    finish.mutate(undefined, { onSuccess: () => dialog.current?.close() });
  };

  return (
    <dialog
      ref={dialog}
      className="tutorial"
      aria-labelledby="tutorial-title"
      data-testid="tutorial"
      onCancel={(event) => {
        // Esc counts as skipping: the flag is saved, so the tutorial does not return.
        event.preventDefault();
        close();
      }}
    >
      <p className="tutorial__step">
        {step + 1} / {steps.length}
      </p>
      <h2 id="tutorial-title" className="tutorial__title">
        {current.title}
      </h2>
      <p className="tutorial__text">{current.text}</p>
      <ol className="tutorial__dots" aria-hidden="true">
        {steps.map((item, index) => (
          <li key={item.title} data-active={index === step} />
        ))}
      </ol>
      {finish.isError && (
        <p className="game-error" role="alert">
          保存できませんでした。通信環境をご確認のうえ、もう一度お試しください。
        </p>
      )}
      <div className="tutorial__actions">
        {last ? (
          <button
            type="button"
            className="button button--primary button--block"
            autoFocus
            disabled={finish.isPending}
            onClick={close}
          >
            はじめる
          </button>
        ) : (
          <>
            <button
              type="button"
              className="button button--outline"
              disabled={finish.isPending}
              onClick={close}
            >
              スキップ
            </button>
            <button
              type="button"
              className="button button--primary"
              autoFocus
              onClick={() => setStep(step + 1)}
            >
              次へ
            </button>
          </>
        )}
      </div>
    </dialog>
  );
}
