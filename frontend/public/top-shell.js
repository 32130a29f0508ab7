/* global window, document, location */
// index.html carries a copy of the top page's first screen (header and hero) so that a visitor sees
// it before the app's JavaScript has loaded and run. It is shown only where the app's first render
// is the same: on `/`, to a visitor (no sign-in cookie), with the launch gate off. The app replaces
// it when it starts (tests/e2e/top-shell.test.ts keeps the two the same).
if (
  location.pathname === '/' &&
  !/(?:^|;\s*)token=/.test(document.cookie) &&
  !(window.__SITE_CONFIG__ && window.__SITE_CONFIG__.launchGate)
) {
  document.documentElement.classList.add('with-top-shell');
}
