#!/usr/bin/env node
// A stable path for npm's bin links (root and workspace): it runs the built command line.
try {
  await import('../dist/cli.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/cli.js'))
    throw error;
  process.stderr.write(
    'scrutineer-audit: not built yet; run `npx tsc -b` at the repository root\n',
  );
  process.exit(2);
}
