/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the footer service; empty or unset means the site's own origin. */
  readonly VITE_FOOTER_BASE_URL?: string;
}
