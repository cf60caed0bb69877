/** A file's text, imported through Vite's `?raw` (the worker tests read wrangler.toml so). */
declare module '*?raw' {
  const text: string;
  export default text;
}
