/* global window */
// Settings of the deployed site, read before the app starts. The deployment writes this file
// (CDK context `launchGate`); the local stack serves it from `LAUNCH_GATE`.
window.__SITE_CONFIG__ = { launchGate: false };
