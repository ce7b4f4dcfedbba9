import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this; the server applies migrations itself at start (ARCHITECTURE.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/schema-network.ts',
    './src/db/schema-analysis.ts',
    './src/db/schema-filters.ts',
    './src/db/schema-planner.ts',
    './src/db/schema-exports.ts',
    './src/db/schema-programmes.ts',
    './src/db/schema-import-definitions.ts',
  ],
  out: './drizzle',
});
