/**
 * Packages installed next to a function's bundle from the lock file instead of bundled into it:
 * - sharp (the image re-encode on attach) loads a native binary, which esbuild cannot bundle; it is
 *   installed with the binaries of the Lambda's platform (Linux, arm64, glibc) whatever machine builds;
 * - satori and resvg's WebAssembly build (the share card's layout and rasteriser) are 2 MB of
 *   JavaScript that the code imports only when it draws its first card: bundled, every cold start
 *   would compile them, though most requests find the card already drawn.
 * The code imports each of them dynamically (`await import('sharp')`), so a cold start loads none.
 *
 * Their tarballs for the Lambda's platform are put into the npm cache once, after `npm install`
 * (`scripts/lambda-packages/prefetch.ts`), and the bundling installs them from that cache only:
 * `npm run synth` never reaches the registry.
 */
export const installedPackages = ['sharp', 'satori', '@resvg/resvg-wasm'] as const;

/** The Lambda's platform, as npm's `os`, `cpu` and `libc` settings name it. */
const lambdaPlatform = { os: 'linux', cpu: 'arm64', libc: 'glibc' } as const;

/** The environment of the npm install that bundling runs next to a bundle: that platform, cache only. */
export const lambdaPlatformInstall = {
  npm_config_os: lambdaPlatform.os,
  npm_config_cpu: lambdaPlatform.cpu,
  npm_config_libc: lambdaPlatform.libc,
  npm_config_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
} as const;
