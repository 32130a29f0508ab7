import { describe, expect, it } from 'vitest';
import { readConfig } from '../lib/config';

const context = (values: Record<string, unknown>) => ({ tryGetContext: (key: string) => values[key] });

describe('readConfig', () => {
  it('has defaults that synthesise offline', () => {
    const config = readConfig(context({}));
    expect(config.stage).toBe('prod');
    expect(config.siteUrls).toEqual(['http://localhost:3000']);
    expect(config.callbackUrls).toContain('http://localhost:3000/login/google/callback');
    expect(config.callbackUrls).toHaveLength(4);
    expect(config.logoutUrls).toEqual(['http://localhost:3000/logout']);
    expect(config.launchGate).toBe(false);
    expect(readConfig(context({ launchGate: 'true' })).launchGate).toBe(true);
    expect(readConfig(context({ launchGate: true })).launchGate).toBe(true);
  });

  it('derives callbacks for every site and accepts explicit ones', () => {
    const config = readConfig(context({ siteUrl: 'https://golf.example.jp/, http://localhost:3000' }));
    expect(config.siteUrls).toEqual(['https://golf.example.jp', 'http://localhost:3000']);
    expect(config.callbackUrls).toContain('https://golf.example.jp/login/line/callback');
    expect(config.callbackUrls).toHaveLength(8);
    expect(readConfig(context({ callbackUrls: ['https://a.example/cb'] })).callbackUrls).toEqual([
      'https://a.example/cb',
    ]);
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
