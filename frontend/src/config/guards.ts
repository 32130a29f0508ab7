import type { SiteConfig } from '@golf/shared/site-config';

/**
 * The route guards of the spec (sections 4 and 6) as data: which paths a state may open and where
 * it is sent otherwise. `guardRedirect` applies them in order; the first rule that fires wins.
 * The visitor whitelist itself is each route's own `visitorAllowed` (its page, `pages.ts`).
 */

export interface GuardUser {
  status?: string | undefined;
  is_registed_email?: boolean | undefined;
  is_accepted_policy?: boolean | undefined;
}

export interface GuardState {
  isAuthenticated: boolean;
  user: GuardUser | null;
}

export interface GuardOptions {
  /** The launch gate: before the opening, everything off its whitelist shows /coming-soon. */
  launchGate: boolean;
}

/** A path rule: an exact path, or every path below a prefix ending in `/*`. */
type PathRule = string;

function matchesRule(pathname: string, rule: PathRule): boolean {
  if (rule.endsWith('/*')) {
    const prefix = rule.slice(0, -2);
    return pathname === prefix || pathname.startsWith(`${prefix}/`);
  }
  return pathname === rule;
}

const matchesAny = (pathname: string, rules: readonly PathRule[]) =>
  rules.some((rule) => matchesRule(pathname, rule));

/**
 * Launch gate whitelist, in normalised form: numeric segments read as `:id` (so `/prize/game/12`
 * is `/prize/game/:id`), except `2023`, the campaign year, which stays as it is. Sign-in and the
 * operations console stay open so that operators prepare the season before the opening; a player who
 * signs in still sees /coming-soon everywhere else, and the console refuses anyone not an operator.
 */
const launchGateWhitelist: readonly PathRule[] = [
  '/coming-soon',
  '/terms',
  '/privacy-policy',
  '/faq',
  '/contact/*',
  '/about/company',
  '/campaign/gdo_2023',
  '/topics',
  '/prize',
  '/prize/game/:id',
  '/prize/entry/:id',
  '/prize/yearly/:id',
  '/login/*',
  '/logout',
  '/ops/*',
];

const launchGateExemptSegments: readonly string[] = ['2023'];

export function normaliseForLaunchGate(pathname: string): string {
  const normalised = pathname
    .split('/')
    .map((segment) =>
      /^\d+$/.test(segment) && !launchGateExemptSegments.includes(segment) ? ':id' : segment,
    )
    .join('/');
  return normalised.length > 1 && normalised.endsWith('/') ? normalised.slice(0, -1) : normalised;
}

/** Pages a signed-in player without a registered e-mail may still open (spec section 4). */
const withoutEmailAllowed: readonly PathRule[] = [
  '/terms',
  '/faq',
  '/contact/*',
  '/privacy-policy',
  '/logout',
  '/register/*',
  // The link of the social sign-up e-mail (registerFlg) lands here before the e-mail is registered.
  '/settings/mail/change',
];

/** The pages of the policy step, and what may be read or done while on it. */
const policyStepAllowed: readonly PathRule[] = [
  '/register/terms',
  // Where a social sign-up's e-mail registration ends, just before this step.
  '/register/mail/complete',
  '/terms',
  '/privacy-policy',
  '/logout',
];

/** The pages of the necessary-profile step. */
const necessaryStepAllowed: readonly PathRule[] = [
  '/register/necessary',
  '/register/confirm',
  '/register/complete',
  '/logout',
];

/** Registered players never see the e-mail registration pages again. */
const registeredEmailBlocked: readonly PathRule[] = ['/register/mail/*'];

export interface GuardLocation {
  pathname: string;
  /** The path with its query and hash, as the browser shows it after the origin. */
  href: string;
  /** Whether visitors may open the page there: its route's page says so, and the 404 page is open. */
  visitorAllowed: boolean;
}

interface RegistrationRule {
  name: string;
  applies: (user: GuardUser) => boolean;
  allowed: (pathname: string) => boolean;
  to: string;
}

/** The registration-state redirects, in the spec's order; the first that applies decides. */
const registrationRules: readonly RegistrationRule[] = [
  {
    name: 'policy not accepted',
    applies: (user) => user.is_accepted_policy !== true && user.status !== 'mail_verify',
    allowed: (pathname) => matchesAny(pathname, policyStepAllowed),
    to: '/register/terms',
  },
  {
    name: 'necessary profile missing',
    applies: (user) => user.is_registed_email === true && user.status === 'required_not_enter',
    allowed: (pathname) => matchesAny(pathname, necessaryStepAllowed),
    to: '/register/necessary',
  },
  {
    name: 'no registered e-mail',
    applies: (user) => user.is_registed_email !== true,
    allowed: (pathname) => matchesAny(pathname, withoutEmailAllowed),
    to: '/register/mail',
  },
  {
    name: 'e-mail already registered',
    applies: (user) => user.is_registed_email === true,
    allowed: (pathname) => !matchesAny(pathname, registeredEmailBlocked),
    to: '/',
  },
];

function loginPathFor(href: string): string {
  return `/login?to=${encodeURIComponent(href)}`;
}

/** Where a location must go instead, or null when it may be shown. */
export function guardRedirect(
  location: GuardLocation,
  state: GuardState,
  options: GuardOptions,
): string | null {
  const { pathname, visitorAllowed } = location;
  if (options.launchGate && !matchesAny(normaliseForLaunchGate(pathname), launchGateWhitelist)) {
    return '/coming-soon';
  }
  if (!state.isAuthenticated) return visitorAllowed ? null : loginPathFor(location.href);
  if (!state.user) return null;
  // The first rule that applies to the player decides: its own step's pages are open, the rest go there.
  const rule = registrationRules.find((candidate) => candidate.applies(state.user!));
  return rule && !rule.allowed(pathname) ? rule.to : null;
}

/**
 * The `?to=` target after a login: only a path on this site, else the top page. The check is made on
 * the URL the browser would build from the string (which drops tabs and line breaks and reads `\` as
 * `/`), not on the string itself, and the answer is that URL's own path, so what is checked is what
 * is followed.
 */
export function safeReturnPath(to: unknown): string {
  if (typeof to !== 'string' || !to.startsWith('/')) return '/';
  const base = 'https://return-path.invalid';
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return '/';
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `//host` would be read again as another site when it is followed.
  if (url.origin !== base || url.username || url.password || path.startsWith('//')) return '/';
  return path;
}

/** The launch gate from a build-time setting (`VITE_LAUNCH_GATE=on`); off unless set. */
export function launchGateFromEnv(value: string | undefined): boolean {
  return value === 'on' || value === 'true' || value === '1';
}

/**
 * The launch gate: the deployed site's setting (`/site-config.js`) when it gives one, so operators
 * open the site without a new build; else the build-time setting.
 */
export function launchGateSetting(buildValue: string | undefined, site: SiteConfig | undefined): boolean {
  return typeof site?.launchGate === 'boolean' ? site.launchGate : launchGateFromEnv(buildValue);
}
