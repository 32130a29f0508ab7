import { App, type AppProps } from 'aws-cdk-lib';
import { readConfig } from './config';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { WebStack } from './stacks/web-stack';

/** The whole deployment: stateful data and auth stacks, stateless api and web stacks. */
export function buildApp(props: AppProps = {}) {
  const app = new App(props);
  const config = readConfig(app.node);
  const prefix = `Golf-${config.stage}`;
  const data = new DataStack(app, `${prefix}-Data`, { config });
  const auth = new AuthStack(app, `${prefix}-Auth`, { config });
  const api = new ApiStack(app, `${prefix}-Api`, {
    config,
    table: data.table,
    uploads: data.uploads,
    uploadsPublicUrl: `https://${data.uploadsCdn.distributionDomainName}`,
    userPool: auth.userPool,
    client: auth.client,
  });
  const web = new WebStack(app, `${prefix}-Web`, { api: api.api });
  return { app, data, auth, api, web };
}
