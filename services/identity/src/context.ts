import type { ConsumerOptions, Db, Queryable, ServiceContext, Tx } from '@mzansi/kit';
import type { EventType } from '@mzansi/proto/events';
import type { Config } from './config.js';
import type * as schema from './data-access/schema.js';

/** Identity's tables: runService types its database and transactions over them. */
export type IdentitySchema = typeof schema;
/** What runService hands identity's gRPC handlers, consumers and jobs. */
export type IdentityContext = ServiceContext<IdentitySchema, Config>;
/** A consumer of identity's: the events it handles, applied in a transaction over identity's tables. */
export type IdentityConsumer<T extends EventType> = ConsumerOptions<T, IdentitySchema>;
/** Identity's database, a transaction on it, and either (what a query can run on). */
export type IdentityDb = Db<IdentitySchema>;
export type IdentityTx = Tx<IdentitySchema>;
export type IdentityQueryable = Queryable<IdentitySchema>;
