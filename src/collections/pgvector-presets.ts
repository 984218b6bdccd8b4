/** The pgvector table layouts `pgvectorCollection` knows by name; import-free, for the CLI's choices. */
export const PGVECTOR_PRESETS = ["langchain", "langchainjs", "mem0"] as const;
export type PgvectorPreset = (typeof PGVECTOR_PRESETS)[number];
