import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';

/** Nothing to show yet, said plainly, with what to do next when there is something. */
export function EmptyState({
  title = 'データがありません',
  icon = 'flag',
  children,
}: {
  title?: string;
  icon?: IconName;
  children?: ReactNode;
}) {
  return (
    <div className="empty-state" role="status">
      <span className="empty-state__icon">
        <Icon name={icon} size={28} />
      </span>
      <p className="empty-state__title">{title}</p>
      {children && <div className="empty-state__body">{children}</div>}
    </div>
  );
}
