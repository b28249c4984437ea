import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Authenticator } from '../../platform/http/access.js';
import type { PipelineRuntime } from '../operations/index.js';
import { registerToolRoutes } from './tools.routes.js';
import { runTool } from './tools.runner.js';
import { resetTool } from './tools.service.js';

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
  // The tool view's reset comes through the job-operations reset call.
  runtime.toolReset = (user, runId) => resetTool({ deps, runtime }, user, runId);
  registerToolRoutes(app, auth, { deps, runtime });
}
