import type { ResolvedPage } from '@/config/pages';
import { backNavigation, computeTitleBar, useBackNavigationState } from '@/lib/back-navigation';
import { AppLink } from '../ui/app-link';
import { Icon } from '../ui/icon';
import { visitedPath } from '@/lib/app-href';

/** The page title with the back button of the back-navigation stack (see lib/back-navigation.ts). */
export function TitleBar({ page, pathname }: { page: ResolvedPage; pathname: string }) {
  const bar = computeTitleBar(useBackNavigationState(), page, pathname);
  if (!bar.isVisible) return null;
  const target = bar.backTargetPath;
  return (
    <div className="title-bar" data-page-type={bar.pageType} data-stack-type={bar.stackType}>
      {bar.isDisplayBackButton && target !== null && (
        <AppLink
          href={visitedPath(target)}
          className="title-bar__back"
          aria-label="戻る"
          onClick={() => backNavigation.startBackTransition(target)}
        >
          <Icon name="back" size={22} />
        </AppLink>
      )}
      <h1 className="title-bar__title">{bar.barTitle}</h1>
    </div>
  );
}
