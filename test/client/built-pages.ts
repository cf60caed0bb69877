import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every page the build wrote under a folder of dist/ (its `assets/` hold no pages and are not read). */
export function builtPages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : builtPages(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}
