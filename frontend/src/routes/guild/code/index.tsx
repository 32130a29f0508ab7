import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { controlProps, Field, type FieldErrors } from '@/components/ui/form-field';
import { useJoinGuildByCode } from '@/features/guild/api/guild-mutations';
import { normalizeJoinCode } from '@/features/guild/components/join-code';
import { isApiError } from '@/lib/api-client';
import { optionalText, pageSearch } from '@/lib/search-params';

/** `?code=…`: an invitation (a share page, a shared link) fills the code in. */
const searchSchema = pageSearch({ code: optionalText(32) });

export const Route = createFileRoute('/guild/code/')({
  staticData: { page: { title: 'ギルド', stackType: 'static', parent: '/guild', pageType: 'guild' } },
  validateSearch: searchSchema,
  component: GuildCodePage,
});

function GuildCodePage() {
  const navigate = useNavigate();
  const join = useJoinGuildByCode();
  const invited = Route.useSearch().code;
  const [code, setCode] = useState(() => normalizeJoinCode(invited ?? ''));
  const errors: FieldErrors = (isApiError(join.error) && join.error.errors) || {};
  const message = join.error && !errors['code'] ? [join.error.message] : errors['code'];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate(code, {
      onSuccess: (joined) =>
        void navigate({ to: '/guild/code/$id/complete', params: { id: joined.guild_id }, replace: true }),
    });
  };
  return (
    <div className="page-body">
      <form className="card form" onSubmit={submit} noValidate>
        <p className="muted">ギルドマスターから受け取った8文字の参加コードを入力してください。</p>
        <Field label="参加コード" required errors={message}>
          {(control) => (
            <input
              {...controlProps(control)}
              className="form-control guild-code-input"
              autoComplete="off"
              autoCapitalize="characters"
              value={code}
              onChange={(event) => setCode(normalizeJoinCode(event.target.value))}
            />
          )}
        </Field>
        <button type="submit" className="button button--primary button--block" disabled={join.isPending}>
          参加する
        </button>
      </form>
    </div>
  );
}
