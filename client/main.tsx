// The app's entry: the one stylesheet and React. The build links the stylesheet into every page
// but does not load this script: the page's inlined script (client/boot.ts) imports it on the
// visitor's first interaction and waits for APP_STARTED_EVENT, which also reports a failure to
// start (a page chunk or a catalogue that did not load), so that the page script tries again.
import './styles/base.css';
import './styles/shell.css';
import './styles/home.css';
import './styles/events.css';
import './styles/info.css';
import './styles/tickets.css';
import { APP_STARTED_EVENT, pageBehaviours } from './boot';
import { start } from './start';

start().then(
  () => {
    // `vite dev` serves the page unrendered, without the page script: its behaviours start here.
    if (import.meta.env.DEV) pageBehaviours();
    document.dispatchEvent(new CustomEvent(APP_STARTED_EVENT));
  },
  (error: unknown) => document.dispatchEvent(new CustomEvent(APP_STARTED_EVENT, { detail: error ?? 'failed' })),
);
