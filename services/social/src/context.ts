import type { ConsumerOptions, Db, Queryable, ServiceContext, Tx } from '@mzansi/kit';
import type { EventType } from '@mzansi/proto/events';
import type { Config } from './config.js';
import type * as schema from './data-access/schema.js';

/** Social's tables: runService types its database and transactions over them. */
export type SocialSchema = typeof schema;
/** What runService hands social's gRPC handlers, consumers and jobs. */
export type SocialContext = ServiceContext<SocialSchema, Config>;
/** A consumer of social's: the events it handles, applied in a transaction over social's tables. */
export type SocialConsumer<T extends EventType> = ConsumerOptions<T, SocialSchema>;
/** Social's database, a transaction on it, and either (what a query can run on). */
export type SocialDb = Db<SocialSchema>;
export type SocialTx = Tx<SocialSchema>;
export type SocialQueryable = Queryable<SocialSchema>;
