/**
 * The Node entry: everything of the universal one, and the file store, an
 * outbox that survives a crash of the process (Node 20 and 22).
 */
export * from './index';
export { fileStore, nodeFileStoreFs } from './store/file-store';
export type { FileStoreFs, FileStoreOptions } from './store/file-store';
export { saveCampaignExport } from './store/save-export';
