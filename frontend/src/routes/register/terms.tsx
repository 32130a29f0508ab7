import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import terms from 'virtual:doc/terms';
import type { UserMeResponse } from '@golf/shared/schemas/account';
import { AppLink } from '@/components/ui/app-link';
import { DocumentSections } from '@/components/ui/document-sections';
import { useAcceptPolicy } from '@/features/account/api/account-calls';
import { FormError } from '@/features/account/components/account-parts';
import { acceptPolicy, setAuthUser } from '@/lib/auth';

export const Route = createFileRoute('/register/terms')({
  staticData: { page: { title: '新規登録', stackType: 'unset', visitorAllowed: false, pageType: 'account' } },
  component: RegisterTermsPage,
});

function RegisterTermsPage() {
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(false);
  const accept = useAcceptPolicy();
  const onAccepted = (me: UserMeResponse) => {
    acceptPolicy();
    setAuthUser(me);
    void navigate({ to: me.status === 'complete' ? '/' : '/register/necessary' });
  };
  return (
    <div className="page-body">
      <p className="section__lead">ご利用の前に、利用規約とプライバシーポリシーをご確認ください。</p>
      <div className="register-terms" tabIndex={0} aria-label="利用規約">
        <DocumentSections sections={terms.sections} variant="article" />
      </div>
      <section className="card form">
        <FormError error={accept.error} />
        <label className="form-check">
          <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
          <span>
            利用規約と
            <AppLink href="/privacy-policy" className="text-link">
              プライバシーポリシー
            </AppLink>
            に同意する
          </span>
        </label>
        <button
          type="button"
          className="button button--primary button--block"
          disabled={!agreed || accept.isPending}
          onClick={() => accept.mutate(undefined, { onSuccess: onAccepted })}
        >
          {accept.isPending ? '送信中…' : '同意して次へ'}
        </button>
      </section>
    </div>
  );
}
