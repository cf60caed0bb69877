// Types of scripts/js-budget.mjs, which vite.config.ts, the bench's tests and the client tests import.
export declare const JS_BUDGET: number;
export type PageJs = { page: string; lang: string; bytes: number; files: string[] };
export declare function jsInAll(
  clientDir: string,
  islandModules: Record<string, string>,
  islandNamespaces: Record<string, readonly string[]>,
): PageJs[];
export declare function islandsOf(source: string): {
  modules: Record<string, string>;
  namespaces: Record<string, string[]>;
};
export declare function checkJsBudget(clientDir: string, islandsSource: string, budget?: number): PageJs[];
