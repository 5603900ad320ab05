export { loadEmbeddedConfig, type EmbeddedConfig } from './config.ts';
export { startEmbedded, type EmbeddedSystem } from './embedded.ts';
