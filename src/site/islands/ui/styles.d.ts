// Stylesheets imported for their address (Vite emits the file, the island adds a <link> when needed).
declare module 'photoswipe/style.css?url' {
  const href: string;
  export default href;
}
