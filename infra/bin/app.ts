import { buildApp } from '../lib/app';

buildApp().app.synth();
