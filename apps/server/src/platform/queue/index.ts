export { startQueue, QUEUE_SCHEMA, type Queue, type QueueJob } from './queue.js';
