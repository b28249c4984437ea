#!/usr/bin/env -S node --max-semi-space-size=64 --initial-old-space-size=256
// A stable path for npm's bin links (root and workspace): it runs the built command line.
// Started with a worker's V8 flags (`npm run worker`): without the old generation's floor, the
// pages the decoder hands over start a full collection every sheet or two of extractvote.
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
