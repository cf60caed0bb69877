// The entry: the one stylesheet, and the app once the prerendered page has painted. The page is
// complete HTML (its links work without script), so React and the catalogues are fetched after the
// first frame instead of competing with it; hydration follows a moment later.
import './styles/base.css';
import './styles/shell.css';
import './styles/home.css';
import './styles/events.css';
import './styles/info.css';
import './styles/tickets.css';

requestAnimationFrame(() => {
  setTimeout(() => {
    import('./start').then(({ start }) => start(), console.error);
  }, 0);
});
