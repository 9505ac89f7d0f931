export * from './base.js';
export * from './audit.js';
export * from './consumer.js';
export * from './db.js';
export * from './erasure.js';
export * from './outbox.js';
export * from './service.js';
export * from './tables.js';
