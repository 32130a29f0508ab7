/**
 * The site's CSP allows no eval (`script-src 'self'`), so zod parses without compiling its object
 * parsers through `new Function`, which it would otherwise try and the browser report as a
 * violation. zod reads the setting as each schema is built, from the object it keeps on
 * `globalThis.__zod_globalConfig` (what `z.config` writes): set here, without loading zod into the
 * entry bundle, and imported first by main.tsx.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
