// First: before any schema module is evaluated.
import './lib/zod-without-eval';
import { startApp } from './app';
import './styles/tokens.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/components.css';
import './styles/screens.css';
import './styles/game.css';

startApp(document.getElementById('app')!);
