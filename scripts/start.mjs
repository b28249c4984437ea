// `npm start`: install what is missing, build, then serve (the server migrates and seeds).
import { build, ensureDependencies, root, run } from './lib/setup.mjs';

ensureDependencies();
build();
process.exit(
  run('node --max-semi-space-size=64 --initial-old-space-size=256 apps/server/dist/main.js', {
    cwd: root,
  }),
);
