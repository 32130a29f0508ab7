import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { campaignMasterListNames } from '@golf/shared/schemas/master';
import { AppLink } from '@/components/ui/app-link';
import { CompleteCard } from '@/components/ui/complete-card';
import {
  ConfirmActions,
  ConfirmList,
  controlProps,
  OptionSelect,
  Field,
  type FieldControl,
  type FieldErrors,
} from '@/components/ui/form-field';
import { PageSkeleton } from '@/components/ui/skeleton';
import { useConfirmCampaignEntry, useStoreCampaignEntry } from '@/features/campaign/api/campaign-entry';
import {
  campaignFields,
  emptyCampaignForm,
  type CampaignForm,
} from '@/features/campaign/components/campaign-fields';
import {
  campaignMasterListQueryOptions,
  useCampaignMasterList,
  type CampaignMasterListName,
} from '@/features/master/api/get-campaign-master-list';
import { isApiError } from '@/lib/api-client';

export const Route = createFileRoute('/campaign/gdo_2023')({
  staticData: {
    page: { title: 'キャンペーン', stackType: 'unset', layout: 'header-only', visitorAllowed: true },
  },
  loader: ({ context }) =>
    Promise.all(
      campaignMasterListNames.map((list) =>
        context.queryClient.ensureQueryData(campaignMasterListQueryOptions(list)),
      ),
    ),
  pendingComponent: () => <PageSkeleton cards={1} lines={8} />,
  component: CampaignPage,
});

type Step = 'input' | 'confirm' | 'complete';

function MasterSelect({
  list,
  control,
  value,
  onChange,
}: {
  list: CampaignMasterListName;
  control: FieldControl;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <OptionSelect control={control} options={useCampaignMasterList(list)} value={value} onChange={onChange} />
  );
}

function MasterName({ list, value }: { list: CampaignMasterListName; value: string }) {
  return <>{useCampaignMasterList(list).find((option) => option.value === value)?.name ?? value}</>;
}

function CampaignPage() {
  const [step, setStep] = useState<Step>('input');
  const [form, setForm] = useState<CampaignForm>(emptyCampaignForm);
  const confirm = useConfirmCampaignEntry();
  const store = useStoreCampaignEntry();
  const errors: FieldErrors = (isApiError(confirm.error) && confirm.error.errors) || {};
  const top = () => window.scrollTo({ top: 0 });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(form, {
      onSuccess: (checked) => {
        setForm(checked);
        setStep('confirm');
        top();
      },
      onError: top,
    });
  };

  if (step === 'complete')
    return (
      <div className="page-body">
        <CompleteCard title="お申し込みを受け付けました" action={{ href: '/', label: 'トップへ' }}>
          ご応募ありがとうございます。当選された方には、ご登録の会社のメールアドレスにご連絡いたします。
        </CompleteCard>
      </div>
    );

  return (
    <div className="page-body">
      <section className="campaign-hero">
        <p className="campaign-hero__label">法人のお客さま限定</p>
        <h1 className="campaign-hero__title">秋冬ゴルフキャンペーン</h1>
        <p className="campaign-hero__text">
          アンケートにお答えいただいた法人のお客さまの中から、抽選でゴルフ用品やラウンド招待券をプレゼントします。お申し込みはお一人さま1回までです。
        </p>
      </section>

      {step === 'confirm' ? (
        <>
          <p className="section__lead">内容をご確認のうえ、「申し込む」を押してください。</p>
          <section className="card">
            <ConfirmList
              rows={campaignFields.map((field) => ({
                label: field.label,
                value:
                  field.kind === 'select' ? (
                    <MasterName list={field.name} value={form[field.name]} />
                  ) : (
                    form[field.name]
                  ),
              }))}
            />
          </section>
          {store.error && (
            <p className="game-error" role="alert">
              {store.error.message}
            </p>
          )}
          <ConfirmActions
            pending={store.isPending}
            submitLabel="申し込む"
            onSubmit={() =>
              store.mutate(form, {
                onSuccess: () => {
                  setForm(emptyCampaignForm());
                  setStep('complete');
                  top();
                },
              })
            }
            onBack={() => {
              store.reset();
              setStep('input');
            }}
          />
        </>
      ) : (
        <form className="card form" onSubmit={submit} noValidate>
          {confirm.error && (
            <p className="game-error" role="alert">
              {Object.keys(errors).length > 0 ? '入力内容をご確認ください。' : confirm.error.message}
            </p>
          )}
          {campaignFields.map((field) => (
            <Field
              key={field.name}
              label={field.label}
              required
              errors={errors[field.name]}
              hint={field.kind === 'text' ? field.hint : undefined}
            >
              {(control) =>
                field.kind === 'select' ? (
                  <MasterSelect
                    list={field.name}
                    control={control}
                    value={form[field.name]}
                    onChange={(value) => setForm({ ...form, [field.name]: value })}
                  />
                ) : (
                  <input
                    {...controlProps(control)}
                    className="form-control"
                    type={field.type ?? 'text'}
                    autoComplete={field.autoComplete}
                    value={form[field.name]}
                    onChange={(event) => setForm({ ...form, [field.name]: event.target.value })}
                  />
                )
              }
            </Field>
          ))}
          <p className="muted">
            ご入力いただいた情報は、
            <AppLink href="/privacy-policy" className="text-link">
              プライバシーポリシー
            </AppLink>
            に従って取り扱います。
          </p>
          <button type="submit" className="button button--primary button--block" disabled={confirm.isPending}>
            {confirm.isPending ? '確認中…' : '確認画面へ'}
          </button>
        </form>
      )}
    </div>
  );
}
