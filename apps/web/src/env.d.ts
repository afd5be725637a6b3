// The build-time settings the portal reads (Vite replaces import.meta.env.VITE_* when building).
interface ImportMetaEnv {
  readonly VITE_ICP_NUMBER?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
