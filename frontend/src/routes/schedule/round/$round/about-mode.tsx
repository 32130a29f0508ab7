import { createFileRoute, Link } from '@tanstack/react-router';
import { aiModeLabels, aiModes, parseRound } from '../../../../features/game/utils/labels';

export const Route = createFileRoute('/schedule/round/$round/about-mode')({
  component: AboutModePage,
});

function AboutModePage() {
  const round = parseRound(Route.useParams().round);
  return (
    <div className="page-body">
      <section className="card prose">
        <h2 className="card-title">チームの選び方</h2>
        <p>
          ラウンドごとに、出場選手の中から4人（ドラフト1〜4）を選んでチームを作ります。同じ選手を2人分選ぶことはできません。
        </p>
        <p>締め切り（各ラウンドの第1組のスタート時刻・日本時間）までは、何度でも選び直せます。</p>
      </section>
      <section className="card prose">
        <h3 className="card-title">かんたんモード</h3>
        <p>
          飛距離やパットなどの指標カードから選んだり、2人の選手を並べて比べたりして選びます。はじめての方におすすめです。
        </p>
      </section>
      <section className="card prose">
        <h3 className="card-title">アドバンスモード</h3>
        <p>
          平均スコア、パーオン率、獲得賞金など、選手ごとの詳しいデータを見て選びます。並べ替えもできます。
        </p>
      </section>
      <section className="card prose">
        <h3 className="card-title">AIセレクトモード</h3>
        <p>
          3つのタイプから選ぶと、AIが4人を選びます。AIの選び方は決まった計算式で、ランダムではありません。同じデータなら、いつも同じ4人になります。
        </p>
        <ul>
          {aiModes.map((type) => (
            <li key={type}>
              <strong>{aiModeLabels[type].title}</strong>：{aiModeLabels[type].text}
            </li>
          ))}
        </ul>
      </section>
      <section className="card prose">
        <h3 className="card-title">選べない選手</h3>
        <p>
          予選カットの後のラウンドでは、予選を通過した選手だけを選べます。棄権した選手や予選落ちした選手は、選択画面に表示されません。
        </p>
        <p>
          締め切りまでに入れ替えなかった場合は、AIの「コンディション重視」の選手に自動で入れ替わり、(AUTO)
          と表示されます。
        </p>
      </section>
      <Link
        to="/schedule/round/$round"
        params={{ round: String(round) }}
        className="button button--primary button--block"
      >
        ラウンド {round} のチームへ
      </Link>
    </div>
  );
}
