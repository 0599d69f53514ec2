/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Map tile URL template with {z}, {x} and {y}; the server's meta tag wins over it. */
  readonly VITE_TILE_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
