// Vite replaces import.meta.env values at build time in the worker bundle as in the client.
interface ImportMeta {
  readonly env?: { readonly VITE_FOOTER_BASE_URL?: string };
}
