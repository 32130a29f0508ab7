import { describe, expect, it } from 'vitest';
import { baseConfig, logLevel, parseConfig, resetConfig } from './config';
import { logger } from './logger';

const deployed = {
  STAGE: 'prod',
  TABLE_NAME: 'Golf-prod-Table',
  UPLOADS_BUCKET: 'golf-prod-uploads',
  AUTH_ISSUER: 'https://cognito-idp.ap-northeast-1.amazonaws.com/pool',
  AUTH_JWKS_URL: 'https://cognito-idp.ap-northeast-1.amazonaws.com/pool/.well-known/jwks.json',
  AUTH_AUDIENCE: 'client',
  AUTH_OAUTH_URL: 'https://golf.auth.ap-northeast-1.amazoncognito.com',
  MAIL_FROM: 'no-reply@golf.example.jp',
  SITE_URL: 'https://golf.example.jp',
  RANKING_JOB_FUNCTION: 'golf-prod-ranking-job',
};

describe('configuration', () => {
  it('fills the local stack’s addresses only for STAGE=local', () => {
    expect(parseConfig({ STAGE: 'local' })).toMatchObject({
      TABLE_NAME: 'golf-local',
      SITE_URL: 'http://127.0.0.1:3000',
    });
    expect(parseConfig({ STAGE: 'local', TABLE_NAME: 'other' }).TABLE_NAME).toBe('other');
  });

  it('stops a deployed stage that misses a variable, naming each one', () => {
    expect(parseConfig(deployed).SITE_URL).toBe('https://golf.example.jp');
    const { SITE_URL: _site, TABLE_NAME: _table, ...missing } = deployed;
    expect(() => parseConfig(missing)).toThrow(/stage prod: set TABLE_NAME, SITE_URL/);
    expect(() => parseConfig({})).toThrow(/STAGE/);
  });

  it('gives the auth stack’s functions, which have the table alone, its settings without the rest', () => {
    const saved = { ...process.env };
    try {
      for (const name of Object.keys(process.env)) delete process.env[name];
      Object.assign(process.env, { TABLE_NAME: 'Golf-prod-Table', LOG_LEVEL: 'warn' });
      resetConfig();
      expect(baseConfig()).toEqual({
        TABLE_NAME: 'Golf-prod-Table',
        LOG_LEVEL: 'warn',
        DYNAMODB_MAX_SOCKETS: 50,
      });
      expect(() => parseConfig(process.env)).toThrowError(/STAGE/);
      delete process.env['TABLE_NAME'];
      resetConfig();
      expect(() => baseConfig()).toThrowError(/TABLE_NAME/);
    } finally {
      Object.assign(process.env, saved);
      resetConfig();
    }
  });

  it('gives a function without a table (the origin secret rotation) its log level, so it can log', () => {
    const saved = { ...process.env };
    try {
      for (const name of Object.keys(process.env)) delete process.env[name];
      Object.assign(process.env, { DISTRIBUTION_ID: 'E123' });
      resetConfig();
      expect(logLevel()).toBe('info');
      process.env['LOG_LEVEL'] = 'error';
      resetConfig();
      expect(() => logger.info('origin secret rotation')).not.toThrow();
      expect(() => baseConfig()).toThrowError(/TABLE_NAME/);
    } finally {
      Object.assign(process.env, saved);
      resetConfig();
    }
  });
});
