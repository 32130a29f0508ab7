/* global window, document, location, fetch, URLSearchParams */
// The public API answers that the pages a crowd opens cold (the leaderboard and the ranking, right
// after a round) need first, asked for while the app's JavaScript is still downloading instead of
// after it has run: on slow 4G that is about a second sooner. Only answers the CDN serves alike to
// everyone (public routes with a cache time) are asked for, without the sign-in token. The app's
// API client takes an answer from `window.__EARLY_DATA__` when it asks for exactly the same URL
// within a few seconds, and asks the network otherwise (frontend/src/lib/early-data.ts);
// tests/e2e/early-data.test.ts holds these URLs to the ones the pages' loaders ask for.
(function () {
  var search = new URLSearchParams(location.search);
  // The router reads a search value as JSON when it parses as JSON, else as the text itself.
  function value(name) {
    var raw = search.get(name);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  function integer(name, min, max) {
    var number = Number(value(name));
    return Number.isSafeInteger(number) && number >= min && number <= max ? number : undefined;
  }
  function url(path, query) {
    var text = new URLSearchParams(query).toString();
    return text === '' ? path : path + '?' + text;
  }
  // Each page's first public calls; the ranking is a signed-in player's page (a visitor is sent
  // to the login page, which needs none of them).
  var pages = {
    // frontend/src/routes/schedule/score.tsx: the season's schedule and the leaderboard.
    '/schedule/score': {
      signedIn: false,
      urls: function () {
        var id = value('game_global_id');
        var valid = typeof id === 'string' && id.length >= 1 && id.length <= 64;
        return [
          '/api/golf/master/schedule',
          url('/api/golf/schedule/score', valid ? { game_global_id: id } : {}),
        ];
      },
    },
    // frontend/src/routes/ranking/golf/personal.tsx: one page of a board (50 rows).
    '/ranking/golf/personal': {
      signedIn: true,
      urls: function () {
        var query = { type: String(integer('type', 1, 7) || 1) };
        var round = integer('round', 1, 4);
        var rank = integer('rank', 1, Number.MAX_SAFE_INTEGER);
        if (round !== undefined) query.round = String(round);
        query.perPage = '50';
        if (rank !== undefined) query.rank = String(rank);
        else query.page = String(integer('page', 1, Number.MAX_SAFE_INTEGER) || 1);
        return [url('/api/golf/ranking', query)];
      },
    },
  };
  var page = pages[location.pathname];
  var signedIn = /(?:^|;\s*)token=/.test(document.cookie);
  if (!page || (page.signedIn && !signedIn) || typeof fetch !== 'function') return;
  var early = {};
  page.urls().forEach(function (path) {
    var answer = fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    // A failed early call is asked again by the app; it must not be reported as unhandled.
    answer.catch(function () {});
    early[path] = { at: Date.now(), answer: answer };
  });
  window.__EARLY_DATA__ = early;
})();
