import client from 'prom-client';

/**
 * This process's Prometheus figures. One registry per process, made when the module loads, so
 * every part of the server counts into the same one; `/metrics` adds the pipeline's figures,
 * read from the shared database at scrape time (pipeline-metrics.ts).
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'scrutineer_' });

export const httpRequests = new client.Counter({
  name: 'scrutineer_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new client.Histogram({
  name: 'scrutineer_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export const uploadBytes = new client.Counter({
  name: 'scrutineer_upload_bytes_total',
  help: 'Bytes of uploads completed through this API process (any blob store)',
  registers: [registry],
});

export const uploadsCompleted = new client.Counter({
  name: 'scrutineer_uploads_completed_total',
  help: 'Uploads completed through this API process',
  registers: [registry],
});

export const socketConnections = new client.Gauge({
  name: 'scrutineer_socket_connections',
  help: 'Live socket.io connections on this API process',
  registers: [registry],
});

export const batchesRun = new client.Counter({
  name: 'scrutineer_pipeline_batches_run_total',
  help: 'Pipeline batches this process ran, by stage and outcome (done, failed, stopped, handed_back)',
  labelNames: ['stage', 'outcome'] as const,
  registers: [registry],
});

export const batchSeconds = new client.Histogram({
  name: 'scrutineer_pipeline_batch_duration_seconds',
  help: 'Time this process spent on one pipeline batch, by stage',
  labelNames: ['stage'] as const,
  buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
  registers: [registry],
});
