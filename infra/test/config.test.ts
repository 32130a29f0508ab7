import { describe, expect, it, vi } from 'vitest';
import {
  defaultDomainPrefix,
  localStackAccount,
  localStackContext,
  readConfig,
  stageSettings,
} from '../lib/config';

const context = (values: Record<string, unknown>) => ({ tryGetContext: (key: string) => values[key] });

describe('readConfig', () => {
  it('needs a stage, and takes that stage’s settings in the pinned region', () => {
    expect(() => readConfig(context({}))).toThrowError(/stage is required/);
    const prod = readConfig(context({ stage: 'prod', siteUrl: 'https://golf.example.jp' }));
    expect(prod.region).toBe('ap-northeast-1');
    expect(prod.settings).toBe(stageSettings['prod']);
    expect(prod.domainPrefix).toMatch(/^golf-prod-[0-9a-f]{8}$/);
    expect(readConfig(context({ stage: 'alice' })).settings).toBe(stageSettings['dev']);
    expect(readConfig(context({ stage: 'dev', region: 'us-west-2' })).region).toBe('us-west-2');
  });

  it("derives the user pool's callbacks for every site and the providers it federates, and accepts explicit ones", () => {
    const config = readConfig(
      context({ stage: 'prod', siteUrl: 'https://golf.example.jp/, https://www.golf.example.jp' }),
    );
    expect(config.siteUrls).toEqual(['https://golf.example.jp', 'https://www.golf.example.jp']);
    expect(config.callbackUrls).toEqual([]);
    const withLine = readConfig(
      context({
        stage: 'prod',
        siteUrl: 'https://golf.example.jp, https://www.golf.example.jp',
        socialProviders: 'line,google',
      }),
    );
    // LINE comes back to its callback path from LINE itself, not through the user pool.
    expect(withLine.callbackUrls).toEqual([
      'https://golf.example.jp/login/google/callback',
      'https://www.golf.example.jp/login/google/callback',
    ]);
    expect(config.logoutUrls).toContain('https://golf.example.jp/logout');
    expect(
      readConfig(context({ stage: 'dev', callbackUrls: ['https://a.example/cb'] })).callbackUrls,
    ).toEqual(['https://a.example/cb']);
    expect(config.launchGate).toBe(false);
    expect(readConfig(context({ stage: 'dev', launchGate: 'true' })).launchGate).toBe(true);
  });

  it('enables the social providers a stage lists, none unless it lists some', () => {
    expect(readConfig(context({ stage: 'dev' })).socialProviders).toEqual([]);
    expect(readConfig(context({ stage: 'dev', socialProviders: 'apple, X,google' })).socialProviders).toEqual(
      ['google', 'twitter', 'apple'],
    );
    expect(readConfig(context({ stage: 'dev', socialProviders: ['line'] })).socialProviders).toEqual([
      'line',
    ]);
    expect(readConfig(context({ stage: 'dev', socialProviders: 'none' })).socialProviders).toEqual([]);
    const byStage = { prod: ['google', 'line'], dev: [] };
    expect(readConfig(context({ stage: 'prod', socialProviders: byStage })).socialProviders).toEqual([
      'google',
      'line',
    ]);
    expect(readConfig(context({ stage: 'dev', socialProviders: byStage })).socialProviders).toEqual([]);
    expect(readConfig(context({ stage: 'alice', socialProviders: byStage })).socialProviders).toEqual([]);
    expect(() => readConfig(context({ stage: 'dev', socialProviders: 'google,facebook' }))).toThrowError(
      /socialProviders facebook/,
    );
  });

  it('serves a custom domain with its us-east-1 certificate', () => {
    const config = readConfig(
      context({
        stage: 'prod',
        domainName: 'golf.example.jp',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      }),
    );
    expect(config.siteUrls).toEqual(['https://golf.example.jp']);
    expect(() => readConfig(context({ stage: 'prod', domainName: 'golf.example.jp' }))).toThrowError(
      /certificateArn/,
    );
  });

  it('knows no site before a first deploy, and no localhost outside stage local', () => {
    expect(readConfig(context({ stage: 'dev' })).siteUrls).toEqual([]);
    expect(() => readConfig(context({ stage: 'prod', siteUrl: 'http://localhost:3000' }))).toThrowError(
      /no localhost outside stage local/,
    );
    expect(readConfig(context({ ...localStackContext })).siteUrls).toEqual(['http://localhost:3000']);
  });

  it('refuses stage local for any account but LocalStack’s, the context’s or the credentials’', () => {
    const refused = /stage local is for LocalStack only/;
    vi.stubEnv('CDK_DEFAULT_ACCOUNT', undefined);
    try {
      expect(readConfig(context({ ...localStackContext })).stage).toBe('local');
      expect(() => readConfig(context({ ...localStackContext, account: '123456789012' }))).toThrowError(
        refused,
      );
      // No account known: a synth that may be deployed anywhere.
      expect(() => readConfig(context({ stage: 'local' }))).toThrowError(refused);
      vi.stubEnv('CDK_DEFAULT_ACCOUNT', '123456789012');
      expect(() => readConfig(context({ ...localStackContext }))).toThrowError(/not account 123456789012/);
      expect(readConfig(context({ stage: 'dev' })).stage).toBe('dev');
      vi.stubEnv('CDK_DEFAULT_ACCOUNT', localStackAccount);
      expect(readConfig(context({ stage: 'local' })).stage).toBe('local');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('gives the ranking job the 3,008 MB a new account allows unless the context raises it', () => {
    expect(readConfig(context({ stage: 'dev' })).rankingJobMemoryMb).toBe(3008);
    expect(readConfig(context({ stage: 'prod', rankingJobMemoryMb: '5307' })).rankingJobMemoryMb).toBe(5307);
    expect(readConfig(context({ stage: 'prod', rankingJobMemoryMb: 7076 })).rankingJobMemoryMb).toBe(7076);
    for (const wrong of ['64', '10241', '3008.5', 'large'])
      expect(() => readConfig(context({ stage: 'prod', rankingJobMemoryMb: wrong }))).toThrowError(
        new RegExp(`rankingJobMemoryMb ${wrong.replace('.', '\\.')}:`),
      );
  });

  it('gives each stage of each account and region a Cognito domain prefix of its own, the same at every synth', () => {
    const prefix = (values: Record<string, unknown>) => readConfig(context(values)).domainPrefix;
    const prod = prefix({ stage: 'prod', account: '111111111111' });
    expect(prod).toBe(defaultDomainPrefix('prod', 'ap-northeast-1', '111111111111'));
    expect(prod).toMatch(/^golf-prod-[0-9a-f]{8}$/);
    expect(prefix({ stage: 'prod', account: '111111111111' })).toBe(prod);
    const others = [
      prefix({ stage: 'prod', account: '222222222222' }),
      prefix({ stage: 'prod', account: '111111111111', region: 'us-west-2' }),
      prefix({ stage: 'dev', account: '111111111111' }),
    ];
    expect(new Set([prod, ...others]).size).toBe(4);
    expect(prefix({ stage: 'prod', domainPrefix: 'golf-dream-team' })).toBe('golf-dream-team');
    expect(() => readConfig(context({ stage: 'prod', domainPrefix: 'golf-cognito' }))).toThrowError(
      /domainPrefix golf-cognito/,
    );
  });

  it('keeps every secret of a stage under golf-{stage}/, the social providers’ included', () => {
    expect(readConfig(context({ stage: 'prod' })).socialSecretPrefix).toBe('golf-prod/social');
    expect(readConfig(context({ stage: 'dev' })).socialSecretPrefix).toBe('golf-dev/social');
    expect(
      readConfig(context({ stage: 'dev', socialSecretPrefix: 'shared/social' })).socialSecretPrefix,
    ).toBe('shared/social');
  });

  it('creates the mail domain’s SES identity unless the stage reuses another stage’s', () => {
    expect(readConfig(context({ stage: 'prod' })).mailIdentity).toBe('create');
    expect(readConfig(context({ stage: 'dev', mailIdentity: 'reuse' })).mailIdentity).toBe('reuse');
    expect(() => readConfig(context({ stage: 'dev', mailIdentity: 'share' }))).toThrowError(
      /mailIdentity share/,
    );
  });

  it('names every wrong setting at once', () => {
    expect(() =>
      readConfig(
        context({
          stage: 'prod stage',
          domainPrefix: 'My_Cognito',
          siteUrl: 'http://golf.example',
          mailFrom: 'x',
        }),
      ),
    ).toThrowError(/stage[\s\S]*domainPrefix[\s\S]*siteUrl[\s\S]*mailFrom/);
  });
});
