import { describe, expect, it } from 'vitest';
import { installEnvironment, scratchManifest } from './install-plan';

describe('the prefetch of the packages installed next to the Lambda bundles', () => {
  it('asks for each package at the range its workspace depends on', () => {
    expect(
      scratchManifest({ sharp: '^0.35.5', satori: '^0.63.2', zod: '^4.0.0' }, ['sharp', 'satori']),
    ).toEqual({ dependencies: { sharp: '^0.35.5', satori: '^0.63.2' } });
  });

  it('refuses a package no workspace depends on', () => {
    expect(() => scratchManifest({ sharp: '^0.35.5' }, ['sharp', 'satori'])).toThrow(/satori/);
  });

  it("installs for the Lambda's platform from the cache first, keeping only where and how to fetch", () => {
    const env = installEnvironment({
      PATH: '/usr/bin',
      npm_config_cache: '/home/me/.npm',
      npm_config_registry: 'https://registry.example/',
      npm_config_global: 'true',
      npm_lifecycle_event: 'postinstall',
      npm_config_offline: 'true',
    });
    expect(env).toMatchObject({
      PATH: '/usr/bin',
      npm_config_cache: '/home/me/.npm',
      npm_config_registry: 'https://registry.example/',
      npm_config_os: 'linux',
      npm_config_cpu: 'arm64',
      npm_config_libc: 'glibc',
      npm_config_prefer_offline: 'true',
      npm_config_ignore_scripts: 'true',
    });
    // The install that fills the cache may fetch; the caller's other npm settings do not leak in.
    expect(env).not.toHaveProperty('npm_config_offline');
    expect(env).not.toHaveProperty('npm_config_global');
    expect(env).not.toHaveProperty('npm_lifecycle_event');
  });
});
