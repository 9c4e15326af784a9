// Generates the Prisma Client at install time without network access.
// The Prisma CLI checks for its native schema-engine binary before every command and tries to
// download it; `generate` itself runs on WebAssembly and never uses that binary. Pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file satisfies the check (docs/decisions.md).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(root, 'node_modules', 'prisma', 'build', 'index.js');
const result = spawnSync(process.execPath, [cli, 'generate', '--schema', join(root, 'prisma', 'schema')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
process.exit(result.status ?? 1);
