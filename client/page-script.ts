// The page script's file (client/boot.ts), asked for by the inlined part once the page's first
// content is on the screen (client/first-tap.ts `loadPageScript`) and cached for a year under its hashed name.
import { islandLoader, islands, pageBehaviours } from './boot';

/** Set by the build to the islands' entry URL. */
declare const __APP_ENTRY__: string;

pageBehaviours();
islands(islandLoader(__APP_ENTRY__));
