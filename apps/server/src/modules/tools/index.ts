import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import type { PipelineRuntime } from '../operations/index.js';
import { registerToolRoutes } from './tools.routes.js';
import { runTool } from './tools.runner.js';

/** Lets a runtime (API or worker process) run tool jobs from the queue. */
export function attachToolRunner(deps: AppDeps, runtime: PipelineRuntime): void {
  runtime.toolHandler = (runId) => runTool(deps, runtime, runId);
}

export function registerToolsModule(
  app: FastifyInstance,
  auth: Authenticator,
  deps: AppDeps,
  runtime: PipelineRuntime,
): void {
  attachToolRunner(deps, runtime);
  registerToolRoutes(app, auth, { deps, runtime });
}
