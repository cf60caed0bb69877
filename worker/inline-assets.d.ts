/** A file as a base64 data URL, imported through Vite's `?inline` (the invoice PDFs' fonts). */
declare module '*?inline' {
  const dataUrl: string;
  export default dataUrl;
}
