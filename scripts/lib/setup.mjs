// Installs what a fresh clone lacks: npm dependencies from the lock file, and for tests
// Debian's chromium, postgresql, docker-compose and poppler-utils.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { hasPostgres } from './postgres.mjs';

export const root = path.resolve(import.meta.dirname, '..', '..');

export function run(command, options = {}) {
  const result = spawnSync(command, { shell: true, stdio: 'inherit', cwd: root, ...options });
  return result.status ?? 1;
}

export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing npm dependencies from package-lock.json …');
  if (run('npm ci --no-audit --no-fund') !== 0) throw new Error('npm ci failed');
}

export function ensureDebianPackages() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!hasPostgres()) missing.push('postgresql');
  // Checks deploy/compose.yaml without a container engine (apps/server/src/deploy-files.test.ts).
  if (!existsSync('/usr/bin/docker-compose')) missing.push('docker-compose');
  // The engine's report tests read the PDF report back as text and as page images.
  if (!existsSync('/usr/bin/pdftotext') || !existsSync('/usr/bin/pdftoppm'))
    missing.push('poppler-utils');
  if (missing.length === 0) return;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  console.log(`Installing Debian packages: ${missing.join(' ')} …`);
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
  execSync(
    `${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    {
      stdio: 'inherit',
    },
  );
}

export function build() {
  if (run('npx tsc -b') !== 0) throw new Error('TypeScript build failed');
  if (run('npm run build -w apps/web') !== 0) throw new Error('Web build failed');
}
