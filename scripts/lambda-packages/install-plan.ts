/** What the prefetch of the Lambda packages installs, and with which npm settings. */
import { lambdaPlatformInstall } from '../../infra/lib/lambda-packages';

/** The npm settings a nested install keeps from the one that runs this script (where and how to fetch). */
const kept =
  /^npm_config_(cache|registry|userconfig|globalconfig|proxy|https_proxy|noproxy|cafile|strict_ssl|@.*:registry)$/i;

/** The package.json the bundling writes next to a bundle: each package at its workspace's range. */
export function scratchManifest(dependencies: Record<string, string>, packages: readonly string[]) {
  return {
    dependencies: Object.fromEntries(
      packages.map((name) => {
        const range = dependencies[name];
        if (!range)
          throw new Error(`${name} is installed next to the Lambda bundles but no workspace depends on it`);
        return [name, range];
      }),
    ),
  };
}

/** The environment of the nested install: the Lambda's platform, the cache first, the caller's fetch settings. */
export function installEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(
    Object.entries(env).filter(([name]) => !/^npm_/i.test(name) || kept.test(name)),
  );
  const { npm_config_offline: _offline, ...platform } = lambdaPlatformInstall;
  return { ...clean, ...platform, npm_config_prefer_offline: 'true', npm_config_ignore_scripts: 'true' };
}
