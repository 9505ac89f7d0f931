import type { ConsumerOptions, Db, Queryable, ServiceContext, Tx } from '@mzansi/kit';
import type { EventType } from '@mzansi/proto/events';
import type { Config } from './config.js';
import type * as schema from './data-access/schema.js';

/** Notification's tables: runService types its database and transactions over them. */
export type NotificationSchema = typeof schema;
/** What runService hands notification's gRPC handlers, consumers and jobs. */
export type NotificationContext = ServiceContext<NotificationSchema, Config>;
/** A consumer of notification's: the events it handles, applied in a transaction over notification's tables. */
export type NotificationConsumer<T extends EventType> = ConsumerOptions<T, NotificationSchema>;
/** Notification's database, a transaction on it, and either (what a query can run on). */
export type NotificationDb = Db<NotificationSchema>;
export type NotificationTx = Tx<NotificationSchema>;
export type NotificationQueryable = Queryable<NotificationSchema>;
