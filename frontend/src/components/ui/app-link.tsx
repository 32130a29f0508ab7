import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import type { AppHref } from '@/lib/app-href';

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: AppHref };

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * An in-app link to a screen without parameters, for navigation built from configuration (menus,
 * the title bar, completion cards): the path is checked against the route tree, so a link to a screen
 * that does not exist fails to compile. Screens with parameters use the router's `Link` with `params`.
 */
export function AppLink({ href, onClick, target, children, ...rest }: AppLinkProps) {
  const router = useRouter();
  return (
    <a
      href={href}
      target={target}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== '_self')) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </a>
  );
}
