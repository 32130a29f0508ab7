import { AppLink } from '@/components/ui/app-link';

const steps = [
  { title: '選手を4人選ぶ', text: '出場選手の中から、各ラウンドの締切までに4人を選んでチームを編成。' },
  { title: '実際のスコアで勝負', text: '選んだ選手のそのラウンドのスコア（パー比）の合計がチームの成績に。' },
  { title: '上位入賞で賞品', text: '大会・年間のランキング上位には賞品をご用意しています。' },
] as const;

export function HowToSteps() {
  return (
    <div className="card how-to">
      <ol className="how-to__steps">
        {steps.map((step, index) => (
          <li key={step.title} className="how-to__step">
            <span className="how-to__number" aria-hidden="true">
              {index + 1}
            </span>
            <span>
              <strong className="how-to__title">{step.title}</strong>
              <span className="how-to__text">{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
      <AppLink href="/howto" className="text-link">
        くわしい遊び方
      </AppLink>
    </div>
  );
}
