/* global window */
// Settings of the deployed site, read before the app starts. The deployment writes this file
// (CDK context `launchGate` and `socialProviders`); the local stack serves it from `LAUNCH_GATE`
// and `SOCIAL_PROVIDERS`.
window.__SITE_CONFIG__ = { launchGate: false, socialProviders: [] };
