// The programme page's own file (client/lib/agenda.ts), built on its own into a classic script by
// the prerender and loaded by the page script where the page names it (client/boot.ts `pageOwnScript`).
import { agenda } from './lib/agenda';

agenda();
