import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { controlProps, Field } from '@/components/ui/form-field';
import { useWithdraw } from '@/features/account/api/account-calls';
import { apiFieldErrors, FormError } from '@/features/account/components/account-parts';
import { clearAuth } from '@/lib/auth';

export const Route = createFileRoute('/withdrawal/')({
  staticData: { page: { title: '退会', stackType: 'dynamic', parent: '/mypage', pageType: 'account' } },
  component: WithdrawalPage,
});

function WithdrawalPage() {
  const navigate = useNavigate();
  const withdraw = useWithdraw();
  const [agree, setAgree] = useState(false);
  const [reason, setReason] = useState('');
  const errors = apiFieldErrors(withdraw.error);
  const submit = () =>
    withdraw.mutate(
      { agree: true, ...(reason.trim() ? { reason } : {}) },
      {
        onSuccess: () => {
          clearAuth();
          void navigate({ to: '/withdrawal/complete', replace: true });
        },
      },
    );
  return (
    <div className="page-body">
      <section className="card withdrawal-notes" aria-labelledby="withdrawal-notes-heading">
        <h2 id="withdrawal-notes-heading" className="card-title">
          退会の前にご確認ください
        </h2>
        <ul>
          <li>プロフィール、メールアドレス、ログイン情報は削除され、元に戻せません。</li>
          <li>
            ギルドから脱退します。ギルドのオーナーの場合は、最も長く参加しているメンバーに引き継がれます。
          </li>
          <li>当選した賞品の受け取り手続きができなくなります。</li>
          <li>チーム、ランキング、ギルドチャットの記録は「退会したユーザー」として残ります。</li>
        </ul>
      </section>
      <section className="card form" aria-label="退会手続き">
        <FormError error={withdraw.error} />
        <Field label="退会の理由（任意）" errors={errors['reason']} hint="500文字まで">
          {(control) => (
            <textarea
              {...controlProps(control)}
              className="form-control"
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        <label className="form-check">
          <input type="checkbox" checked={agree} onChange={(event) => setAgree(event.target.checked)} />
          <span>上の注意事項を確認しました</span>
        </label>
        <button
          type="button"
          className="button button--danger button--block"
          disabled={!agree || withdraw.isPending}
          onClick={submit}
        >
          {withdraw.isPending ? '手続き中…' : '退会する'}
        </button>
      </section>
    </div>
  );
}
