import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { contactTypes } from '@golf/shared/schemas/contact';
import { ConfirmActions, ConfirmList } from '@/components/ui/form-field';
import { useSendContact } from '@/features/contact/api/send-contact';
import { useContactDraft } from '@/features/contact/contact-draft';
import { isApiError } from '@/lib/api-client';

export const Route = createFileRoute('/contact/confirm')({
  staticData: {
    page: { title: 'お問い合わせ', stackType: 'static', parent: '/contact', visitorAllowed: true },
  },
  component: ContactConfirmPage,
});

function ContactConfirmPage() {
  const navigate = useNavigate();
  const draft = useContactDraft();
  const send = useSendContact();
  // Opened directly or after a reload: there is nothing to confirm.
  if (!draft.agreed) return <Navigate to="/contact" replace />;

  const error = send.error;
  const fieldMessages = isApiError(error) ? Object.values(error.errors ?? {}).flat() : [];
  return (
    <div className="page-body">
      <p className="section__lead">内容をご確認のうえ、「送信する」を押してください。</p>
      <section className="card">
        <ConfirmList
          rows={[
            { label: 'メールアドレス', value: draft.email },
            {
              label: 'お問い合わせの種類',
              value: contactTypes.find((type) => type.value === draft.contactType)?.name ?? '',
            },
            { label: 'お問い合わせ内容', value: draft.contactContent },
          ]}
        />
      </section>
      {error && (
        <div className="game-error" role="alert">
          <p>{error.message}</p>
          {fieldMessages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <ConfirmActions
        pending={send.isPending}
        submitLabel="送信する"
        onSubmit={() =>
          send.mutate(
            { email: draft.email, contactType: draft.contactType, contactContent: draft.contactContent },
            { onSuccess: () => void navigate({ to: '/contact/complete', replace: true }) },
          )
        }
        onBack={() => void navigate({ to: '/contact' })}
      />
    </div>
  );
}
