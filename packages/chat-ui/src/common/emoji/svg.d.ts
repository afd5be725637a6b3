// Bundlers (Vite, Vitest) turn an imported SVG file into the URL of the asset.
declare module '*.svg' {
  const url: string;
  export default url;
}
