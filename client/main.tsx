// The entry: the one stylesheet, and the app once the prerendered page has painted. The page is
// complete HTML (its links work without script), so React and the catalogues are fetched after the
// first contentful paint instead of competing with it; hydration follows a moment later.
import './styles/base.css';
import './styles/shell.css';
import './styles/home.css';
import './styles/events.css';
import './styles/info.css';
import './styles/tickets.css';

let started = false;
function start() {
  if (started) return;
  started = true;
  import('./start').then(({ start }) => start(), console.error);
}

if (!document.getElementById('root')?.firstElementChild) {
  // Nothing prerendered (`vite dev`): there is no paint to wait for.
  start();
} else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  // The paint entry arrives once the first frame with content has been presented.
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
} else {
  requestAnimationFrame(() => requestAnimationFrame(start));
}
// A tab opened in the background paints nothing until shown; hydrate it anyway.
setTimeout(start, 3000);
