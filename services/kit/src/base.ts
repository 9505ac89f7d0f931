/**
 * The kit without the database: what a process that owns no tables needs (the gateway). Importing it loads no
 * drizzle-orm and no pg: on Node 24 drizzle's ESM import alone grows a process's RSS by ~100 MB.
 * `@mzansi/kit` is this plus the database parts (db, tables, outbox, consumer, erasure, audit, runService).
 */
export * from './config.js';
export * from './errors.js';
export * from './message-codes.js';
export * from './events.js';
export * from './grpc.js';
export * from './internal-auth.js';
export * from './live.js';
export * from './logger.js';
export * from './metrics.js';
export * from './dependencies.js';
export * from './retention.js';
export * from './nats.js';
export * from './process.js';
export * from './time.js';
export * from './day-range.js';
export * from './tracing.js';
export * from './provinces.js';
