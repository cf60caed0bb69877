// react-i18next imports `use-sync-external-store/shim`, a polyfill for React before 18. React 19
// has the hook itself: vite.config.ts points that import here, which keeps the polyfill and its
// CommonJS wrapper out of every island's bundle.
export { useSyncExternalStore } from 'react';
