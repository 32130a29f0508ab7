import type { ReactNode } from 'react';
import { AppLink } from './app-link';
import { Icon } from './icon';
import type { AppHref } from '@/lib/app-href';

/** The card a form ends on: a check mark, what happened, and the way on. */
export function CompleteCard({
  title,
  children,
  action = { href: '/', label: 'トップへ戻る' },
}: {
  title: string;
  children: ReactNode;
  action?: { href: AppHref; label: string };
}) {
  return (
    <section className="card complete-card">
      <span className="complete-card__icon" aria-hidden="true">
        <Icon name="check" size={32} />
      </span>
      <h2 className="card-title">{title}</h2>
      <p className="muted">{children}</p>
      <AppLink href={action.href} className="button button--primary button--block">
        {action.label}
      </AppLink>
    </section>
  );
}
